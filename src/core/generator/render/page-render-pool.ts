import { fileURLToPath } from 'node:url';
import { withoutTsx } from '../../compiled-module.ts';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../user-error.ts';
import type { PagesRendered } from '../shared/build-report.ts';
import type { PageSlot } from '../reuse/page-cache.ts';
import type { WrittenFile } from '../shared/written-file.ts';
import { CHUNK_PAGES, type PageQueue } from './page-queue.ts';
import type { RenderReply, RenderRequest, TenantRenderJob } from './page-render-worker.ts';

/** What a page-rendering thread runs (page-render-thread.mjs loads it, compiled or through tsx). */
export const RENDER_THREAD_MODULE = fileURLToPath(new URL('./page-render-worker.ts', import.meta.url));

/** A page to render and where it goes, as tenantPages names it ('item/K500/index.html'). */
export interface PageToRender {
  file: string;
  slot: PageSlot;
}

/**
 * Threads that render pages beside the build's own thread. A helper thread is sent a tenant's
 * data once and then the list of its pages to render, from which it takes chunks (page-queue.ts)
 * and renders and writes them with the same code as the build's thread (page-render-worker.ts),
 * so a page is the same bytes whichever thread renders it. The threads start on first use: a
 * build whose pages all come from the page cache starts none.
 *
 * On a two-core machine the build's thread spends most of a cold build on other work (laying
 * out folders, publishing, the next tenant's data), so one helper thread renders most pages
 * while it does (docs/performance.md, Cold builds).
 */
export class PageRenderPool {
  private readonly helpers: RenderThread[] = [];
  /** Pages written so far by each kind of thread, for the build report. */
  readonly rendered: PagesRendered = { build: 0, helpers: 0 };

  /**
   * `threads`: every thread that renders, the build's own included; 1 renders on the build's thread
   * alone. `code`: RENDER_THREAD_MODULE compiled (compiled-module.ts), asked for when the first
   * helper starts; without it, or when it answers none, a helper loads the TypeScript through tsx.
   */
  constructor(
    readonly threads = 1,
    private readonly code: () => string | Promise<string | undefined> | undefined = () => undefined,
  ) {}

  /** The helper threads for a tenant with `pages` pages to render, started if need be; none when there is nothing to share. */
  helpersFor(pages: number): readonly RenderThread[] {
    if (pages < 2 * CHUNK_PAGES) return [];
    this.start();
    return this.helpers;
  }

  /**
   * Starts the helper threads now, for a build that will surely render: each loads the renderer
   * (a second or more through tsx) while the build's thread validates the data, instead of after
   * the first tenant's pages are queued.
   */
  start(): void {
    if (this.helpers.length >= this.threads - 1) return;
    const bundle = this.code();
    while (this.helpers.length < this.threads - 1) this.helpers.push(new RenderThread(bundle));
  }

  async close(): Promise<void> {
    const helpers = this.helpers.splice(0);
    await Promise.all(helpers.map((helper) => helper.close()));
  }
}

/** One worker thread that renders chunks of pages (page-render-thread.mjs). */
export class RenderThread {
  /** Made once the renderer's module is known; posted to only after 'ready', so by then it is here. */
  private worker: Worker | undefined;
  private readonly starting: Promise<void>;
  private readonly waiting = new Map<number, { chunk: (written: WrittenFile[]) => void; resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private tenantKey: string | undefined;
  private failed: Error | undefined;
  /** Settles when the thread has loaded the renderer (a second or more through tsx): until then the build's thread renders alone. */
  private readonly ready: Promise<void>;
  private markReady: (() => void) | undefined;
  private failReady: ((error: Error) => void) | undefined;

  constructor(bundle: string | Promise<string | undefined> | undefined) {
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    // Handled where it is awaited (renderFrom); a thread closed before use must not count as unhandled.
    this.ready.catch(() => undefined);
    const start = (file: string | undefined) =>
      this.listen(
        new Worker(new URL('./page-render-thread.mjs', import.meta.url), {
          workerData: { bundle: file },
          // A compiled module needs no TypeScript loader: the thread would still start tsx's, inherited (a fifth of a second of CPU).
          execArgv: file === undefined ? undefined : withoutTsx(process.execArgv),
        }),
      );
    // A module known now starts the thread now, not after the build's thread next waits.
    if (bundle instanceof Promise) this.starting = bundle.then(start, (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
    else this.starting = Promise.resolve(start(bundle));
  }

  private listen(worker: Worker): void {
    this.worker = worker;
    worker.on('message', (reply: RenderReply | 'ready') => {
      if (reply === 'ready') return this.markReady?.();
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      if ('written' in reply) return waiter.chunk(reply.written);
      this.waiting.delete(reply.id);
      if ('done' in reply) waiter.resolve();
      // An error's class does not cross threads: a problem in the data is answered as one.
      else if ('userError' in reply) waiter.reject(new UserError(reply.userError));
      else waiter.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`internal: a page-rendering thread stopped (exit code ${code})`)));
  }

  /**
   * Renders chunks the thread takes from `queue` itself until it is empty; `done` is told each
   * chunk's pages, with their digests, as they are written.
   */
  async renderFrom(key: string, job: TenantRenderJob, queue: PageQueue<PageToRender>, done: (written: WrittenFile[]) => void): Promise<void> {
    // Takes no chunk before it can render: a tenant of a few dozen pages is not held up by the thread's start.
    await this.ready;
    if (this.failed) throw this.failed;
    if (this.tenantKey !== key) {
      this.post({ kind: 'tenant', key, job });
      this.tenantKey = key;
    }
    const id = this.nextId++;
    await new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { chunk: done, resolve, reject });
      // Only the names and slots: whatever else a queue's pages carry for the build's thread stays there.
      this.post({ kind: 'pages', id, key, pages: queue.pages.map(({ file, slot }) => ({ file, slot })), next: queue.shared });
    });
  }

  private post(request: RenderRequest): void {
    if (!this.worker) throw new Error('internal: a page-rendering thread was sent work before it started');
    this.worker.postMessage(request);
  }

  private fail(error: Error): void {
    this.failed ??= error;
    this.failReady?.(this.failed);
    for (const { reject } of this.waiting.values()) reject(this.failed);
    this.waiting.clear();
  }

  async close(): Promise<void> {
    this.failed ??= new Error('internal: the page-rendering thread was closed');
    await this.starting;
    this.worker?.removeAllListeners('exit');
    await this.worker?.terminate();
  }
}
