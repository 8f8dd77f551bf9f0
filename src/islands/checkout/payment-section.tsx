import { useState, type ReactNode } from 'react';
import { orderNumber } from '../../domain/order-number.ts';
import { PAYMENT_PROCESSING } from './capture-answer.ts';
import { onRequestPaymentNote, type PricedCheckout } from './checkout-order.ts';

/**
 * Where a PayPal payment stands after the buyer approved it: being captured while PayPal
 * processes it, or still processing when the checkout stopped asking (the order exists).
 */
export type PaymentState = { state: 'processing'; orderId: string } | { state: 'unconfirmed'; orderId: string };

/** Why the PayPal buttons are not shown for this cart. */
export function unpayableReason(checkout: Pick<PricedCheckout, 'lines' | 'problems' | 'onRequestLines'>): string {
  if (checkout.lines.length === 0) return 'Add items to your cart to pay.';
  if (checkout.problems.length > 0) return 'Fix the problems above to pay.';
  if (checkout.onRequestLines > 0) return onRequestPaymentNote(checkout.onRequestLines);
  return 'There is nothing to pay: enter your bypass code to place the order.';
}

/**
 * The Payment section: its help, where the payment stands, and the PayPal buttons (children)
 * or, when the cart cannot be paid, why not. Once a payment is left unconfirmed, no buttons:
 * the buyer must not pay twice.
 */
export function PaymentSection({
  id,
  payment,
  unpayable,
  children,
}: {
  id: string;
  payment: PaymentState | undefined;
  unpayable: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="checkout-paypal" aria-labelledby={`${id}-payment`}>
      <div className="checkout-paypal__header">
        <h2 id={`${id}-payment`} className="checkout__heading">
          Payment
        </h2>
        <PaymentHelp id={`${id}-payment-help`} />
      </div>
      <PaymentStatus payment={payment} />
      {payment?.state === 'unconfirmed' ? null : unpayable === undefined ? children : <p className="checkout-form__hint">{unpayable}</p>}
    </section>
  );
}

/**
 * Said where the PayPal buttons are, in one live region: that PayPal is still processing the
 * payment, and, once the checkout stops waiting, what that means for the buyer.
 */
function PaymentStatus({ payment }: { payment: PaymentState | undefined }) {
  return (
    <div className={`checkout-paypal__status${payment ? ' notice' : ''}`} role="status">
      {payment?.state === 'processing' && <p>{PAYMENT_PROCESSING} PayPal is confirming your payment. Please wait and do not refresh the page.</p>}
      {payment?.state === 'unconfirmed' && (
        <>
          <p>
            <strong>Payment processing.</strong> PayPal has not confirmed your payment yet. Your order number is <strong>{orderNumber(payment.orderId)}</strong>
            .
          </p>
          <p>Do not pay again: the dealership is e-mailed your order as soon as PayPal confirms the payment. Your cart is kept on this page.</p>
        </>
      )}
    </div>
  );
}

/** The payment help: shown on hover or focus, toggled by a press (touch), hidden again with Escape. */
function PaymentHelp({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={`help${open ? ' help--open' : ''}${dismissed ? ' help--dismissed' : ''}`}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => {
        setOpen(false);
        setDismissed(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setOpen(false);
          setDismissed(true);
        }
      }}
    >
      <button type="button" className="help__button" aria-label="Payment help" aria-describedby={id} onClick={() => setOpen(!open)}>
        ?
      </button>
      <span role="tooltip" id={id} className="help__tip">
        If the PayPal buttons do not appear, disable your ad blocker. Do not refresh the page while entering your payment.
      </span>
    </span>
  );
}
