import type { SessionAnswer } from '../../contracts/order-api-responses.ts';
import { postOrderApi } from './order-api.ts';
import { readStoredJson, writeStoredJson } from './stored-json.ts';

/**
 * A store session of the order API (the `session` call with the store's code and password):
 * the token that proves this browser session was given the store's password. The stores page
 * writes it when the password is accepted; the checkout sends the tokens of the stores in the
 * cart (`store_tokens`), because the order API accepts a password store's customs products
 * only with that store's token. Kept in sessionStorage, like the order session, so it is gone
 * when the browser session ends.
 */
export interface StoreSession {
  token: string;
  expiresAt: string;
}

/**
 * What the stores page, and a password store's catalog page, tell their script
 * (src/runtime/client/stores.ts): whom to ask about a store's password, and on a store's
 * catalog page the store to ask for on arrival. No secret.
 */
export interface StoresPageData {
  tenantId: string;
  companyName: string;
  apiBase: string;
  gate?: { code: string; name: string };
}

function storeSessionKey(tenantId: string, storeCode: string): string {
  return `store-session:${tenantId}:${storeCode}`;
}

/** Whether this browser session holds a live session of the store (its password was given). */
export function hasStoreSession(storage: Pick<Storage, 'getItem'> | undefined, tenantId: string, storeCode: string): boolean {
  return readStoreSession(storage, tenantId, storeCode) !== undefined;
}

/** Whether this browser session has unlocked the store; false where the browser refuses storage (private mode). */
export function isStoreUnlocked(tenantId: string, storeCode: string): boolean {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return hasStoreSession(storage, tenantId, storeCode);
}

/** The store's token, unless none is stored, it cannot be read or it has expired. */
export function readStoreSession(storage: Pick<Storage, 'getItem'> | undefined, tenantId: string, storeCode: string, now = Date.now()): string | undefined {
  const value = readStoredJson(storage, storeSessionKey(tenantId, storeCode));
  if (value === undefined || typeof value !== 'object') return undefined;
  const { token, expiresAt } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'string') return undefined;
  return Date.parse(expiresAt) > now ? token : undefined;
}

/**
 * Where storage refuses (private mode, full), the checkout has no token to send, and the order
 * API says which store's password is missing.
 */
export function saveStoreSession(storage: Pick<Storage, 'setItem'> | undefined, tenantId: string, storeCode: string, session: StoreSession): void {
  writeStoredJson(storage, storeSessionKey(tenantId, storeCode), { token: session.token, expiresAt: session.expiresAt });
}

/** Exchanges a store's password for its session; throws OrderApiError (401 'Wrong password', 429…) otherwise. */
export async function startStoreSession(apiBase: string, companyName: string, storeCode: string, password: string): Promise<StoreSession> {
  const answer = await postOrderApi(apiBase, 'session', { companyName, store: storeCode, password });
  return { token: answer.token, expiresAt: answer.expires_at };
}
