/**
 * Runs at most `limit` tasks at once; the rest wait in call order. Encoding is CPU- and
 * memory-heavy (a decoded 1200 px source is ~4 MB), so a build that asks for hundreds of
 * images at once must not start hundreds of encodes.
 */
export function createConcurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  // A finishing task hands its slot straight to the next waiter, so a caller arriving in
  // between cannot take it too and push the count over the limit.
  const release = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else running -= 1;
  };

  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
