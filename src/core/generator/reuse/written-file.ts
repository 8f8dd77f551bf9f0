import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { FileDigest } from './file-digest-cache.ts';

/**
 * A file the build wrote into a site folder, with the size and sha256 of the bytes it wrote:
 * publishing lists it in the manifest as it is, without reading it back. Plain data, so a render
 * thread can send its pages' digests to the build's thread.
 */
export interface WrittenFile extends FileDigest {
  /** Relative to the site folder, with '/' separators, as the manifest lists it. */
  file: string;
}

/** Writes `content` as UTF-8 and answers the digest of exactly those bytes, hashed while they are in memory. */
export function writeDigested(target: string, content: string): FileDigest {
  const bytes = Buffer.from(content, 'utf8');
  writeFileSync(target, bytes);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
