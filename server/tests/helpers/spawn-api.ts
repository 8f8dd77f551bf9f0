import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT as REPO } from '../../../src/core/project-root.ts';

export interface SpawnedApi {
  url: string;
  child: ChildProcess;
  /** Every stdout line, parsed (the API logs only JSON). */
  logs: Record<string, unknown>[];
  stdoutLines: string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal to the API's whole process group (npm, sh and node alike). */
  signal(signal: NodeJS.Signals): void;
}

/**
 * Runs the order API as a separate process, as in production, so a test can kill it for real.
 * `command` is the server itself (node with tsx) or `npm run start:api`. Resolves once it
 * logs that it is listening (PORT=0 lets it pick a free loopback port).
 */
export async function spawnApi(env: Record<string, string>, command: 'node' | 'npm' = 'node'): Promise<SpawnedApi> {
  const [program, args] = command === 'node' ? [process.execPath, ['--import', 'tsx', 'server/main.ts']] : ['npm', ['run', '--silent', 'start:api']];
  const child = spawn(program, args, {
    cwd: REPO,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logs: Record<string, unknown>[] = [];
  const stdoutLines: string[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  // Never leave a server behind, even when the test process ends early.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', onExit);
      resolve({ code, signal });
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup('SIGKILL');
      reject(new Error(`the API did not start within 30 s:\n${stderr}`));
    }, 30_000);
    void exited.then(({ code }) => reject(new Error(`the API exited with ${code} before listening:\n${stderr}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (!line.trim()) continue;
        stdoutLines.push(line);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.msg === 'order API listening') {
            clearTimeout(timer);
            resolve(String(entry.url));
          }
        } catch {
          // kept in stdoutLines; a test asserts every line is JSON
        }
      }
    });
  });
  return {
    url,
    child,
    logs,
    stdoutLines,
    stderr: () => stderr,
    exited,
    signal: killGroup,
  };
}
