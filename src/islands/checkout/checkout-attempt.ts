import { readStoredJson } from '../shared/stored-json.ts';

/**
 * One Idempotency-Key per checkout attempt. An attempt is one body: pressing Checkout twice,
 * retrying after a failure (the order API remembers only successes, so a failed request may
 * be retried with its key) or reloading the page and pressing again, all with the same form
 * and cart, reuse the key, so the order API answers the first order again instead of placing
 * a second. Changing anything in the body starts a new attempt (the API would refuse the old
 * key with another body), and an order placed ends the attempt.
 *
 * The key lives in sessionStorage so that a reload while a request was in flight cannot
 * turn into a second order either.
 */

export const ATTEMPT_STORAGE_KEY = 'checkout-attempt';

type AttemptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface SavedAttempt {
  key: string;
  body: string;
}

function readAttempt(storage: AttemptStorage): SavedAttempt | undefined {
  const saved = readStoredJson(storage, ATTEMPT_STORAGE_KEY) as Partial<SavedAttempt> | undefined;
  return typeof saved?.key === 'string' && typeof saved.body === 'string' ? { key: saved.key, body: saved.body } : undefined;
}

/** A random version-4 UUID; works outside secure contexts too, unlike crypto.randomUUID. */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The Idempotency-Key for sending `body`: the current attempt's when the body is the same, else a new attempt's. */
export function attemptKey(body: unknown, storage: AttemptStorage, newKey: () => string = newAttemptKey): string {
  const text = JSON.stringify(body);
  const saved = readAttempt(storage);
  if (saved && saved.body === text) return saved.key;
  const key = newKey();
  storage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify({ key, body: text } satisfies SavedAttempt));
  return key;
}

/** The order was placed: the next checkout is a new attempt. */
export function endAttempt(storage: AttemptStorage): void {
  storage.removeItem(ATTEMPT_STORAGE_KEY);
}
