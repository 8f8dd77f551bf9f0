import { useRef, useState, type RefObject } from 'react';
import { postOrderApiAnswer } from '../shared/order-api.ts';
import { afterCaptureFailure, captureUntilSettled } from './capture-answer.ts';
import { endAttempt } from './checkout-attempt.ts';
import { PAYPAL_ORDER_KEY, placedDetails, type CheckoutForm, type PlacedDetails, type PricedCheckout } from './checkout-order.ts';
import type { PaymentState } from './payment-section.tsx';
import type { PlaceOrder } from './use-place-order.ts';

export const PROVIDER_ERROR = 'Encountered error during checkout';

/**
 * PayPal's callbacks: create the order when a button is pressed, capture it once approved
 * (asking again while PayPal is still processing), and say what failed. A PayPal order that
 * cannot be captured any more makes the next press start a new one, under a new key.
 */
export function usePayPalFlow({
  apiBase,
  companyName,
  checkout,
  form,
  formRef,
  place,
  askStorePasswords,
  show,
}: {
  apiBase: string;
  companyName: string;
  checkout: PricedCheckout;
  form: CheckoutForm;
  formRef: RefObject<HTMLFormElement | null>;
  place: PlaceOrder;
  askStorePasswords(error: unknown): Promise<'none' | 'given' | 'cancelled'>;
  show(kind: 'success' | 'error', message: string): void;
}) {
  const [payment, setPayment] = useState<PaymentState>();
  /** The PayPal order being paid: the cart and details it was created for, and create-order's answer. */
  const paypalOrder = useRef<{ id: string; checkout: PricedCheckout; details: PlacedDetails; answer: unknown }>(undefined);
  /** An error already shown to the buyer, so PayPal's onError that follows adds no second message. */
  const errorShown = useRef(false);
  const { submittingRef, succeed, showError } = place;

  const handlers = {
    onClick: () => !place.placed && !submittingRef.current && (formRef.current?.reportValidity() ?? false),
    createOrder: async () => {
      errorShown.current = false;
      const ordered = checkout;
      const details = placedDetails(form);
      try {
        const { orderId, answer } = await place.createOrder();
        sessionStorage.setItem(PAYPAL_ORDER_KEY, orderId);
        paypalOrder.current = { id: orderId, checkout: ordered, details, answer };
        return orderId;
      } catch (error) {
        // PayPal's window is closed by the failure: once the passwords are given, the buyer pays again.
        errorShown.current = true;
        void askStorePasswords(error).then((asked) => {
          if (asked === 'given') show('success', 'Store password accepted: choose a payment button again');
          else if (asked === 'none') showError(error);
        });
        throw error;
      }
    },
    onApprove: async (approvedId: string, restart: () => void) => {
      const orderId = approvedId || sessionStorage.getItem(PAYPAL_ORDER_KEY) || '';
      submittingRef.current = true;
      const created = paypalOrder.current?.id === orderId ? paypalOrder.current : undefined;
      const paidCheckout = created?.checkout ?? checkout;
      const paidDetails = created?.details ?? placedDetails(form);
      const result = await captureUntilSettled(() => postOrderApiAnswer(apiBase, 'capture-order', { order_id: orderId, companyName }), {
        onProcessing: () => setPayment({ state: 'processing', orderId }),
      });
      if (result.outcome === 'paid') {
        setPayment(undefined);
        succeed(paidCheckout, paidDetails, orderId, [created?.answer, result.data]);
        return;
      }
      if (result.outcome === 'processing') {
        // The order exists and PayPal may still complete it: paying again could pay twice, so
        // the buttons stay off. The cart stays as it is; nothing is lost.
        setPayment({ state: 'unconfirmed', orderId });
        return;
      }
      setPayment(undefined);
      submittingRef.current = false;
      showError(result.error);
      const next = afterCaptureFailure(result.error);
      if (next === 'restart') restart();
      if (next === 'new-order') {
        // That PayPal order is finished: the next press must create a new one, under a new key.
        endAttempt(sessionStorage);
        sessionStorage.removeItem(PAYPAL_ORDER_KEY);
        paypalOrder.current = undefined;
      }
    },
    onCancel: () => {
      sessionStorage.removeItem(PAYPAL_ORDER_KEY);
    },
    onError: (error: unknown) => {
      console.error('PayPal checkout error', error);
      if (errorShown.current) errorShown.current = false;
      else show('error', PROVIDER_ERROR);
    },
  };
  return { payment, handlers };
}
