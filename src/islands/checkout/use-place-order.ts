import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CreateOrderAnswer } from '../../contracts/order-api-responses.ts';
import { href } from '../../site/routes.ts';
import { cartStore } from '../cart/cart-store.ts';
import { handOverOrder } from '../shared/last-order.ts';
import { errorMessage, OrderApiError, postOrderApi, UNEXPECTED_ERROR } from '../shared/order-api.ts';
import type { CheckoutIslandProps } from '../shared/ordering-props.ts';
import { readStoreSession } from '../shared/store-session.ts';
import type { NoticeKind } from '../shared/use-notice.tsx';
import { attemptKey, endAttempt } from './checkout-attempt.ts';
import {
  canPlaceBypassOrder,
  createOrderBody,
  EMPTY_FORM,
  PAYPAL_ORDER_KEY,
  placedDetails,
  placedOrder,
  type CheckoutForm,
  type PlacedDetails,
  type PricedCheckout,
} from './checkout-order.ts';
import { forgetCodeAccepted, forgetDetails } from './saved-details.ts';

export const ORDER_PLACED = 'Order placed successfully';
/** Long enough to read 'Order placed successfully' before the success page opens. */
const SUCCESS_NAVIGATION_MS = 900;

export interface PlaceOrderInputs {
  props: CheckoutIslandProps;
  checkout: PricedCheckout;
  form: CheckoutForm;
  setForm(form: CheckoutForm): void;
  bypassMode: boolean;
  forgetCode(): void;
  askStorePasswords(error: unknown): Promise<'none' | 'given' | 'cancelled'>;
  show(kind: NoticeKind, message: string): void;
}

/**
 * Sending the order: create-order (once per attempt, under its idempotency key), the bypass
 * order placed at once, and what success does (the success page gets the order, the cart and
 * the details are forgotten). PayPal's flow (use-paypal-flow.ts) shares `createOrder` and `succeed`.
 */
export function usePlaceOrder({ props, checkout, form, setForm, bypassMode, forgetCode, askStorePasswords, show }: PlaceOrderInputs) {
  const { apiBase, companyName, tenantId, base, stores } = props;
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [placed, setPlaced] = useState(false);
  const orderContext = { companyName, storeToken: (storeCode: string) => readStoreSession(sessionStorage, tenantId, storeCode) };
  const showError = (error: unknown) => show('error', errorMessage(error));

  /** `answers`: the order API's answers for the order (create-order's, then capture-order's), whose id and total the success page shows. */
  const succeed = (placedCheckout: PricedCheckout, details: PlacedDetails, orderId: string, answers: unknown[]) => {
    show('success', ORDER_PLACED);
    setForm(EMPTY_FORM);
    forgetDetails(sessionStorage, tenantId);
    forgetCodeAccepted(sessionStorage, tenantId);
    forgetCode();
    handOverOrder(sessionStorage, placedOrder(placedCheckout, details, stores, { orderId, answers }, new Date()));
    sessionStorage.removeItem(PAYPAL_ORDER_KEY);
    endAttempt(sessionStorage);
    cartStore.getState().clear();
    setPlaced(true);
    setTimeout(() => window.location.assign(href(base, { page: 'success' })), SUCCESS_NAVIGATION_MS);
  };

  const createOrder = async (bypassCode?: string): Promise<{ orderId: string; answer: unknown }> => {
    const body = createOrderBody(form, checkout, orderContext, bypassCode);
    const answer = await postOrderApi(apiBase, 'create-order', body, {
      idempotencyKey: attemptKey(body, sessionStorage),
    });
    if (typeof answer?.order_id !== 'string' || answer.order_id === '') throw new OrderApiError(UNEXPECTED_ERROR, 500);
    return { orderId: answer.order_id, answer };
  };

  const placeBypassOrder = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submittingRef.current || placed || !canPlaceBypassOrder(checkout, bypassMode)) return;
    submittingRef.current = true;
    setSubmitting(true);
    const ordered = checkout;
    const details = placedDetails(form);
    try {
      const { orderId, answer } = await createOrder(form.code);
      succeed(ordered, details, orderId, [answer]);
    } catch (error) {
      submittingRef.current = false;
      setSubmitting(false);
      const asked = await askStorePasswords(error);
      if (asked === 'given') await placeBypassOrder();
      else if (asked === 'none') showError(error);
    }
  };

  // Back from the success page, the browser may restore this page as it was left: placed,
  // about to leave. Load it afresh instead (the cart is empty now).
  useEffect(() => {
    if (!placed) return;
    const reload = (event: PageTransitionEvent) => event.persisted && window.location.reload();
    window.addEventListener('pageshow', reload);
    return () => window.removeEventListener('pageshow', reload);
  }, [placed]);

  return { submitting, submittingRef, placed, succeed, createOrder, placeBypassOrder, showError };
}

export type PlaceOrder = ReturnType<typeof usePlaceOrder>;
