import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import type { CompressedFile, CompressTask } from './compress-files.mjs';

/** Files a thread is sent at a time: enough that a message costs little beside the work, few enough to spread a site over threads. */
const CHUNK = 64;

/**
 * Precompression on threads of its own (tinypool), one a core. While pages render the cores are
 * shared with the render threads; once the last tenant is written, what is left to compress (with
 * an empty compression cache, seconds of it) goes at the speed of every core, not of one: with
 * one fewer than the cores, a two-core build's render threads outran the one compressing thread
 * and the build ended waiting on it.
 * node:zlib's async API ran the encoders on libuv's pool, but every file still cost the build's
 * thread its reads, hashes, buffers and a dozen callbacks, which was most of the compression
 * phase's time there (docs/performance.md, Cold builds). Threads start on first use and, idle,
 * do not keep the process alive.
 */
export class CompressionPool {
  private pool: Tinypool | undefined;

  constructor(readonly threads = availableParallelism()) {}

  async compress({ cacheDir, files }: CompressTask): Promise<CompressedFile[]> {
    if (files.length === 0) return [];
    this.pool ??= new Tinypool({
      filename: new URL('./compress-files.mjs', import.meta.url).href,
      name: 'compressFiles',
      minThreads: this.threads,
      maxThreads: this.threads,
    });
    const pool = this.pool;
    const chunks: CompressTask[] = [];
    for (let start = 0; start < files.length; start += CHUNK) chunks.push({ cacheDir, files: files.slice(start, start + CHUNK) });
    return (await Promise.all(chunks.map((task) => pool.run(task) as Promise<CompressedFile[]>))).flat();
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

/** The pool every site of a process shares: sites publishing at once queue for the same threads (on two cores, one thread makes the bundle's brotli 11 once for all). */
export const sharedCompressionPool = new CompressionPool();
