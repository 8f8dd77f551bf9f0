import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from '../shared/process-alive.ts';
import { UserError } from '../../user-error.ts';

/** Something removed part of the previous output while the build ran, so the new one could not be made whole. */
export class OutputChangedError extends UserError {}

export interface AtomicWriteOptions {
  /**
   * Top-level entries of the current output to keep as they are (a partial build keeps the other
   * tenants, any build its unchanged ones). They are moved into the new output at the swap, one
   * rename each, so the writer does not see them in the staging folder. An entry inside a folder
   * (`guardian/assets/img`) is part of what the writer wrote around it, so it must still exist at
   * the swap; a top-level one missing is simply not carried.
   */
  carryOver?: readonly string[];
}

/**
 * Writes a whole output folder or nothing. The writer fills a staging folder beside `outDir`;
 * only when it has finished is the staging folder renamed into place. A failed, invalid or
 * interrupted build leaves the previous output exactly as it was.
 *
 * The writer is also handed the output before last, if there is one (`recycled`, see
 * keepAsSpare): it may move folders out of it into the staging folder (recycled-folder.ts); what
 * it leaves there is removed in the background once it has finished.
 */
export async function writeAtomically(
  outDir: string,
  write: (stagingDir: string, recycled: string | undefined) => Promise<void>,
  options: AtomicWriteOptions = {},
): Promise<void> {
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
  let recycled: string | undefined;
  try {
    // Inside the try: a spare that cannot be claimed fails the build without leaving the staging folder or the handlers behind.
    recycled = claimSpare(outDir);
    await write(staging, recycled);
  } catch (error) {
    abandon();
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (recycled) removeInBackground(recycled, outDir);
  }
  const lost = (options.carryOver ?? []).filter((entry) => entry.includes('/') && !existsSync(path.join(outDir, entry)));
  if (lost.length > 0) {
    abandon();
    throw new OutputChangedError(`${lost.join(', ')} disappeared from ${outDir} while the build ran; the output is unchanged, run the build again`);
  }
  // Checked before the first rename: a swap that stopped halfway would leave no output until the next build recovers it.
  const clashing = (options.carryOver ?? []).filter((entry) => existsSync(path.join(staging, entry)));
  if (clashing.length > 0) {
    abandon();
    throw new Error(`internal: ${clashing.join(', ')} both written by the build and carried over; the output is unchanged`);
  }
  swapIn(staging, outDir, options.carryOver ?? []);
}

function previousPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-previous`);
}

/** The output before last, kept for the next build to recycle (keepAsSpare). */
function sparePath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-spare`);
}

/**
 * The output before last, moved under a name of this build's own (one rename: a second build
 * running at the same time finds it gone and recycles nothing), or undefined when there is none.
 */
function claimSpare(outDir: string): string | undefined {
  const claimed = path.join(path.dirname(outDir), `.${path.basename(outDir)}-recycling-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    renameSync(sparePath(outDir), claimed);
    return claimed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Which entries a swap is moving from the previous output into the staging folder, for recoverInterruptedSwap. */
function carryJournalPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-carried.json`);
}

interface CarryJournal {
  staging: string;
  entries: string[];
}

/**
 * Renames only: the output aside, the carried-over entries into the staging folder (one rename
 * each, however many files they hold), the staging folder into place. The only moment without
 * an output folder is between the first and the last rename, and recovery covers it.
 */
function swapIn(staging: string, outDir: string, carryOver: readonly string[]): void {
  const previous = previousPath(outDir);
  rmSync(previous, { recursive: true, force: true });
  const entries = carryOver.filter((entry) => existsSync(path.join(outDir, entry)));
  const journal = carryJournalPath(outDir);
  if (entries.length > 0) writeFileSync(journal, JSON.stringify({ staging, entries } satisfies CarryJournal));
  if (existsSync(outDir)) renameSync(outDir, previous);
  for (const entry of entries) renameSync(path.join(previous, entry), path.join(staging, entry));
  renameSync(staging, outDir);
  rmSync(journal, { force: true });
  if (existsSync(previous)) keepAsSpare(previous, outDir);
}

