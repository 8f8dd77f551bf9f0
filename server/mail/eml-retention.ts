import { opendir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Deletes the `.eml` files (and `.eml.tmp` files a crash left half written) in `folder` last
 * written before `before` (epoch ms), for the mail retention (docs/security.md). Only those
 * names are touched, whatever else the folder holds. A file another instance deleted
 * meanwhile is not an error. Returns how many files this call deleted.
 */
export async function removeOldEmlFiles(folder: string, before: number): Promise<number> {
  let dir;
  try {
    dir = await opendir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for await (const entry of dir) {
    if (!entry.isFile() || !/\.eml(\.tmp)?$/.test(entry.name)) continue;
    const file = path.join(folder, entry.name);
    try {
      if ((await stat(file)).mtimeMs >= before) continue;
      await unlink(file);
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}
