import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../user-error.ts';

/**
 * Replaces `file` with `text` all at once: the text goes to a temporary file beside it, is flushed
 * to disk, and is renamed over the file (a rename within a folder is atomic), then the folder
 * is flushed so the rename survives a crash. A process killed at any moment leaves the old file
 * or the new one, never a mix. `expected` is what the file held when the change was planned:
 * if someone saved it meanwhile, nothing is written (their edit is not overwritten).
 * `beforeRename` exists for the test that kills the process at that moment.
 */
export function writeFileAtomically(file: string, text: string, expected: string, beforeRename?: () => void): void {
  const prefix = `.${path.basename(file)}.`;
  // Left by a write that was killed before its rename; never the file itself, so safe to drop.
  for (const name of readdirSync(path.dirname(file)).filter((entry) => entry.startsWith(prefix) && entry.endsWith('.tmp')))
    rmSync(path.join(path.dirname(file), name), { force: true });
  const temporary = path.join(path.dirname(file), `${prefix}${process.pid}.tmp`);
  const descriptor = openSync(temporary, 'w');
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    if (currentText(file) !== expected) throw new UserError(`${file} changed while this command ran; nothing was written. Run it again.`);
    beforeRename?.();
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  const folder = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

function currentText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
