import type { FormEvent, ReactNode, Ref, RefObject } from 'react';
import { storeLabel, type CheckoutForm, type StoreChoice } from './checkout-order.ts';
import { OrderWishesFields } from './order-wishes-fields.tsx';

export interface DetailsFormProps {
  /** The island's useId(), so every control's id is unique on the page. */
  id: string;
  formRef: RefObject<HTMLFormElement | null>;
  form: CheckoutForm;
  onChange(field: keyof CheckoutForm): (event: { target: { value: string } }) => void;
  /** The code field was left or Enter was pressed in it: check the code now. */
  onCodeDone(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  stores: readonly StoreChoice[];
  bypassMode: boolean;
  payPalOffered: boolean;
  /** What stops the order, listed above the button. */
  problems: readonly string[];
  /** The Checkout button, when the order is placed with a bypass code (or PayPal is not offered). */
  button: { enabled: boolean; busy: boolean; ref?: Ref<HTMLButtonElement> } | undefined;
  /** The order API's refusal of the code in the field ('That bypass code is not valid'), said at the field. */
  codeRefusal?: string;
  /** The code field is empty because leaving the checkout cleared a code accepted earlier. */
  codeCleared?: boolean;
  /** Why the in-hands date cannot be used, said at its field. */
  dateProblem?: string;
}

/** The buyer's details, the store, the bypass code, the problems and the Checkout button: markup only, the flow is the island's. */
export function DetailsForm({
  id,
  formRef,
  form,
  onChange,
  onCodeDone,
  onSubmit,
  stores,
  bypassMode,
  payPalOffered,
  problems,
  button,
  codeRefusal,
  codeCleared = false,
  dateProblem,
}: DetailsFormProps) {
  return (
    <form ref={formRef} className="checkout-form" onSubmit={onSubmit}>
      <div className="checkout-form__row">
        <Field id={`${id}-first`} label="First Name">
          <input
            id={`${id}-first`}
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={100}
            value={form.firstName}
            onChange={onChange('firstName')}
          />
        </Field>
        <Field id={`${id}-last`} label="Last Name">
          <input id={`${id}-last`} name="last_name" autoComplete="family-name" required maxLength={100} value={form.lastName} onChange={onChange('lastName')} />
        </Field>
      </div>
      <Field id={`${id}-email`} label="Email">
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} value={form.email} onChange={onChange('email')} />
      </Field>
      <Field id={`${id}-po`} label="Customer PO">
        <input id={`${id}-po`} name="customer_po" maxLength={100} value={form.customerPo} onChange={onChange('customerPo')} />
      </Field>
      <OrderWishesFields id={id} form={form} onChange={onChange} dateProblem={dateProblem} />
      <Field id={`${id}-store`} label="Store">
        <select id={`${id}-store`} name="store" value={form.store} onChange={onChange('store')}>
          <option value="">None</option>
          {stores.map((store) => (
            <option key={store.code} value={store.code}>
              {storeLabel(store)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-code`} label="Code">
        <input
          id={`${id}-code`}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={form.code}
          onChange={onChange('code')}
          onBlur={onCodeDone}
          onKeyDown={(event) => event.key === 'Enter' && onCodeDone()}
          aria-describedby={`${id}-code-hint`}
          aria-invalid={codeRefusal !== undefined ? true : undefined}
        />
      </Field>
      <p
        id={`${id}-code-hint`}
        className={`checkout-form__hint${codeRefusal !== undefined || codeCleared ? ' checkout-form__hint--problem' : ''}`}
        aria-live="polite"
      >
        {codeRefusal ?? codeHint({ bypassMode, payPalOffered, codeCleared })}
      </p>

      <div className="checkout__problems" aria-live="polite">
        {problems.length > 0 && (
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>

      {button && (
        <div className="checkout__actions">
          <button type="submit" ref={button.ref} className="button checkout__submit" disabled={!button.enabled} aria-busy={button.busy}>
            {button.busy && <span className="checkout__spinner" aria-hidden="true" />}
            Checkout
          </button>
          {button.busy && (
            <span className="visually-hidden" role="status">
              Placing your order…
            </span>
          )}
        </div>
      )}
    </form>
  );
}

function codeHint({ bypassMode, payPalOffered, codeCleared }: { bypassMode: boolean; payPalOffered: boolean; codeCleared: boolean }): string {
  if (bypassMode) return 'Code accepted: this order is placed without payment.';
  // The code is a secret, so it is never kept: said, so a disabled Checkout is not a mystery.
  if (codeCleared) return 'Your bypass code was cleared when you left the checkout (it is never kept): enter it again to place the order.';
  return payPalOffered ? 'Have a bypass code? Enter it to order without payment.' : 'Enter your bypass code to place the order.';
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="checkout-form__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
