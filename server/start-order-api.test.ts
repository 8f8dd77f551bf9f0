import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { silentLogger } from './logger.ts';
import { StartError, startOrderApi } from './start-order-api.ts';
import { writeOrderFixture } from './tests/helpers/order-fixture.ts';

describe('startOrderApi', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((f) => rmSync(f, { recursive: true, force: true })));
  const start = (dataRoot: string) => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'order-api-start-'));
    folders.push(dataRoot, scratch);
    return startOrderApi(readConfig({ PORT: '0', DATA_ROOT: dataRoot, SQLITE_PATH: path.join(scratch, 'o.sqlite'), MAIL_DIR: scratch }), silentLogger);
  };

  it('refuses data that does not validate, with the validator\'s file:line:col messages', async () => {
    const root = writeOrderFixture();
    appendFileSync(path.join(root, 'tenants/bypass-motors.yaml'), 'bypass_codez: [X]\n');
    const error = await start(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartError);
    expect((error as Error).message).toMatch(/tenants\/bypass-motors\.yaml:\d+:\d+ {2}bypass_codez {2}unknown field "bypass_codez"/);
  });

  it('refuses two tenants with one company_name, which would make orders ambiguous', async () => {
    const root = writeOrderFixture();
    writeFileSync(path.join(root, 'tenants/copy.yaml'), `server_hostname: https://x.example\ntitle: Copy\ncompany_name: Bypass Motors\nroute_prefix: copy\ncatalog: main\n`);
    const error = await start(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartError);
    // The shared validation catches it first, with the position of the second name.
    expect((error as Error).message).toMatch(/tenants\/copy\.yaml:3:15 {2}company_name {2}company name "Bypass Motors" is already used by tenants\/bypass-motors\.yaml/);
  });
});
