import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter.ts';

describe('FailureLimiter', () => {
  it('blocks a client after max failures until the oldest leaves the window', () => {
    let now = 0;
    const limiter = new FailureLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('ip-1')).toBe(0);
      limiter.recordFailure('ip-1');
      now += 1_000;
    }
    expect(limiter.retryAfterSeconds('ip-1')).toBe(57); // first failure at 0 s leaves at 60 s; it is 3 s now
    expect(limiter.retryAfterSeconds('ip-2')).toBe(0);
    now = 60_001;
    expect(limiter.retryAfterSeconds('ip-1')).toBe(0);
  });
});
