import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';

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
 * How far below the screen the payment area may still be when PayPal's script starts loading:
 * a short scroll away, so the buttons are usually there by the time the buyer is, while a
 * phone's first screen of the checkout (cart, then details) fetches nothing of PayPal's.
 */
const LOAD_AHEAD = '0px 0px 200px 0px';

/**
 * PayPal's smart buttons (gold, rectangular, vertical). Mounting the provider loads PayPal's
 * script (a new origin and about 200 KB of third-party JavaScript), so it is mounted only when
 * the buyer is about to pay: the payment area comes near the screen, or the buyer starts filling
 * in the checkout. A phone's first paint of the checkout then waits for nothing of PayPal's.
 * If the script fails, or has not arrived within PAYPAL_LOAD_TIMEOUT_MS (an ad blocker, a
 * network filter), the area says so instead of staying blank.
 */
export function PayPalPayment(props: PayPalPaymentProps) {
  const area = useRef<HTMLDivElement>(null);
  const reached = usePaymentReached(area);
  const options = useMemo<ReactPayPalScriptOptions>(
    () => ({ clientId: props.clientId, currency: 'USD', intent: 'capture', components: 'buttons' }),
    [props.clientId],
  );
  return (
    <div ref={area} className="checkout-paypal__area">
      {reached ? (
        <PayPalScriptProvider options={options}>
          <ButtonsOrFallback {...props} />
        </PayPalScriptProvider>
      ) : (
        <p className="checkout-paypal__loading">Loading PayPal…</p>
      )}
    </div>
  );
}

/**
 * Whether the buyer has come near paying in this page: kept for the page's life, so the area
 * unmounted and mounted again (a bypass code typed, then removed) shows its buttons at once.
 */
let paymentReachedInPage = false;

/** True from the moment the area is within LOAD_AHEAD of the screen or the buyer works in the checkout; never false again. */
function usePaymentReached(area: RefObject<HTMLDivElement | null>): boolean {
  const [reached, setReached] = useState(paymentReachedInPage);
  useEffect(() => {
    const element = area.current;
    if (reached || !element) return;
    const reach = () => {
      paymentReachedInPage = true;
      setReached(true);
    };
    // Without IntersectionObserver (old browsers) there is no way to wait: load at once.
    if (typeof IntersectionObserver === 'undefined') return reach();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reach(), { rootMargin: LOAD_AHEAD });
    observer.observe(element);
    const checkout = element.closest('.checkout') ?? document;
    checkout.addEventListener('focusin', reach);
    checkout.addEventListener('pointerdown', reach);
    return () => {
      observer.disconnect();
      checkout.removeEventListener('focusin', reach);
      checkout.removeEventListener('pointerdown', reach);
    };
  }, [area, reached]);
  return reached;
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
