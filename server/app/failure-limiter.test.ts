import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { FailureLimiter, MemoryFailureLog, type FailureLog } from './failure-limiter.ts';

const log = createLogger('error', () => undefined);
const from = (client: string, device?: string, tenantId = 'guardian') => ({ client, log, ...(device ? { device: { id: device, tenantId } } : {}) });
const wrong = () => undefined;
const right = () => 'granted';

describe('FailureLimiter', () => {
  it('refuses a client after max wrong guesses until the oldest leaves the window; right guesses do not count', async () => {
    let now = 0;
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 60_000, () => now);
    for (let i = 0; i < 5; i++) expect(await limiter.guess(from('ip-1'), 'guardian', right)).toBe('granted');
    for (let i = 0; i < 3; i++) {
      expect(await limiter.guess(from('ip-1'), 'guardian', wrong)).toBeUndefined();
      now += 1_000;
    }
    // The first failure at 0 s leaves at 60 s; it is 3 s now. Even the right secret is not compared.
    await expect(limiter.guess(from('ip-1'), 'guardian', right)).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '57' } });
    expect(await limiter.guess(from('ip-2'), 'guardian', right)).toBe('granted');
    now = 60_001;
    expect(await limiter.guess(from('ip-1'), 'guardian', right)).toBe('granted');
  });

  it('compares at most the limit of many parallel guesses, and takes back a malformed one', async () => {
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 60_000);
    let compared = 0;
    const slowWrong = async () => {
      compared++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return undefined;
    };
    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.guess(from('ip-1'), 'guardian', slowWrong)));
    expect(compared).toBe(3);
    expect(answers.filter((a) => a.status === 'rejected')).toHaveLength(47);

    const other = new FailureLimiter(new MemoryFailureLog(), 1, 60_000);
    await expect(
      other.guess(from('ip-3'), 'guardian', () => {
        throw new Error('malformed');
      }),
    ).rejects.toThrow('malformed');
    expect(await other.guess(from('ip-3'), 'guardian', right)).toBe('granted');
  });

  it('waits for right guesses in flight instead of refusing, and names the failures’ window when it refuses', async () => {
    let now = 0;
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 60_000, () => now);
    const slowRight = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'granted';
    };
    const rights = await Promise.all(Array.from({ length: 30 }, () => limiter.guess(from('ip-1'), 'guardian', slowRight)));
    expect(rights).toEqual(Array(30).fill('granted'));
    for (let i = 0; i < 3; i++) await limiter.guess(from('ip-1'), 'guardian', wrong);
    now = 10_000;
    const refused = await Promise.allSettled(Array.from({ length: 5 }, () => limiter.guess(from('ip-1'), 'guardian', slowRight)));
    expect(refused.map((r) => (r.status === 'rejected' ? (r.reason as { headers: Record<string, string> }).headers['retry-after'] : r.value))).toEqual(
      Array(5).fill('50'),
    );
  });

  it('brakes a tenant guessed at from many clients; its proof holders share a lane of their own, whatever number of proofs', async () => {
    let now = 0;
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 900_000, () => now, { max: 5, intervalMs: 5_000 });
    for (let client = 1; client <= 5; client++) {
      await limiter.guess(from(`ip-${client}`), 'guardian', wrong);
      now += 100;
    }
    // An unknown client, with the right code or not, waits for the interval after the last wrong guess.
    await expect(limiter.guess(from('ip-6'), 'guardian', right)).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '5' } });
    expect(await limiter.guess(from('ip-6'), 'hennessy', right)).toBe('granted');
    // A proof holder goes through its tenant's lane, and is told so.
    expect(await limiter.guess(from('ip-7', 'device-a'), 'guardian', (path) => (path.known ? 'granted' : undefined))).toBe('granted');
    expect(await limiter.guess(from('ip-7', 'device-a'), 'guardian', right)).toBe('granted');
    // A wrong one from any proof holder holds the lane for the interval: ten proofs are no ten budgets.
    expect(await limiter.guess(from('ip-10', 'device-b'), 'guardian', wrong)).toBeUndefined();
    for (const device of ['device-a', 'device-b', 'device-c'])
      await expect(limiter.guess(from(`ip-${device}`, device), 'guardian', right)).rejects.toMatchObject({ status: 429 });
    // A proof of another tenant is no way through guardian's lane.
    await expect(limiter.guess(from('ip-8', 'device-h', 'hennessy'), 'guardian', right)).rejects.toMatchObject({ status: 429 });
    now += 5_000;
    expect(await limiter.guess(from('ip-21', 'device-a'), 'guardian', right)).toBe('granted');
    expect(await limiter.guess(from('ip-6'), 'guardian', right)).toBe('granted');
  });

  it('limits each proof holder per device, braked or not', async () => {
    const limiter = new FailureLimiter(new MemoryFailureLog(), 3, 900_000, Date.now, { max: 1_000, intervalMs: 5_000 });
    for (let i = 0; i < 3; i++) await limiter.guess(from(`ip-${10 + i}`, 'device-b'), 'guardian', wrong);
    await expect(limiter.guess(from('ip-20', 'device-b'), 'guardian', right)).rejects.toMatchObject({ status: 429 });
    expect(await limiter.guess(from('ip-21', 'device-a'), 'guardian', right)).toBe('granted');
  });

  it('fails closed: an attempt that cannot be recorded is not compared, and answers 503 with Retry-After', async () => {
    const broken: FailureLog = {
      reserve: async () => {
        throw new Error('SQLITE_FULL: database or disk is full');
      },
      settle: async () => true,
      release: async () => undefined,
      check: async () => {
        throw new Error('SQLITE_FULL: database or disk is full');
      },
    };
    let compared = false;
    const limiter = new FailureLimiter(broken, 3, 60_000);
    await expect(limiter.guess(from('ip-1'), 'guardian', () => (compared = true))).rejects.toMatchObject({
      status: 503,
      headers: { 'retry-after': expect.any(String) },
    });
    await expect(limiter.check(from('ip-1'), 'guardian', () => (compared = true))).rejects.toMatchObject({ status: 503 });
    expect(compared).toBe(false);
  });

  it('does not answer a wrong guess it cannot record as a failure (503); a right one is answered', async () => {
    const memory = new MemoryFailureLog();
    const unsettled: FailureLog = {
      reserve: (request, admit) => memory.reserve(request, admit),
      settle: async () => {
        throw new Error('SQLITE_IOERR: disk I/O error');
      },
      release: (reservation) => memory.release(reservation),
      check: (request, admit, compare) => memory.check(request, admit, compare),
    };
    const limiter = new FailureLimiter(unsettled, 3, 60_000);
    await expect(limiter.guess(from('ip-1'), 'guardian', wrong)).rejects.toMatchObject({ status: 503, headers: { 'retry-after': expect.any(String) } });
    expect(await limiter.guess(from('ip-1'), 'guardian', right)).toBe('granted');
  });

  it('compares a synchronous secret in the limit’s own turn: parallel wrong ones compare exactly the limit, right ones all pass and leave nothing counted', async () => {
    const limiter = new FailureLimiter(new MemoryFailureLog(), 5, 60_000);
    let compared = 0;
    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        limiter.check(from('ip-1'), 'guardian', () => {
          compared++;
          return undefined;
        }),
      ),
    );
    expect(compared).toBe(5);
    expect(answers.filter((a) => a.status === 'rejected' && (a.reason as { status?: number }).status === 429)).toHaveLength(45);

    const rights = await Promise.all(Array.from({ length: 30 }, () => limiter.check(from('ip-2'), 'guardian', right)));
    expect(rights).toEqual(Array(30).fill('granted'));
    // Nothing was counted for them: four wrong ones are still answered as wrong, the fifth too, then 429.
    for (let i = 0; i < 5; i++) expect(await limiter.check(from('ip-2'), 'guardian', wrong)).toBeUndefined();
    await expect(limiter.check(from('ip-2'), 'guardian', right)).rejects.toMatchObject({ status: 429 });

    // A comparison that throws (a malformed request) is no guess: its error passes and nothing counts.
    const malformed = new Error('store: no such store');
    await expect(
      limiter.check(from('ip-3'), 'guardian', () => {
        throw malformed;
      }),
    ).rejects.toBe(malformed);
    for (let i = 0; i < 5; i++) expect(await limiter.check(from('ip-3'), 'guardian', wrong)).toBeUndefined();
  });
});
