import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { useEffect, useMemo, useState } from 'react';

/** How long the PayPal script may take before the area says it could not be loaded. */
export const PAYPAL_LOAD_TIMEOUT_MS = 5000;
export const PAYPAL_UNAVAILABLE = 'PayPal could not be loaded. Disable ad blockers or use a bypass code.';

export interface PayPalPaymentProps {
  clientId: string;
  /** The buyer pressed a PayPal button: false stops the payment before it starts (an invalid form). */
  onClick(): boolean;
  /** Creates the order through the order API; resolves to its order id. */
  createOrder(): Promise<string>;
  /** The buyer approved: capture. `restart` reopens PayPal for another funding source. */
  onApprove(orderId: string, restart: () => void): Promise<void>;
  onCancel(): void;
  /** Anything PayPal reports going wrong (its script, its window, or a callback that threw). */
  onError(error: unknown): void;
}

/**
 * PayPal's smart buttons (gold, rectangular, vertical). Mounting this loads PayPal's script,
 * so the checkout mounts it only when payment is possible. If the script fails, or has not
 * arrived within PAYPAL_LOAD_TIMEOUT_MS (an ad blocker, a network filter), the area says so
 * instead of staying blank.
 */
export function PayPalPayment(props: PayPalPaymentProps) {
  const options = useMemo<ReactPayPalScriptOptions>(() => ({ clientId: props.clientId, currency: 'USD', intent: 'capture', components: 'buttons' }), [props.clientId]);
  return (
    <PayPalScriptProvider options={options}>
      <ButtonsOrFallback {...props} />
    </PayPalScriptProvider>
  );
}

const STYLE = { color: 'gold', shape: 'rect', layout: 'vertical' } as const;

function ButtonsOrFallback({ onClick, createOrder, onApprove, onCancel, onError }: PayPalPaymentProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => setLate(true), PAYPAL_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isPending]);

  if (isRejected || (isPending && late)) {
    return (
      <p className="checkout-paypal__unavailable" role="alert">
        {PAYPAL_UNAVAILABLE}
      </p>
    );
  }
  return (
    <>
      {isPending && (
        <p className="checkout-paypal__loading" role="status">
          Loading PayPal…
        </p>
      )}
      <PayPalButtons
        className="checkout-paypal__buttons"
        style={STYLE}
        onClick={(_data, actions) => (onClick() ? actions.resolve() : actions.reject())}
        createOrder={() => createOrder()}
        onApprove={(data, actions) => onApprove(data.orderID, () => actions.restart())}
        onCancel={() => onCancel()}
        onError={(error) => onError(error)}
      />
    </>
  );
}
