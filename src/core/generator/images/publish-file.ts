import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Errors of link() that mean "this filesystem will not link these two", not a real failure. */
export const CANNOT_LINK: ReadonlySet<string> = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']);

/**
 * Puts the cached file `from` at `to`: a hard link when both are on one filesystem (no bytes
 * copied, however many tenants publish the same image), a copy otherwise (a copy-on-write
 * clone where the filesystem offers one).
 *
 * Never writes into an existing `to`: it may itself be a hard link to a cache file (from an
 * earlier emit), and opening it for writing would change the cache through the link. The new
 * file is made under a temporary name and renamed over `to`, which replaces the name only.
 */
export async function publishFile(from: string, to: string): Promise<'linked' | 'copied' | 'present'> {
  // The common case, a fresh staging folder: one system call. link() never opens an existing
  // `to`; it fails with EEXIST, and the careful path below takes over.
  try {
    await link(from, to);
    return 'linked';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code !== 'EEXIST' && !CANNOT_LINK.has(code)) throw error;
  }
  const [source, existing] = await Promise.all([stat(from), stat(to).catch(() => undefined)]);
  if (existing && existing.ino === source.ino && existing.dev === source.dev) return 'present';

  const temp = path.join(path.dirname(to), `.${path.basename(to)}.${process.pid}-${randomUUID()}.tmp`);
  let how: 'linked' | 'copied' = 'linked';
  try {
    try {
      await link(from, temp);
    } catch (error) {
      if (!CANNOT_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      await copyFile(from, temp, constants.COPYFILE_FICLONE);
      how = 'copied';
    }
    await rename(temp, to);
    return how;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
