import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSecrets, type SecretSet } from '../../site/secret-hash.ts';
import { createBypassChecker, isBypassCode } from './bypass-code.ts';

let codes: SecretSet;
beforeAll(async () => {
  // The build hashes the codes upper-cased.
  codes = await hashSecrets(['NET30GUARD', 'NET60GUARD'], 'guardian/bypass', 1_000);
});
afterEach(() => vi.useRealTimers());

describe('isBypassCode', () => {
  it('accepts a code of the list in any case, with surrounding spaces', async () => {
    await expect(isBypassCode('NET30GUARD', codes)).resolves.toBe(true);
    await expect(isBypassCode(' net60guard ', codes)).resolves.toBe(true);
  });

  it('refuses anything else', async () => {
    for (const code of ['', '   ', 'NET30GUAR', 'NET30GUARDX', 'NET 30GUARD']) await expect(isBypassCode(code, codes), code).resolves.toBe(false);
    await expect(isBypassCode('NET30GUARD', { ...codes, hashes: [] })).resolves.toBe(false);
  });
});

describe('createBypassChecker', () => {
  it('checks once typing pauses, only the last code', async () => {
    vi.useFakeTimers();
    const match = vi.fn(async (code: string) => code === 'NET30GUARD');
    const results: [string, boolean][] = [];
    const checker = createBypassChecker(codes, (code, ok) => results.push([code, ok]), { delayMs: 250, match });
    for (const partial of ['N', 'NE', 'NET30GUAR', 'NET30GUARD']) {
      checker.check(partial);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(match).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(250);
    expect(match).toHaveBeenCalledTimes(1);
    expect(results).toEqual([['NET30GUARD', true]]);
  });

  it('drops a slow result once a newer code was typed', async () => {
    vi.useFakeTimers();
    let release: (value: boolean) => void = () => undefined;
    const match = vi.fn((code: string) => (code === 'NET30GUARD' ? new Promise<boolean>((resolve) => (release = resolve)) : Promise.resolve(false)));
    const results: [string, boolean][] = [];
    const checker = createBypassChecker(codes, (code, ok) => results.push([code, ok]), { delayMs: 10, match });
    checker.check('NET30GUARD');
    await vi.advanceTimersByTimeAsync(10);
    checker.check('NET30GUARDX');
    release(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(results).toEqual([['NET30GUARDX', false]]);
  });

  it('answers an empty code at once, and nothing after dispose', async () => {
    vi.useFakeTimers();
    const results: [string, boolean][] = [];
    const checker = createBypassChecker(codes, (code, ok) => results.push([code, ok]), { delayMs: 10, match: async () => true });
    checker.check('');
    expect(results).toEqual([['', false]]);
    checker.check('NET30GUARD');
    checker.dispose();
    await vi.advanceTimersByTimeAsync(50);
    expect(results).toEqual([['', false]]);
  });

  it('works with the real hashes', async () => {
    const result = await new Promise<[string, boolean]>((resolve) => createBypassChecker(codes, (code, ok) => resolve([code, ok]), { delayMs: 1 }).check('net30guard'));
    expect(result).toEqual(['net30guard', true]);
  });
});
