import { OrderApiError, postOrderApi } from '../shared/order-api.ts';

/**
 * Every wrong code asked about counts against the order API's limit on wrong guesses, so the
 * check waits for a real pause in typing (a blur or Enter asks at once).
 */
export const BYPASS_CHECK_DELAY_MS = 700;

/**
 * Whether `code` is a bypass code of the tenant: true, or false or the refusal in the order
 * API's words ('That bypass code is not valid'), said at the code field. Throws when that cannot
 * be told (429, no answer).
 */
export type BypassMatch = (code: string) => Promise<boolean | string>;

/**
 * Asks the order API (its `session` call with the code): 200 is a bypass code of the tenant,
 * 403 is not. Anything else throws its OrderApiError: a 429 says how long to wait. The code is
 * compared in upper case by the API, surrounding spaces ignored.
 */
export function askOrderApi(apiBase: string, companyName: string): BypassMatch {
  return async (code) => {
    try {
      await postOrderApi(apiBase, 'session', { companyName, code: code.trim() });
      return true;
    } catch (error) {
      if (error instanceof OrderApiError && error.status === 403) return error.message;
      throw error;
    }
  };
}

export interface BypassChecker {
  /** Checks `code` once typing pauses; `onResult` hears only about the last code given. */
  check(code: string): void;
  /** Checks `code` now (the field lost focus, or Enter was pressed). */
  checkNow(code: string): void;
  dispose(): void;
}

export interface BypassCheckerOptions {
  delayMs?: number;
  /** A check that could not be answered (429, no answer), for the last code given. */
  onError?: (error: unknown, code: string) => void;
}

/**
 * Debounced bypass-code checks. A result that arrives after a newer code was typed is
 * dropped, so a slow check of 'NET30GUAR' can never switch bypass mode on for 'NET30GUARDX'.
 * Each code is asked about once per page: the same code again (typed back, or checked on blur
 * after the pause) reuses its answer or the request under way, so it costs no second guess.
 */
export function createBypassChecker(
  match: BypassMatch,
  onResult: (code: string, matches: boolean, refusal?: string) => void,
  { delayMs = BYPASS_CHECK_DELAY_MS, onError }: BypassCheckerOptions = {},
): BypassChecker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  /** Each code's answer, or the request under way; one that could not be answered is dropped. */
  const answers = new Map<string, Promise<boolean | string>>();

  const run = (code: string, ticket: number) => {
    let answer = answers.get(code);
    if (!answer) {
      const asked = match(code);
      answer = asked;
      answers.set(code, asked);
      asked.catch(() => answers.get(code) === asked && answers.delete(code));
    }
    answer.then(
      (verdict) => ticket === latest && onResult(code, verdict === true, typeof verdict === 'string' ? verdict : undefined),
      (error: unknown) => {
        if (ticket !== latest) return;
        onResult(code, false);
        onError?.(error, code);
      },
    );
  };

  const schedule = (code: string, delay: number) => {
    clearTimeout(timer);
    const ticket = ++latest;
    if (code.trim() === '') {
      onResult(code, false);
      return;
    }
    if (delay === 0 || answers.has(code)) run(code, ticket);
    else timer = setTimeout(() => run(code, ticket), delay);
  };

  return {
    check: (code) => schedule(code, delayMs),
    checkNow: (code) => schedule(code, 0),
    dispose() {
      clearTimeout(timer);
      latest++;
    },
  };
}
