import { randomUUID } from 'node:crypto';
import Tinypool from 'tinypool';
import type { RenderOutcome, RenderTask, TenantRenderJob } from './page-render-worker.ts';
import { UserError } from '../../user-error.ts';
import type { PageSlot } from '../reuse/page-cache.ts';
import type { WrittenFile } from '../reuse/written-file.ts';

/**
 * Renders a tenant's pages on worker threads (tinypool), in chunks spread over the threads; each
 * thread writes the pages it renders. The threads start on first use: a build whose pages all
 * come from the page cache starts none. A page is rendered by the same code as in the build's
 * own thread (page-render-worker.ts), so the output does not depend on the number of threads.
 *
 * Off by default: on a two-core machine rendering is a quarter of the pages phase, the rest is
 * file-system calls, and two threads made the catalog-scale build 1.13 times slower
 * (docs/performance.md). `--workers N` turns it on where more cores may pay.
 */
export class PageRenderPool {
  private pool: Tinypool | undefined;

  /** `threads` 1: every page is rendered in the build's own thread. */
  constructor(readonly threads = 1) {}

  /** Whether `pages` pages go to the threads. */
  wants(pages: number): boolean {
    return this.threads > 1 && pages > 0;
  }

  /** Renders and writes `pages`, and answers their digests; `done(n)` is told as chunks finish. */
  async render(job: TenantRenderJob, pages: { file: string; slot: PageSlot }[], done: (pages: number) => void): Promise<WrittenFile[]> {
    this.pool ??= new Tinypool({
      filename: new URL('./page-render-thread.mjs', import.meta.url).href,
      minThreads: this.threads,
      maxThreads: this.threads,
    });
    const pool = this.pool;
    // A few chunks per thread, so a slow chunk does not leave the other threads idle at the end.
    const size = Math.max(1, Math.ceil(pages.length / (this.threads * 3)));
    const key = randomUUID();
    const chunks: RenderTask[] = [];
    for (let start = 0; start < pages.length; start += size) chunks.push({ key, job, pages: pages.slice(start, start + size) });
    const written = await Promise.all(
      chunks.map(async (task) => {
        const outcome = (await pool.run(task)) as RenderOutcome;
        if ('userError' in outcome) throw new UserError(outcome.userError);
        done(outcome.written.length);
        return outcome.written;
      }),
    );
    return written.flat();
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
