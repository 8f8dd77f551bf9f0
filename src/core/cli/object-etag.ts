import { createHash } from 'node:crypto';

/**
 * The `aws` CLI's multipart threshold and part size (8 MiB each, its defaults): a file above it
 * is uploaded in parts, and S3 then lists an ETag of the parts' digests, not of the bytes.
 */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * The ETag S3 (and R2, MinIO, the deploy test's server) lists for these bytes as the `aws` CLI
 * uploads them: their MD5 in hex, or for a multipart upload the MD5 of the parts' MD5s and the
 * part count (`…-3`). A listing's ETag is the cheap content check of every object in a bucket
 * (docs/publishing.md, A bucket that heals): it changes whenever an object's bytes do.
 */
export function objectEtag(bytes: Buffer): string {
  if (bytes.length <= PART_BYTES) return createHash('md5').update(bytes).digest('hex');
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += PART_BYTES)
    parts.push(
      createHash('md5')
        .update(bytes.subarray(start, start + PART_BYTES))
        .digest(),
    );
  return `${createHash('md5').update(Buffer.concat(parts)).digest('hex')}-${parts.length}`;
}
