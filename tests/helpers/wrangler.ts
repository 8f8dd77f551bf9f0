import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fixture-project.ts';

/**
 * The last wrangler whose engines still allow Node 20 (4.87 wants 22), with its workerd. Installed
 * on demand into .cache/wrangler/, not a devDependency: about 195 MB that every `npm ci` would
 * fetch for one test (docs/decisions.md, Publishing).
 */
export const WRANGLER_VERSION = '4.86.0';
const PREFIX = path.join(REPO_ROOT, '.cache', 'wrangler');

/** The wrangler binary, installed from the npm registry the first time. */
export function ensureWrangler(): string {
  const bin = path.join(PREFIX, 'node_modules', '.bin', 'wrangler');
  const manifest = path.join(PREFIX, 'node_modules', 'wrangler', 'package.json');
  if (existsSync(bin) && existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === WRANGLER_VERSION) return bin;
  const npm = spawnSync('npm', ['install', '--prefix', PREFIX, '--no-save', '--no-audit', '--no-fund', `wrangler@${WRANGLER_VERSION}`], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (npm.status !== 0 || !existsSync(bin)) throw new Error(`npm could not install wrangler@${WRANGLER_VERSION} into ${PREFIX}:\n${npm.stderr}`);
  return bin;
}

export interface PagesDev {
  origin: string;
  /** Everything wrangler printed so far, for a failing assertion's message. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Serves a folder as Cloudflare Pages does, with `wrangler pages dev` and its workerd, on a free
 * loopback port. Nothing leaves the machine: no `Request.cf` download, no metrics.
 */
export async function pagesDev(bin: string, folder: string, timeoutMs = 240_000): Promise<PagesDev> {
  const work = mkdtempSync(path.join(tmpdir(), 'pages-dev-'));
  const child: ChildProcess = spawn(bin, ['pages', 'dev', folder, '--compatibility-date=2025-01-01', '--ip', '127.0.0.1', '--port', '0'], {
    cwd: work,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: work, CI: 'true' },
  });
  let printed = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      // wrangler's workerd runs in the same process group.
      process.kill(-child.pid, 'SIGTERM');
      const killer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
  };
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler pages dev was not ready in ${timeoutMs} ms:\n${printed}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1] as string);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wrangler pages dev stopped (${code}):\n${printed}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { origin, output: () => printed, stop };
}
