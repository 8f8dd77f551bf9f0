import { useEffect, useRef } from 'react';
import { localToday, SUPPLIER_NOTE_MAX } from '../../domain/in-hands-date.ts';
import type { CheckoutForm } from './checkout-order.ts';

/**
 * What the buyer asks of the supplier: the day the goods must be in hand and a note. A past
 * day is said at the date field and stops the order there (the field's own validity, so
 * PayPal's buttons and the Checkout button both wait for it).
 */
export function OrderWishesFields({
  id,
  form,
  onChange,
  dateProblem,
}: {
  id: string;
  form: CheckoutForm;
  onChange(field: keyof CheckoutForm): (event: { target: { value: string } }) => void;
  dateProblem: string | undefined;
}) {
  const dateRef = useRef<HTMLInputElement>(null);
  useEffect(() => dateRef.current?.setCustomValidity(dateProblem ?? ''), [dateProblem]);
  return (
    <>
      <div className="checkout-form__field">
        <label htmlFor={`${id}-in-hands`}>In-hands date (optional)</label>
        <input
          ref={dateRef}
          id={`${id}-in-hands`}
          name="in_hands_date"
          type="date"
          min={localToday(new Date())}
          value={form.inHandsDate}
          onChange={onChange('inHandsDate')}
          aria-describedby={`${id}-in-hands-hint`}
          aria-invalid={dateProblem !== undefined ? true : undefined}
        />
      </div>
      <p id={`${id}-in-hands-hint`} className={`checkout-form__hint${dateProblem !== undefined ? ' checkout-form__hint--problem' : ''}`} aria-live="polite">
        {dateProblem ?? 'The day you need the order in hand, if there is one.'}
      </p>
      <div className="checkout-form__field">
        <label htmlFor={`${id}-note`}>Note to the supplier (optional)</label>
        <input
          id={`${id}-note`}
          name="supplier_note"
          maxLength={SUPPLIER_NOTE_MAX}
          value={form.supplierNote}
          onChange={onChange('supplierNote')}
          placeholder="Delivery instructions, event name…"
        />
      </div>
    </>
  );
}