/**
 * The previous output is not deleted but kept beside the new one (`.dist-spare`), for the next
 * build to take its folders instead of making new ones. Deleting an output frees tens of
 * thousands of inodes, and on ext4 without a journal (this project's build machines) each new
 * file made within a minute of that pays for stepping over every one of them; an image folder
 * taken whole saves the next build 14,000 links a tenant. The cost is the disk of one more
 * output, most of it links into `.cache/`. Only a spare left by a build running at the same time
 * is deleted.
 */
function keepAsSpare(previous: string, outDir: string): void {
  const spare = sparePath(outDir);
  if (existsSync(spare)) discardInBackground(spare, outDir);
  renameSync(previous, spare);
}

/**
 * Deleting an output costs one unlink per file (a quarter of a million at catalog scale, over
 * ten seconds) and nobody waits for it: the folder is renamed out of the way and a detached
 * process removes it after the build has exited. If that process is killed, the next build
 * hands what it left to a new one (removeAbandonedStaging).
 */
function discardInBackground(folder: string, outDir: string): void {
  const discarded = path.join(path.dirname(outDir), `.${path.basename(outDir)}-discarded-${process.pid}-${randomBytes(4).toString('hex')}`);
  renameSync(folder, discarded);
  removeInBackground(discarded, outDir);
}

/**
 * The remover first renames the folder to a name with its own process id, so that the next
 * build can tell a removal under way (leave it) from one that was cut short (start another).
 * Two removers given the same folder do not both run: the second finds it gone and exits.
 */
const REMOVER = `
const fs = require('node:fs');
const [folder, prefix] = process.argv.slice(1);
const mine = prefix + process.pid + '-' + require('node:crypto').randomBytes(4).toString('hex');
try { fs.renameSync(folder, mine); } catch { process.exit(0); }
fs.rmSync(mine, { recursive: true, force: true });
`;

function removeInBackground(folder: string, outDir: string): void {
  const prefix = path.join(path.dirname(outDir), `.${path.basename(outDir)}-removing-`);
  const remover = spawn(process.execPath, ['-e', REMOVER, folder, prefix], { detached: true, stdio: 'ignore' });
  remover.on('error', () => rmSync(folder, { recursive: true, force: true }));
  remover.unref();
}

/**
 * A build killed during swapIn left the old output aside, perhaps with some of its entries
 * already moved into the staging folder: move them back and put the old output in place.
 */
export function recoverInterruptedSwap(outDir: string): void {
  const previous = previousPath(outDir);
  const journal = carryJournalPath(outDir);
  if (existsSync(previous) && !existsSync(outDir)) {
    if (existsSync(journal)) {
      const { staging, entries } = JSON.parse(readFileSync(journal, 'utf8')) as CarryJournal;
      for (const entry of entries) {
        const moved = path.join(staging, entry);
        if (existsSync(moved) && !existsSync(path.join(previous, entry))) renameSync(moved, path.join(previous, entry));
      }
    }
    renameSync(previous, outDir);
  } else if (existsSync(previous)) {
    rmSync(previous, { recursive: true, force: true });
  }
  rmSync(journal, { force: true });
}

/**
 * Staging folders of builds that were killed (a build still running keeps its own), and
 * previous outputs whose background removal did not finish: those go to a new remover rather
 * than being deleted here, where the build would wait for them (over ten seconds at catalog
 * scale when builds follow each other closely).
 */
function removeAbandonedStaging(parent: string, base: string): void {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const staging = new RegExp(`^\\.${escaped}-staging-(\\d+)-`);
  const discarded = new RegExp(`^\\.${escaped}-discarded-`);
  const removing = new RegExp(`^\\.${escaped}-removing-(\\d+)-`);
  const recycling = new RegExp(`^\\.${escaped}-recycling-(\\d+)-`);
  const outDir = path.join(parent, base);
  for (const entry of readdirSync(parent)) {
    const pid = Number(staging.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) rmSync(path.join(parent, entry), { recursive: true, force: true });
    const remover = Number(removing.exec(entry)?.[1] ?? recycling.exec(entry)?.[1]);
    if (discarded.test(entry) || (remover && !isAlive(remover))) removeInBackground(path.join(parent, entry), outDir);
  }
}
