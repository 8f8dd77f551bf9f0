import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './process-alive.ts';

export interface AtomicWriteOptions {
  /** Top-level entries of the current output to keep as they are (a partial build keeps the other tenants). */
  carryOver?: readonly string[];
}

/**
 * Writes a whole output folder or nothing. The writer fills a staging folder beside `outDir`;
 * only when it has finished is the staging folder renamed into place. A failed, invalid or
 * interrupted build leaves the previous output exactly as it was.
 */
export async function writeAtomically(outDir: string, write: (stagingDir: string) => Promise<void>, options: AtomicWriteOptions = {}): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  mkdirSync(parent, { recursive: true });
  recoverInterruptedSwap(outDir);
  removeAbandonedStaging(parent, base);

  const staging = mkdtempSync(path.join(parent, `.${base}-staging-${process.pid}-`));
  chmodSync(staging, 0o755); // mkdtemp makes it private; the published folder must be readable
  const abandon = () => rmSync(staging, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    abandon();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    for (const entry of options.carryOver ?? []) {
      const from = path.join(outDir, entry);
      if (existsSync(from)) cpSync(from, path.join(staging, entry), { recursive: true, preserveTimestamps: true });
    }
    await write(staging);
  } catch (error) {
    abandon();
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  swapIn(staging, outDir);
}

function previousPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-previous`);
}

/** Two renames: the only moment without an output folder is between them, and recovery covers it. */
function swapIn(staging: string, outDir: string): void {
  const previous = previousPath(outDir);
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(staging, outDir);
  rmSync(previous, { recursive: true, force: true });
}

/** A build killed between the two renames of swapIn left the old output aside: put it back. */
export function recoverInterruptedSwap(outDir: string): void {
  const previous = previousPath(outDir);
  if (!existsSync(previous)) return;
  if (existsSync(outDir)) rmSync(previous, { recursive: true, force: true });
  else renameSync(previous, outDir);
}

/** Staging folders of builds that were killed; a build still running keeps its own. */
function removeAbandonedStaging(parent: string, base: string): void {
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-staging-(\\d+)-`);
  for (const entry of readdirSync(parent)) {
    const pid = Number(pattern.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
}
