import { describe, expect, it } from 'vitest';
import { readStoredJson, removeStored, writeStoredJson } from './stored-json.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value), removeItem: (key) => void values.delete(key) };
}

/** Storage as a browser in private mode or over its quota may behave: every call throws. */
const refusing: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

describe('JSON kept in browser storage', () => {
  it('reads back what it wrote, and nothing once removed', () => {
    const storage = memoryStorage();
    writeStoredJson(storage, 'k', { token: 't', list: [1, 2] });
    expect(readStoredJson(storage, 'k')).toEqual({ token: 't', list: [1, 2] });
    removeStored(storage, 'k');
    expect(readStoredJson(storage, 'k')).toBeUndefined();
  });

  it('reads undefined from no storage, a missing key, JSON null and text that is not JSON', () => {
    const storage = memoryStorage();
    expect(readStoredJson(undefined, 'k')).toBeUndefined();
    expect(readStoredJson(storage, 'k')).toBeUndefined();
    storage.setItem('k', 'null');
    expect(readStoredJson(storage, 'k')).toBeUndefined();
    storage.setItem('k', '{"cut off');
    expect(readStoredJson(storage, 'k')).toBeUndefined();
  });

  it('lets the page go on when storage refuses to read, write or remove', () => {
    expect(readStoredJson(refusing, 'k')).toBeUndefined();
    expect(() => writeStoredJson(refusing, 'k', { a: 1 })).not.toThrow();
    expect(() => removeStored(refusing, 'k')).not.toThrow();
    expect(() => writeStoredJson(undefined, 'k', { a: 1 })).not.toThrow();
  });
});
