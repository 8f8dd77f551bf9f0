import { close, fdatasync, open } from 'node:fs';
import { promisify } from 'node:util';

const openFile = promisify(open);
const datasync = promisify(fdatasync);
const closeFile = promisify(close);

export interface WalSync {
  /** Resolves once everything written to the WAL before the call is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Group commit for SQLite's WAL file (`walFile`): fdatasync runs on libuv's thread pool, never
 * on the event loop, and at most one runs at a time. A commit made while one is running may
 * have missed it, so it waits for the next, which every commit made meanwhile shares: under
 * load, one fdatasync makes many orders durable. fsync works on the file, not the descriptor,
 * so syncing a descriptor of our own covers what SQLite's connection wrote.
 */
export function walSync(walFile: string): WalSync {
  let fd: Promise<number> | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const flush = (): Promise<void> => {
    // Opened on first use: SQLite creates the WAL file at the first write, not when it opens.
    fd ??= openFile(walFile, 'r').catch((error: unknown) => {
      fd = undefined;
      throw error;
    });
    const current: Promise<void> = fd.then(datasync).finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };

  return {
    sync() {
      if (!running) return flush();
      next ??= running
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return flush();
        });
      return next;
    },
    async close() {
      await Promise.allSettled([running, next]);
      if (fd) await closeFile(await fd).catch(() => undefined);
      fd = undefined;
    },
  };
}
