import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoreSession, saveStoreSession, startStoreSession } from './store-session.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const NOW = Date.parse('2030-01-01T12:00:00.000Z');

afterEach(() => vi.unstubAllGlobals());

describe('the store session in sessionStorage', () => {
  it("keeps the token under 'store-session:<tenant>:<store>', for that tenant and store only", () => {
    const storage = memoryStorage();
    saveStoreSession(storage, 'stivers', 'SFRDDC', { token: 'tok-1', expiresAt: '2030-01-01T20:00:00.000Z' });
    expect(JSON.parse(storage.items.get('store-session:stivers:SFRDDC') ?? 'null')).toEqual({ token: 'tok-1', expiresAt: '2030-01-01T20:00:00.000Z' });
    expect(readStoreSession(storage, 'stivers', 'SFRDDC', NOW)).toBe('tok-1');
    expect(readStoreSession(storage, 'stivers', 'SFRDMG', NOW)).toBeUndefined();
    expect(readStoreSession(storage, 'guardian', 'SFRDDC', NOW)).toBeUndefined();
  });

  it('forgets an expired token, and anything it cannot read', () => {
    const storage = memoryStorage();
    saveStoreSession(storage, 'stivers', 'SFRDDC', { token: 'tok-1', expiresAt: '2030-01-01T11:59:59.000Z' });
    expect(readStoreSession(storage, 'stivers', 'SFRDDC', NOW)).toBeUndefined();
    for (const stored of ['not json', '"tok-1"', '{"token":"tok-1"}', '{"token":"","expiresAt":"2030-01-02T00:00:00.000Z"}']) {
      storage.items.set('store-session:stivers:SFRDDC', stored);
      expect(readStoreSession(storage, 'stivers', 'SFRDDC', NOW), stored).toBeUndefined();
    }
    expect(readStoreSession(undefined, 'stivers', 'SFRDDC', NOW)).toBeUndefined();
  });

  it('survives storage that refuses to write', () => {
    const refusing = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => saveStoreSession(refusing, 'stivers', 'SFRDDC', { token: 'tok-1', expiresAt: '2030-01-02T00:00:00.000Z' })).not.toThrow();
  });
});

describe('startStoreSession', () => {
  it("sends the store's code and the typed password, and keeps the token and its expiry", async () => {
    const fetch = vi.fn(async () => Response.json({ token: 'tok-2', role: 'store', store: 'SFRDDC', expires_at: '2030-01-01T20:00:00.000Z' }));
    vi.stubGlobal('fetch', fetch);
    await expect(startStoreSession('https://api.example', 'Stivers Automotive Group', 'SFRDDC', 'decatur-ford')).resolves.toEqual({
      token: 'tok-2',
      expiresAt: '2030-01-01T20:00:00.000Z',
    });
    expect(fetch).toHaveBeenCalledWith(
      'https://api.example/v1/session',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ companyName: 'Stivers Automotive Group', store: 'SFRDDC', password: 'decatur-ford' }) }),
    );
  });

  it("refuses with the order API's answer", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Wrong password' }, { status: 401 })),
    );
    await expect(startStoreSession('https://api.example', 'Stivers Automotive Group', 'SFRDDC', 'nope')).rejects.toMatchObject({
      status: 401,
      message: 'Wrong password',
    });
  });
});
