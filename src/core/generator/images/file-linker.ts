import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CANNOT_LINK, publishFile } from './publish-file.ts';

interface Waiting {
  resolve: (left: number[]) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; left: number[] } | { id: number; error: { message: string; code?: string } };

/**
 * Hard-links many cache objects into a folder on a thread of its own, with synchronous calls.
 * A catalog-scale build links about 14,000 image variants per tenant: through node:fs/promises
 * each link was a round trip to libuv's thread pool whose completion cost the build's own thread
 * more CPU than the link cost the kernel, on the thread that renders the pages. Here the build's
 * thread sends one message per folder and the links run on the other core meanwhile.
 *
 * A name already present, or a file system that will not link, is handed back to publishFile's
 * careful path (which never writes into an existing file), so the result is the same as
 * publishing each file with it. The thread starts on first use and holds the process open only
 * while a folder is being linked.
 */
export class FileLinker {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;

  /**
   * Links each `[object, name]` to `dir/name`, making `dir` first, or taking the folder
   * `recycled` (the same folder in the output before last) instead: then a file already there
   * under its name stays as it is, and every name not asked for now is removed.
   */
  async link(dir: string, links: readonly (readonly [string, string])[], recycled?: string): Promise<void> {
    if (links.length === 0) return;
    const left = await this.send(dir, links, recycled);
    for (const index of left) {
      const [object, name] = links[index]!;
      await publishFile(object, path.join(dir, name));
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private send(dir: string, links: readonly (readonly [string, string])[], recycled: string | undefined): Promise<number[]> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    worker.ref();
    return new Promise<number[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, dir, links, recycled });
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./link-files-thread.mjs', import.meta.url), { workerData: { handedBack: ['EEXIST', ...CANNOT_LINK] } });
    worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (!waiting) return;
      if ('error' in answer) waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else waiting.resolve(answer.left);
    });
    // A thread that dies fails every folder it had, never leaves one half linked and reported done.
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`internal: the image-linking thread stopped (exit code ${code})`)));
    return worker;
  }
}
