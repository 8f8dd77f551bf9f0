import { useEffect, useState } from 'react';
import { EMPTY_FORM, type CheckoutForm } from './checkout-order.ts';
import { readSavedDetails, saveDetails } from './saved-details.ts';

/**
 * The checkout's details form: what the buyer typed before (Back, a reload, a detour to the
 * catalog) comes back, never the code; a cart of customs plates added from one store's
 * catalog chooses that store while the buyer has chosen none.
 */
export function useCheckoutForm(tenantId: string, linesStore: string | undefined) {
  const [form, setForm] = useState<CheckoutForm>(() => {
    const saved = readSavedDetails(sessionStorage, tenantId);
    return { ...EMPTY_FORM, ...saved, store: saved.store || (linesStore ?? '') };
  });
  useEffect(() => saveDetails(sessionStorage, tenantId, form), [tenantId, form]);
  useEffect(() => {
    if (linesStore !== undefined) setForm((current) => (current.store === '' ? { ...current, store: linesStore } : current));
  }, [linesStore]);
  const update = (field: keyof CheckoutForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  return { form, setForm, update };
}
