import type { CheckoutForm } from './checkout-order.ts';
import { readStoredJson, removeStored, writeStoredJson } from '../shared/stored-json.ts';

/** The checkout's fields that are kept for the browser session: never the code. */
export type SavedDetails = Pick<CheckoutForm, 'firstName' | 'lastName' | 'email' | 'customerPo' | 'store' | 'inHandsDate' | 'supplierNote'>;

const FIELDS = ['firstName', 'lastName', 'email', 'customerPo', 'store', 'inHandsDate', 'supplierNote'] as const satisfies readonly (keyof SavedDetails)[];

function savedDetailsKey(tenantId: string): string {
  return `checkout-details:${tenantId}`;
}

/**
 * What the buyer typed at checkout survives Back, a reload and a detour to the catalog: kept in
 * sessionStorage per tenant, so it is gone with the browser session. The bypass code is never
 * kept (a secret); an order placed forgets the rest.
 */
export function readSavedDetails(storage: Pick<Storage, 'getItem'> | undefined, tenantId: string): Partial<SavedDetails> {
  const value = readStoredJson(storage, savedDetailsKey(tenantId));
  if (value === undefined || typeof value !== 'object') return {};
  const saved: Partial<SavedDetails> = {};
  for (const field of FIELDS) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text === 'string') saved[field] = text;
  }
  return saved;
}

/** Keeps the form's details; an empty form (as an order placed leaves it) keeps nothing. */
export function saveDetails(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, tenantId: string, form: SavedDetails): void {
  if (FIELDS.every((field) => form[field] === '')) return forgetDetails(storage, tenantId);
  const kept = Object.fromEntries(FIELDS.map((field) => [field, form[field]]));
  writeStoredJson(storage, savedDetailsKey(tenantId), kept);
}

export function forgetDetails(storage: Pick<Storage, 'removeItem'> | undefined, tenantId: string): void {
  removeStored(storage, savedDetailsKey(tenantId));
}

function codeAcceptedKey(tenantId: string): string {
  return `checkout-code-accepted:${tenantId}`;
}

/** A bypass code was accepted at this tenant's checkout in this browser session: a fact, never the code. */
export function rememberCodeAccepted(storage: Pick<Storage, 'setItem'> | undefined, tenantId: string): void {
  writeStoredJson(storage, codeAcceptedKey(tenantId), true);
}

/** Whether a code was accepted earlier in the session, so an empty code field can say it was cleared on leaving. */
export function codeWasAccepted(storage: Pick<Storage, 'getItem'> | undefined, tenantId: string): boolean {
  return readStoredJson(storage, codeAcceptedKey(tenantId)) === true;
}

/** An order placed: the next checkout starts without a word about an earlier code. */
export function forgetCodeAccepted(storage: Pick<Storage, 'removeItem'> | undefined, tenantId: string): void {
  removeStored(storage, codeAcceptedKey(tenantId));
}
