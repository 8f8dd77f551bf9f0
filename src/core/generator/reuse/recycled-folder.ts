import { lstatSync, mkdirSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes the folder of a page's file `target` in the staging folder. When the output before last
 * (`recycled`, the same page's file there; atomic-output.ts keepAsSpare) has that folder holding
 * files only, the folder is moved in instead of a new one made, and emptied of everything but
 * `target`. `target` stays only when `writeInPlace` and it is a file of its own (one link), so
 * the page is written into the same inode; a file linked elsewhere (the page store, the
 * compression cache) is unlinked, never written into. Afterwards the folder holds nothing the
 * build did not put there; answers whether `target` is there, a single-link file to write over.
 */
export function preparePageFolder(target: string, recycled: string | undefined, writeInPlace: boolean): boolean {
  const folder = path.dirname(target);
  const names = recycled === undefined ? undefined : moveLeafFolder(path.dirname(recycled), folder);
  if (names === undefined) {
    mkdirSync(folder, { recursive: true });
    return false;
  }
  const name = path.basename(target);
  for (const entry of names) {
    if (entry !== name) unlinkSync(path.join(folder, entry));
  }
  if (!names.includes(name)) return false;
  if (writeInPlace) {
    const kept = lstatSync(target);
    if (kept.isFile() && kept.nlink === 1) return true;
  }
  unlinkSync(target);
  return false;
}

/**
 * Moves `from` to `to` when `from` holds no folder (a page's own folder: its file and that file's
 * compressed siblings) and `to` is not there yet; answers the names it holds, or undefined when
 * it did not move it. A folder with folders in it (a tenant's root, a catalog with its later
 * pages) is left: the pages under it decide.
 */
function moveLeafFolder(from: string, to: string): string[] | undefined {
  let entries;
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch {
    return undefined;
  }
  if (entries.some((entry) => entry.isDirectory())) return undefined;
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch {
    // `to` made already (a page in a folder under it came first): a new folder is as good.
    return undefined;
  }
  return entries.map((entry) => entry.name);
}
