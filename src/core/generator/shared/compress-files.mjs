// Plain JavaScript, not TypeScript: this module is a compression thread's whole code
// (compression-pool.ts), and a thread that had to register tsx first took seconds to answer its
// first task on a loaded machine, against about a tenth of a second. Types: compress-files.d.mts.
import { createHash } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const SIBLINGS = /** @type {const} */ (['br', 'gz']);

/**
 * Gives each file its `.br` sibling, and its `.gz` one when it has a gzip level, synchronously: this runs on a thread of its own
 * (compression-pool.ts), so blocking calls cost the build's own thread nothing. With a cache,
 * a sibling whose compressed bytes are already there is a hard link to them; a new one is
 * written into the site and then linked into the cache, so a cache object is always whole.
 * @param {import('./compress-files.d.mts').CompressTask} task
 * @returns {import('./compress-files.d.mts').CompressedFile[]}
 */
export function compressFiles({ cacheDir, files }) {
  return files.map(({ file, size, levels, sha256: known, bytes }) => {
    /** @type {Buffer | undefined} */
    let source = bytes;
    // Read once, whether for the digest, the encoders or both; not at all when every sibling is cached or the bytes were given.
    const read = () => (source ??= readFileSync(file));
    const sha256 = known ?? hash(read());
    const wrote = [];
    for (const extension of SIBLINGS) {
      if (levels[extension] === undefined) continue;
      const sibling = `${file}.${extension}`;
      // The level is part of the name: the same content compressed at another level is another object.
      const cached = cacheDir === undefined ? undefined : path.join(cacheDir, `${sha256}.${extension}${levels[extension]}`);
      if (cached !== undefined && existsSync(cached)) {
        replaceWithLink(cached, sibling);
        continue;
      }
      const bytes = encode(extension, read(), levels);
      writeNew(sibling, bytes);
      wrote.push({ file: sibling, size: bytes.length, sha256: hash(bytes) });
      if (cached !== undefined) linkIntoCache(sibling, cached);
    }
    return { file, source: known === undefined ? { size, sha256 } : undefined, wrote };
  });
}

function encode(extension, bytes, levels) {
  if (extension === 'gz') return gzipSync(bytes, { level: levels.gz });
  return brotliCompressSync(bytes, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: levels.br, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

function hash(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A new file, never written through an existing name: the name may be a link to a cache object
 * (a folder published twice), whose bytes other sites share.
 */
function writeNew(file, bytes) {
  try {
    writeFileSync(file, bytes, { flag: 'wx' });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    rmSync(file);
    writeFileSync(file, bytes, { flag: 'wx' });
  }
}

function replaceWithLink(existing, target) {
  try {
    linkSync(existing, target);
  } catch (error) {
    // A folder published twice: its previous copy goes.
    if (error.code !== 'EEXIST') throw error;
    rmSync(target, { force: true });
    linkSync(existing, target);
  }
}

/** Another build may have made the same object meanwhile: same name, same bytes, so either copy will do. */
function linkIntoCache(written, cached) {
  try {
    linkSync(written, cached);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
}
