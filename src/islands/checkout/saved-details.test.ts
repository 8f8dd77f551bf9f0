import { describe, expect, it } from 'vitest';
import { forgetDetails, readSavedDetails, saveDetails } from './saved-details.ts';

/** sessionStorage as the functions use it: strings by key. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value), removeItem: (key) => void values.delete(key) };
}

describe('the checkout details kept for the browser session', () => {
  it('keeps names, e-mail, customer PO, store, in-hands date and note per tenant, never the code', () => {
    const storage = memoryStorage();
    const details = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      customerPo: 'PO-7',
      store: 'SFRDDC',
      inHandsDate: '2031-04-01',
      supplierNote: 'Rush',
    };
    const form = { ...details, code: 'NET30GUARD' };
    saveDetails(storage, 'stivers', form);
    expect(storage.getItem('checkout-details:stivers')).not.toContain('NET30GUARD');
    expect(readSavedDetails(storage, 'stivers')).toEqual(details);
    expect(readSavedDetails(storage, 'guardian')).toEqual({});
    forgetDetails(storage, 'stivers');
    expect(readSavedDetails(storage, 'stivers')).toEqual({});
    // The form an order placed leaves behind keeps nothing either.
    saveDetails(storage, 'stivers', form);
    saveDetails(storage, 'stivers', { firstName: '', lastName: '', email: '', customerPo: '', store: '', inHandsDate: '', supplierNote: '' });
    expect(storage.getItem('checkout-details:stivers')).toBeNull();
  });

  it('reads back only text fields, and nothing from what is not its own JSON', () => {
    const storage = memoryStorage();
    storage.setItem('checkout-details:first', '{"firstName":7,"email":"a@b.c","code":"X"}');
    expect(readSavedDetails(storage, 'first')).toEqual({ email: 'a@b.c' });
    storage.setItem('checkout-details:first', 'not json');
    expect(readSavedDetails(storage, 'first')).toEqual({});
  });
});
