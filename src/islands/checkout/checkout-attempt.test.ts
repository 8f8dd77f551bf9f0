import { describe, expect, it } from 'vitest';
import { ATTEMPT_STORAGE_KEY, attemptKey, endAttempt, newAttemptKey } from './checkout-attempt.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const body = { first_name: 'Dana', cart: [{ code: 'K500', quantity: 12 }], bypassPaypal: true, code: 'NET30GUARD' };

describe('attemptKey', () => {
  it('reuses the key for the same body: a double click, a retry after a failure, a reload', () => {
    const storage = memoryStorage();
    const first = attemptKey(body, storage);
    expect(attemptKey({ ...body }, storage)).toBe(first);
    // A reload reads the same sessionStorage.
    const reloaded = { ...memoryStorage(), getItem: storage.getItem, setItem: storage.setItem, removeItem: storage.removeItem };
    expect(attemptKey(JSON.parse(JSON.stringify(body)), reloaded)).toBe(first);
  });

  it('starts a new attempt when anything in the body changes', () => {
    const storage = memoryStorage();
    const first = attemptKey(body, storage);
    const changed = attemptKey({ ...body, cart: [{ code: 'K500', quantity: 13 }] }, storage);
    expect(changed).not.toBe(first);
    // Going back to the first body is yet another attempt: only the latest is remembered.
    expect(attemptKey(body, storage)).not.toBe(first);
  });

  it('starts a new attempt after an order was placed', () => {
    const storage = memoryStorage();
    const first = attemptKey(body, storage);
    endAttempt(storage);
    expect(storage.map.has(ATTEMPT_STORAGE_KEY)).toBe(false);
    expect(attemptKey(body, storage)).not.toBe(first);
  });

  it('ignores unreadable stored attempts', () => {
    const storage = memoryStorage();
    storage.setItem(ATTEMPT_STORAGE_KEY, '{not json');
    const key = attemptKey(body, storage, () => 'fresh');
    expect(key).toBe('fresh');
    storage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify({ key: 7, body: JSON.stringify(body) }));
    expect(attemptKey(body, storage, () => 'fresher')).toBe('fresher');
  });
});

describe('newAttemptKey', () => {
  it('makes distinct version-4 UUIDs', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newAttemptKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
