import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import type { Socket } from 'node:net';
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
  const start = (dataRoot: string, env: Record<string, string> = {}) => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'order-api-start-'));
    folders.push(dataRoot, scratch);
    return startOrderApi(readConfig({ PORT: '0', DATA_ROOT: dataRoot, SQLITE_PATH: path.join(scratch, 'o.sqlite'), MAIL_DIR: scratch, ...env }), silentLogger);
  };

  it("refuses data that does not validate, with the validator's file:line:col messages", async () => {
    const root = writeOrderFixture();
    appendFileSync(path.join(root, 'tenants/bypass-motors.yaml'), 'bypass_codez: [X]\n');
    const error = await start(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartError);
    expect((error as Error).message).toMatch(/tenants\/bypass-motors\.yaml:\d+:\d+ {2}bypass_codez {2}unknown field "bypass_codez"/);
  });

  it('refuses two tenants with one company_name, which would make orders ambiguous', async () => {
    const root = writeOrderFixture();
    writeFileSync(
      path.join(root, 'tenants/copy.yaml'),
      `server_hostname: https://x.example\ntitle: Copy\ncompany_name: Bypass Motors\nroute_prefix: copy\ncatalog: main\n`,
    );
    const error = await start(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartError);
    // The shared validation catches it first, with the position of the second name.
    expect((error as Error).message).toMatch(
      /tenants\/copy\.yaml:3:15 {2}company_name {2}company name "Bypass Motors" is already used by tenants\/bypass-motors\.yaml/,
    );
  });

  it("keeps an idle keep-alive connection open for KEEP_ALIVE_TIMEOUT_SECONDS (65 by default, above a load balancer's 60), then closes it", async () => {
    expect(readConfig({ DATA_ROOT: '.' }).server.keepAliveTimeoutMs).toBe(65_000);
    const api = await start(writeOrderFixture(), { KEEP_ALIVE_TIMEOUT_SECONDS: '2' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets: unknown[] = [];
      const get = () =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${api.url}/healthz`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('socket', (socket) => sockets.push(socket));
          req.on('error', reject);
          req.end();
        });
      await get();
      // Idle for 1.2 s, under the 2 s set: the same connection answers again.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await get();
      expect(sockets[1]).toBe(sockets[0]);
      // Left idle, the server closes it after the 2 s set (Node adds its own grace of up to a
      // second, so the close is awaited rather than raced); the next request takes a new one.
      const idleSince = Date.now();
      await new Promise((resolve) => (sockets[0] as Socket).once('close', resolve));
      const idleMs = Date.now() - idleSince;
      expect(idleMs).toBeGreaterThanOrEqual(1_900);
      expect(idleMs).toBeLessThan(6_000);
      await get();
      expect(sockets[2]).not.toBe(sockets[0]);
    } finally {
      agent.destroy();
      await api.close();
    }
  });
});
