// `npm run dev` refuses port settings that clash with the ports it takes (PORT, the next port
// for each tenant without a route prefix, API_PORT), in one line naming the variable, before
// anything listens.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/core/serve/free-port.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';

function dev(root: string, env: Record<string, string>) {
  return run(['dev.ts', '--root', root], env);
}

function run([script, ...args]: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', script!), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, lines: result.stderr.split('\n').filter((line) => line.trim() !== ''), stdout: result.stdout };
}

/** Whether something listens on the port now. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

describe('npm run dev refuses clashing ports in one line', () => {
  // The base fixture: guardian (prefixed) and solo (no prefix), so the pages take PORT and PORT+1.
  it('API_PORT one above PORT, where the tenant without a route prefix is served', async () => {
    const port = await freePort();
    const result = dev(fixtureProject(), { PORT: String(port), API_PORT: String(port + 1) });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      `npm run dev: API_PORT=${port + 1} is one of the pages' ports ${port} to ${port + 1} (PORT=${port}, then one for each tenant without a route prefix: solo); choose an API_PORT outside ${port}–${port + 1}, or another PORT`,
    ]);
    expect(result.stdout).not.toContain('Live preview ready');
    expect(await listening(port)).toBe(false);
  });

  it('API_PORT equal to PORT', async () => {
    const port = await freePort();
    const result = dev(fixtureProject(), { PORT: String(port), API_PORT: String(port) });
    expect(result.status).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(new RegExp(`^npm run dev: API_PORT=${port} is one of the pages' ports`));
  });

  it('a PORT that is not a port number', () => {
    const result = dev(fixtureProject(), { PORT: '70000', API_PORT: '8787' });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual(['npm run dev: PORT must be a port number from 0 to 65535 (0: any free port), got "70000"']);
  });
});

describe('npm start refuses them the same way', () => {
  it('before it builds anything', async () => {
    const port = await freePort();
    // The sample data: three tenants without a route prefix take PORT+1 to PORT+3.
    const result = run(['start.ts'], { PORT: String(port), API_PORT: String(port + 2) });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      `npm start: API_PORT=${port + 2} is one of the pages' ports ${port} to ${port + 3} (PORT=${port}, then one for each tenant without a route prefix: first, local, new-customer); choose an API_PORT outside ${port}–${port + 3}, or another PORT`,
    ]);
    expect(result.stdout).not.toContain('Building');
  });
});
