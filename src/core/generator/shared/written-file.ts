import { createHash } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, writeFileSync, writeSync } from 'node:fs';
import type { FileDigest } from './file-digest-cache.ts';

/**
 * A file the build wrote into a site folder, with the size and sha256 of the bytes it wrote:
 * publishing lists it in the manifest as it is, without reading it back. Plain data, so a render
 * thread can send its pages' digests to the build's thread.
 */
export interface WrittenFile extends FileDigest {
  /** Relative to the site folder, with '/' separators, as the manifest lists it. */
  file: string;
  /** Its compressed siblings were made as it was written (render/page-file.ts): publishing does not compress it again. */
  compressed?: true;
}

/**
 * Writes `content` as UTF-8 and answers the digest of exactly those bytes, hashed while they are
 * in memory. `overwrite`: `target` is a file of its own already (recycled-folder.ts), written over
 * from its start and then cut to length, never emptied first: on ext4 a file emptied and written
 * again is flushed to disk as it is closed (auto_da_alloc), which made the build wait on the disk.
 */
export function writeDigested(target: string, content: string | Buffer, overwrite = false): FileDigest {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (overwrite) {
    const fd = openSync(target, 'r+');
    try {
      writeSync(fd, bytes, 0, bytes.length, 0);
      ftruncateSync(fd, bytes.length);
    } finally {
      closeSync(fd);
    }
  } else writeFileSync(target, bytes);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
