import { describe, expect, it } from 'vitest';
import { FailureLimiter, MemoryFailureLog } from './failure-limiter.ts';

describe('FailureLimiter', () => {
  it('blocks a client after max failures until the oldest leaves the window', async () => {
    let now = 0;
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfterSeconds('ip-1')).toBe(0);
      await limiter.recordFailure('ip-1');
      now += 1_000;
    }
    expect(await limiter.retryAfterSeconds('ip-1')).toBe(57); // first failure at 0 s leaves at 60 s; it is 3 s now
    expect(await limiter.retryAfterSeconds('ip-2')).toBe(0);
    now = 60_001;
    expect(await limiter.retryAfterSeconds('ip-1')).toBe(0);
  });

  it('counts failures recorded by another limiter on the same log, as instances sharing a database do', async () => {
    const log = new MemoryFailureLog();
    let now = 0;
    const [a, b] = [new FailureLimiter(log, 2, 60_000, () => now), new FailureLimiter(log, 2, 60_000, () => now)];
    await a.recordFailure('ip-1');
    now = 10_000;
    await b.recordFailure('ip-1');
    await b.recordFailure('ip-1'); // concurrent guesses can pass the limit: the wait follows the newest two
    expect(await a.retryAfterSeconds('ip-1')).toBe(60);
  });

  it('brakes a tenant guessed at from many clients to one check per interval, never locking it for the window', async () => {
    let now = 0;
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 900_000, () => now, { max: 5, intervalMs: 5_000 });
    for (let client = 1; client <= 5; client++) {
      await limiter.beforeGuess(`ip-${client}`, 'guardian');
      await limiter.wrongGuess(`ip-${client}`, 'guardian');
      now += 100;
    }
    // The sixth client, with the right code or not, waits for the interval after the last wrong guess.
    await expect(limiter.beforeGuess('ip-6', 'guardian')).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '5' } });
    await expect(limiter.beforeGuess('ip-6', 'hennessy')).resolves.toBeUndefined();
    now += 5_000;
    await expect(limiter.beforeGuess('ip-6', 'guardian')).resolves.toBeUndefined();
  });
});
