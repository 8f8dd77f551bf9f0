/**
 * Small enough that the build's own thread, which renders chunks between its other work, never
 * holds a chunk long, and that both threads finish a tenant at about the same time.
 */
export const CHUNK_PAGES = 16;

/**
 * A tenant's pages to render, taken a chunk at a time by every thread that renders (the build's
 * own and the helper threads), so a thread that is busier with other work simply takes fewer.
 * The next page's index is shared memory: a helper thread sent the same list and `shared` takes
 * its chunks itself, without waiting for the build's thread to hand them out (it may be busy
 * laying out the next tenant or publishing the one before for a few hundred milliseconds).
 */
export class PageQueue<T> {
  private readonly next: Int32Array;

  constructor(
    readonly pages: readonly T[],
    readonly shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
  ) {
    this.next = new Int32Array(shared);
  }

  take(): T[] | undefined {
    const start = Atomics.add(this.next, 0, CHUNK_PAGES);
    if (start >= this.pages.length) return undefined;
    return this.pages.slice(start, start + CHUNK_PAGES);
  }

  /** No more chunks, on every thread: each finishes the one it holds. */
  stop(): void {
    Atomics.store(this.next, 0, this.pages.length);
  }
}
