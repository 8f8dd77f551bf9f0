import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { REPO_ROOT } from './fixture-project.ts';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

type Script = 'validate' | 'build' | 'bench' | 'bench-api' | 'bench-search' | 'report-js' | 'lighthouse' | 'new-tenant' | 'images-add' | 'deploy-plan';

/** The command line `npm run <script>` amounts to: Node with tsx, from the repository's root. */
function scriptCommand(script: Script, args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', `${script}.ts`), ...args]];
}

/** Runs one of the npm scripts' entry points the way `npm run` does, in a child process. */
export function runScript(script: Script, args: string[], timeout = 300_000): CliResult {
  const [command, commandArgs] = scriptCommand(script, args);
  const result = spawnSync(command, commandArgs, { cwd: REPO_ROOT, encoding: 'utf8', timeout });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * runScript without waiting: the child works on another core while this process goes on (with
 * runInProcess calls, say), and the promise settles when it exits. A child still running after
 * `timeout` is killed, as spawnSync does, and settles with status null.
 */
export function runScriptInBackground(script: Script, args: string[], timeout = 300_000): Promise<CliResult> {
  const [command, commandArgs] = scriptCommand(script, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: REPO_ROOT, timeout });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

/**
 * Runs a command's own function (`runValidate`, `runBuild`) in this process, with what it prints
 * captured: the code runScript reaches, without a Node and tsx start-up per call (about half a
 * second each, and the fixture suites make about a hundred calls). For commands that print with
 * console.log and console.error and return their exit code; one at a time (the capture is global).
 */
export async function runInProcess(command: (argv: string[]) => Promise<number>, args: string[]): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const { log, error } = console;
  console.log = (...parts: unknown[]) => void stdout.push(`${format(...parts)}\n`);
  console.error = (...parts: unknown[]) => void stderr.push(`${format(...parts)}\n`);
  try {
    const status = await command(args);
    return { status, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** Lines of a CLI's error output that are diagnostics (file:line:col ...). */
export function diagnosticLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => /^\S+:\d+:\d+ {2}/.test(line));
}

/**
 * The error lines only. The base fixture (the guardian example as written) always
 * earns one warning, for its store whose password is its code; the broken fixtures are about
 * their errors.
 */
export function errorLines(stderr: string): string[] {
  return diagnosticLines(stderr).filter((line) => !/^\S+ {2}\S+ {2}warning: /.test(line));
}

/**
 * A digest of every file's path, mode and bytes under a folder: equal digests, identical trees.
 * `except` names top-level entries to leave out, such as report.json, whose timings differ on
 * every run by nature.
 */
export function treeDigest(folder: string, except: readonly string[] = []): string {
  const hash = createHash('sha256');
  if (!existsSync(folder)) return 'absent';
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (dir === folder && except.includes(entry)) continue;
      const stat = statSync(full);
      hash.update(`${path.relative(folder, full)}\0${stat.mode}\0`);
      if (stat.isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(folder);
  return hash.digest('hex');
}
