import type { SessionAnswer } from '../../contracts/order-api-responses.ts';
import { OrderApiError, postOrderApi, UNEXPECTED_ERROR } from './order-api.ts';
import { readStoredJson, removeStored, writeStoredJson } from './stored-json.ts';

/**
 * A tenant session of the order API (the order API's `session` call): the token that unlocks the tenant's
 * order history, kept in sessionStorage so one browser session asks for the password once.
 * The entry screen writes it when its password leads to a tenant; the orders page reads it.
 */
export interface OrderSession {
  token: string;
  role: Extract<SessionAnswer['role'], 'staff' | 'admin'>;
  expiresAt: string;
}

function sessionKey(tenantId: string): string {
  return `order-session:${tenantId}`;
}

/** The stored session, unless there is none, it cannot be read or it has expired. */
export function readOrderSession(storage: Pick<Storage, 'getItem'> | undefined, tenantId: string, now = Date.now()): OrderSession | undefined {
  const value = readStoredJson(storage, sessionKey(tenantId));
  if (value === undefined || typeof value !== 'object') return undefined;
  const { token, role, expiresAt } = value as Record<string, unknown>;
  if (typeof token !== 'string' || (role !== 'staff' && role !== 'admin') || typeof expiresAt !== 'string') return undefined;
  return Date.parse(expiresAt) > now ? { token, role, expiresAt } : undefined;
}

/** Where storage refuses (private mode, full), the session lasts as long as the page. */
export function saveOrderSession(storage: Pick<Storage, 'setItem'> | undefined, tenantId: string, session: OrderSession): void {
  writeStoredJson(storage, sessionKey(tenantId), session);
}

export function forgetOrderSession(storage: Pick<Storage, 'removeItem'> | undefined, tenantId: string): void {
  removeStored(storage, sessionKey(tenantId));
}

/** Exchanges a password for a session; throws OrderApiError (401 'Wrong password', 429…) otherwise. */
export async function startOrderSession(apiBase: string, companyName: string, password: string): Promise<OrderSession> {
  // A password without a store or code starts a staff or admin session.
  return orderSessionOf(await postOrderApi(apiBase, 'session', { companyName, password }));
}

/** A password session's answer as the browser keeps it; a password alone never grants a bypass or store session, so either is a broken answer. */
export function orderSessionOf(answer: SessionAnswer): OrderSession {
  if (answer.role !== 'staff' && answer.role !== 'admin') throw new OrderApiError(UNEXPECTED_ERROR, 500);
  return { token: answer.token, role: answer.role, expiresAt: answer.expires_at };
}
