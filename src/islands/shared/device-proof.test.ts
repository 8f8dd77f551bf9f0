import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceProofHeader, keepDeviceProof } from './device-proof.ts';
import { postOrderApi } from './order-api.ts';

/** A JWT-shaped proof naming `tenant` (the API signs real ones; the browser only reads the subject). */
function proofFor(tenant: string, device: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: tenant, dev: device })}.c2lnbmF0dXJl`;
}

/** localStorage as a browser has it: strings by key. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('device proofs in the browser', () => {
  it('keeps one proof per storefront, newest first, and ignores what is not a proof', () => {
    const storage = memoryStorage();
    expect(deviceProofHeader(storage)).toBeUndefined();
    keepDeviceProof(storage, proofFor('guardian', 'a'));
    keepDeviceProof(storage, proofFor('hennessy', 'a'));
    keepDeviceProof(storage, proofFor('guardian', 'b'));
    keepDeviceProof(storage, 'not a proof');
    keepDeviceProof(storage, null);
    expect(deviceProofHeader(storage)).toBe(`${proofFor('guardian', 'b')}, ${proofFor('hennessy', 'a')}`);
    storage.setItem('order-api-device-proofs', '{broken');
    expect(deviceProofHeader(storage)).toBeUndefined();
  });

  it('the order API client keeps the proof an answer brings and sends it with the next call', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const sent: (string | null)[] = [];
    const proof = proofFor('guardian', 'device-1');
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('device-proof'));
      return new Response(JSON.stringify({ token: 't', role: 'bypass' }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'device-proof': proof },
      });
    });
    await postOrderApi('http://api.example', 'session', { companyName: 'Guardian', code: 'X' });
    await postOrderApi('http://api.example', 'desk-audit', { order_id: 'A-1' });
    expect(sent).toEqual([null, proof]);
  });
});
