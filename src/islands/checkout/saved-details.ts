import type { CheckoutForm } from './checkout-order.ts';

/** The checkout's fields that are kept for the browser session: never the code. */
export type SavedDetails = Pick<CheckoutForm, 'firstName' | 'lastName' | 'email' | 'customerPo' | 'store'>;

const FIELDS = ['firstName', 'lastName', 'email', 'customerPo', 'store'] as const satisfies readonly (keyof SavedDetails)[];

function savedDetailsKey(tenantId: string): string {
  return `checkout-details:${tenantId}`;
}

/**
 * What the buyer typed at checkout survives Back, a reload and a detour to the catalog: kept in
 * sessionStorage per tenant, so it is gone with the browser session. The bypass code is never
 * kept (a secret); an order placed forgets the rest.
 */
export function readSavedDetails(storage: Pick<Storage, 'getItem'> | undefined, tenantId: string): Partial<SavedDetails> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(savedDetailsKey(tenantId)) ?? 'null');
    if (value === null || typeof value !== 'object') return {};
    const saved: Partial<SavedDetails> = {};
    for (const field of FIELDS) {
      const text = (value as Record<string, unknown>)[field];
      if (typeof text === 'string') saved[field] = text;
    }
    return saved;
  } catch {
    return {};
  }
}

/** Keeps the form's details; an empty form (as an order placed leaves it) keeps nothing. */
export function saveDetails(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, tenantId: string, form: SavedDetails): void {
  if (FIELDS.every((field) => form[field] === '')) return forgetDetails(storage, tenantId);
  const kept = Object.fromEntries(FIELDS.map((field) => [field, form[field]]));
  try {
    storage?.setItem(savedDetailsKey(tenantId), JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the details are then kept only while the page is open.
  }
}

export function forgetDetails(storage: Pick<Storage, 'removeItem'> | undefined, tenantId: string): void {
  try {
    storage?.removeItem(savedDetailsKey(tenantId));
  } catch {
    // Nothing kept to forget.
  }
}
