import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderApiError } from '../shared/order-api.ts';
import { askOrderApi, createBypassChecker } from './bypass-code.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The order API's answers to POST /v1/session with a code: NET30GUARD and NET60GUARD, in any case. */
function fakeSessionApi() {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { code: string };
    bodies.push(body);
    return ['NET30GUARD', 'NET60GUARD'].includes(body.code.toUpperCase())
      ? Response.json({ token: 'bypass-token', role: 'bypass', expires_at: '2099-01-01T00:00:00.000Z' })
      : Response.json({ message: 'That bypass code is not valid' }, { status: 403 });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, bodies };
}

describe('askOrderApi', () => {
  it("asks the order API with the tenant's company name: 200 is a bypass code, 403 is not, in the server's words", async () => {
    const { fetch, bodies } = fakeSessionApi();
    const match = askOrderApi('https://api.example', 'Guardian Automotive Group');
    await expect(match(' net30guard ')).resolves.toBe(true);
    await expect(match('NET30GUARDX')).resolves.toBe('That bypass code is not valid');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['https://api.example/v1/session', 'https://api.example/v1/session']);
    expect(bodies).toEqual([
      { companyName: 'Guardian Automotive Group', code: 'net30guard' },
      { companyName: 'Guardian Automotive Group', code: 'NET30GUARDX' },
    ]);
  });

  it('throws what it cannot tell: too many wrong guesses, or no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Too many wrong passwords or codes; try again in 60 seconds' }, { status: 429 })),
    );
    await expect(askOrderApi('https://api.example', 'Guardian Automotive Group')('NET30GUARD')).rejects.toMatchObject({
      status: 429,
      message: 'Too many wrong passwords or codes; try again in 60 seconds',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(askOrderApi('https://api.example', 'Guardian Automotive Group')('NET30GUARD')).rejects.toBeInstanceOf(OrderApiError);
  });
});

describe('createBypassChecker', () => {
  it('checks once typing pauses, only the last code', async () => {
    vi.useFakeTimers();
    const match = vi.fn(async (code: string) => code === 'NET30GUARD');
    const results: [string, boolean][] = [];
    const checker = createBypassChecker(match, (code, ok) => results.push([code, ok]), { delayMs: 700 });
    for (const partial of ['N', 'NE', 'NET30GUAR', 'NET30GUARD']) {
      checker.check(partial);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(match).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(700);
    expect(match).toHaveBeenCalledTimes(1);
    expect(results).toEqual([['NET30GUARD', true]]);
  });

  it('checks at once when asked to (blur, Enter), and asks about one code only once', async () => {
    vi.useFakeTimers();
    const match = vi.fn(async (code: string) => code === 'NET30GUARD');
    const results: [string, boolean][] = [];
    const checker = createBypassChecker(match, (code, ok) => results.push([code, ok]), { delayMs: 700 });
    checker.check('NET30GUARD');
    checker.checkNow('NET30GUARD');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([['NET30GUARD', true]]);
    // The pending debounce was replaced, the blur after the pause and the same code typed again reuse the answer.
    await vi.advanceTimersByTimeAsync(1_000);
    checker.checkNow('NET30GUARD');
    await vi.advanceTimersByTimeAsync(0);
    checker.check('NET30GUARDX');
    await vi.advanceTimersByTimeAsync(700);
    checker.check('NET30GUARD');
    await vi.advanceTimersByTimeAsync(0);
    expect(match.mock.calls.map(([code]) => code)).toEqual(['NET30GUARD', 'NET30GUARDX']);
    expect(results).toEqual([
      ['NET30GUARD', true],
      ['NET30GUARD', true],
      ['NET30GUARDX', false],
      ['NET30GUARD', true],
    ]);
  });

  it('drops a slow result once a newer code was typed', async () => {
    vi.useFakeTimers();
    let release: (value: boolean) => void = () => undefined;
    const match = vi.fn((code: string) => (code === 'NET30GUARD' ? new Promise<boolean>((resolve) => (release = resolve)) : Promise.resolve(false)));
    const results: [string, boolean][] = [];
    const checker = createBypassChecker(match, (code, ok) => results.push([code, ok]), { delayMs: 10 });
    checker.check('NET30GUARD');
    await vi.advanceTimersByTimeAsync(10);
    checker.check('NET30GUARDX');
    release(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(results).toEqual([['NET30GUARDX', false]]);
  });

  it('reports a check it could not answer, leaves bypass mode off, and asks again next time', async () => {
    vi.useFakeTimers();
    const limited = new OrderApiError('Too many wrong passwords or codes; try again in 60 seconds', 429);
    const match = vi.fn<(code: string) => Promise<boolean>>().mockRejectedValueOnce(limited).mockResolvedValueOnce(true);
    const results: [string, boolean][] = [];
    const errors: unknown[] = [];
    const checker = createBypassChecker(match, (code, ok) => results.push([code, ok]), { delayMs: 10, onError: (error) => errors.push(error) });
    checker.checkNow('NET30GUARD');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([['NET30GUARD', false]]);
    expect(errors).toEqual([limited]);
    checker.checkNow('NET30GUARD');
    await vi.advanceTimersByTimeAsync(0);
    expect(match).toHaveBeenCalledTimes(2);
    expect(results).toEqual([
      ['NET30GUARD', false],
      ['NET30GUARD', true],
    ]);
  });

  it("passes the order API's refusal on with the code it was for", async () => {
    vi.useFakeTimers();
    const match = vi.fn(async (code: string) => (code === 'NET30GUARD' ? true : 'That bypass code is not valid'));
    const results: [string, boolean, string | undefined][] = [];
    const checker = createBypassChecker(match, (code, ok, refusal) => results.push([code, ok, refusal]), { delayMs: 10 });
    checker.checkNow('NET30GUARDX');
    await vi.advanceTimersByTimeAsync(0);
    checker.checkNow('NET30GUARD');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([
      ['NET30GUARDX', false, 'That bypass code is not valid'],
      ['NET30GUARD', true, undefined],
    ]);
  });

  it('answers an empty code at once without asking, and nothing after dispose', async () => {
    vi.useFakeTimers();
    const results: [string, boolean][] = [];
    const match = vi.fn(async () => true);
    const checker = createBypassChecker(match, (code, ok) => results.push([code, ok]), { delayMs: 10 });
    checker.check('  ');
    expect(results).toEqual([['  ', false]]);
    checker.check('NET30GUARD');
    checker.dispose();
    await vi.advanceTimersByTimeAsync(50);
    expect(results).toEqual([['  ', false]]);
    expect(match).not.toHaveBeenCalled();
  });
});
