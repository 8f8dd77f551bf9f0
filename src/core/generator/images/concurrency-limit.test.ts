import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';

describe('createConcurrencyLimit', () => {
  it('never runs more than the limit at once, even when callers arrive as others finish, and runs every task', async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const task = (ms: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms;
    };
    const first = [5, 1, 3, 2].map((ms) => limit(task(ms)));
    // More callers arriving exactly as a task finishes: the moment a slot could be taken twice.
    const late = first[1]!.then(() => Promise.all([limit(task(1)), limit(task(1)), limit(task(1))]));
    expect(await Promise.all(first)).toEqual([5, 1, 3, 2]);
    expect(await late).toEqual([1, 1, 1]);
    expect(peak).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError);
  });
});
