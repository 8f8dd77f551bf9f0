import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { PasswordDialog } from '../../components/password-dialog.tsx';
import type { CreateOrderAnswer } from '../../contracts/order-api-responses.ts';
import { href } from '../../site/routes.ts';
import { cartStore, hydrateCart } from '../cart/cart-store.ts';
import { CATALOG_PRICES_UNAVAILABLE, useCatalogPrices, type CatalogPrices } from '../shared/catalog-price-file.ts';
import { handOverOrder } from '../shared/last-order.ts';
import { errorMessage, OrderApiError, postOrderApi, postOrderApiAnswer, UNEXPECTED_ERROR } from '../shared/order-api.ts';
import type { CheckoutIslandProps } from '../shared/ordering-props.ts';
import { hasStoreSession, readStoreSession } from '../shared/store-session.ts';
import { useNotice } from '../shared/use-notice.tsx';
import { askOrderApi, createBypassChecker } from './bypass-code.ts';
import { afterCaptureFailure, captureUntilSettled } from './capture-answer.ts';
import { attemptKey, endAttempt } from './checkout-attempt.ts';
import { CheckoutCart } from './checkout-cart.tsx';
import {
  canPayWithPayPal,
  canPlaceBypassOrder,
  createOrderBody,
  EMPTY_FORM,
  PAYPAL_ORDER_KEY,
  placedDetails,
  placedOrder,
  priceCheckout,
  productIndex,
  storeOfCart,
  type CheckoutForm,
  type CheckoutLine,
  type PlacedDetails,
  type PricedCheckout,
} from './checkout-order.ts';
import { DetailsForm } from './details-form.tsx';
import { lockedStores } from './locked-stores.ts';
import { forgetDetails, readSavedDetails, saveDetails } from './saved-details.ts';
import { PaymentSection, unpayableReason, type PaymentState } from './payment-section.tsx';
import { PayPalPayment } from './paypal-payment.tsx';

export const ORDER_PLACED = 'Order placed successfully';
export const PROVIDER_ERROR = 'Encountered error during checkout';
/** Long enough to read 'Order placed successfully' before the success page opens. */
const SUCCESS_NAVIGATION_MS = 900;

/**
 * The checkout: cart panel, contact form, PayPal or bypass code. The build and the browser's
 * hydration render the same loading line; the real content appears once the cart has been
 * read from sessionStorage and, for a cart with lines, the tenant's catalog price file has
 * arrived (the page carries its URL, not the catalog).
 */
export function CheckoutIsland(props: CheckoutIslandProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void hydrateCart().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return <LoadingCart />;
  return <PricedCheckout {...props} />;
}

function LoadingCart() {
  return (
    <p className="island-placeholder" aria-live="polite">
      Loading your cart…
    </p>
  );
}

const NO_PRICES: CatalogPrices = { products: [], thumbnails: {} };

function PricedCheckout(props: CheckoutIslandProps) {
  const hasLines = useStore(cartStore, (state) => Object.keys(state.items).length > 0);
  const prices = useCatalogPrices(props.catalogPricesUrl, hasLines);
  if (prices.state === 'ready') return <Checkout {...props} catalog={prices.prices} />;
  if (!hasLines) return <Checkout {...props} catalog={NO_PRICES} />;
  if (prices.state === 'failed') {
    return (
      <div className="island-placeholder">
        <p role="alert">{CATALOG_PRICES_UNAVAILABLE}</p>
        <button type="button" className="button" onClick={prices.retry}>
          Try again
        </button>
      </div>
    );
  }
  return <LoadingCart />;
}

/** A failed call as the buyer reads it (order-api.ts): the server's words, never an HTTP status. */
function errorText(error: unknown): string {
  return errorMessage(error);
}

function Checkout(props: CheckoutIslandProps & { catalog: CatalogPrices }) {
  const { apiBase, companyName, tenantId, base, stores, hasBypassCodes, paypalClientId, minimumApparelOrder, logos, maxOrderTotal } = props;
  const id = useId();
  const items = useStore(cartStore, (state) => state.items);
  const products = useMemo(() => productIndex(props.catalog.products), [props.catalog.products]);
  const checkout = useMemo(
    () => priceCheckout(items, products, { minimumApparelOrder, logos, maxOrderTotal, companyName }),
    [items, products, minimumApparelOrder, logos, maxOrderTotal, companyName],
  );
  const { show, element: snackbar } = useNotice();

  // A cart of customs plates added from one store's catalog is for that store.
  const linesStore = storeOfCart(checkout, stores);
  // What the buyer typed before (Back, a reload, a detour to the catalog) comes back; never the code.
  const [form, setForm] = useState<CheckoutForm>(() => {
    const saved = readSavedDetails(sessionStorage, tenantId);
    return { ...EMPTY_FORM, ...saved, store: saved.store || (linesStore ?? '') };
  });
  useEffect(() => saveDetails(sessionStorage, tenantId, form), [tenantId, form]);
  useEffect(() => {
    if (linesStore !== undefined) setForm((current) => (current.store === '' ? { ...current, store: linesStore } : current));
  }, [linesStore]);
  const formRef = useRef<HTMLFormElement>(null);
  const update = (field: keyof CheckoutForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  // Bypass mode holds exactly while the code in the field is the one that matched.
  const [matchedCode, setMatchedCode] = useState<string>();
  const bypassMode = matchedCode !== undefined && matchedCode === form.code;
  /** The order API's answer to a code it did not accept (or could not check), said at the code field while that code is in it. */
  const [codeRefusal, setCodeRefusal] = useState<{ code: string; message: string }>();
  // The order API checks the code; a tenant without codes asks nothing (a wrong guess counts against a limit).
  const checker = useMemo(
    () =>
      createBypassChecker(
        hasBypassCodes ? askOrderApi(apiBase, companyName) : async () => false,
        (code, matches, refusal) => {
          setMatchedCode(matches ? code : undefined);
          setCodeRefusal(refusal === undefined ? undefined : { code, message: refusal });
        },
        { onError: (error, code) => setCodeRefusal({ code, message: errorText(error) }) },
      ),
    [hasBypassCodes, apiBase, companyName],
  );
  useEffect(() => () => checker.dispose(), [checker]);
  useEffect(() => {
    checker.check(form.code);
  }, [checker, form.code]);
  // An accepted code leads to the button it unlocks, not back to the top of the page (the
  // PayPal buttons that had the focus next are gone).
  const checkoutButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (bypassMode) checkoutButtonRef.current?.focus();
  }, [bypassMode]);

  // A password store's plates are ordered only with its password: the dialog asks for it.
  const passwordDialog = useRef<HTMLDialogElement>(null);
  const storesToUnlock = () => lockedStores(checkout, form.store, stores, (code) => hasStoreSession(sessionStorage, tenantId, code));
  /**
   * A refusal (403) of an order whose password stores' passwords were not given opens the
   * dialog for each instead of showing the refusal: 'given' once all are, so the order can be
   * sent again; 'none' when the refusal is about something else, for the caller to show.
   */
  const asksForStorePasswords = async (error: unknown): Promise<'none' | 'given' | 'cancelled'> => {
    const locked = error instanceof OrderApiError && error.status === 403 ? storesToUnlock() : [];
    const dialog = passwordDialog.current;
    if (locked.length === 0 || !dialog) return 'none';
    // Loaded when a refusal needs it: most checkouts never ask, and the page has a JavaScript budget.
    const { askStorePassword } = await import('../shared/store-password.ts');
    for (const store of locked) if (!(await askStorePassword(dialog, props, store))) return 'cancelled';
    return 'given';
  };

  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [placed, setPlaced] = useState(false);
  /** The PayPal order being paid: the cart and details it was created for, and create-order's answer. */
  const paypalOrder = useRef<{ id: string; checkout: PricedCheckout; details: PlacedDetails; answer: unknown }>(undefined);
  /** An error already shown to the buyer, so PayPal's onError that follows adds no second message. */
  const errorShown = useRef(false);

  const showError = (error: unknown) => show('error', errorText(error));

  const [payment, setPayment] = useState<PaymentState>();
  const orderContext = { companyName, storeToken: (storeCode: string) => readStoreSession(sessionStorage, props.tenantId, storeCode) };

  /** `answers`: the order API's answers for the order (create-order's, then capture-order's), whose id and total the success page shows. */
  const succeed = (placedCheckout: PricedCheckout, details: PlacedDetails, orderId: string, answers: unknown[]) => {
    show('success', ORDER_PLACED);
    setForm(EMPTY_FORM);
    forgetDetails(sessionStorage, tenantId);
    setMatchedCode(undefined);
    handOverOrder(sessionStorage, placedOrder(placedCheckout, details, stores, { orderId, answers }, new Date()));
    sessionStorage.removeItem(PAYPAL_ORDER_KEY);
    endAttempt(sessionStorage);
    cartStore.getState().clear();
    setPlaced(true);
    setTimeout(() => window.location.assign(href(base, { page: 'success' })), SUCCESS_NAVIGATION_MS);
  };

  const createOrder = async (body: ReturnType<typeof createOrderBody>): Promise<{ orderId: string; answer: unknown }> => {
    const answer = await postOrderApi<Partial<CreateOrderAnswer> | undefined>(apiBase, '/v1/create-order', body, {
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
      const { orderId, answer } = await createOrder(createOrderBody(form, ordered, orderContext, form.code));
      succeed(ordered, details, orderId, [answer]);
    } catch (error) {
      submittingRef.current = false;
      setSubmitting(false);
      const asked = await asksForStorePasswords(error);
      if (asked === 'given') await placeBypassOrder();
      else if (asked === 'none') showError(error);
    }
  };

  const paypal = {
    onClick: () => !placed && !submittingRef.current && (formRef.current?.reportValidity() ?? false),
    createOrder: async () => {
      errorShown.current = false;
      const ordered = checkout;
      const details = placedDetails(form);
      try {
        const { orderId, answer } = await createOrder(createOrderBody(form, ordered, orderContext));
        sessionStorage.setItem(PAYPAL_ORDER_KEY, orderId);
        paypalOrder.current = { id: orderId, checkout: ordered, details, answer };
        return orderId;
      } catch (error) {
        // PayPal's window is closed by the failure: once the passwords are given, the buyer pays again.
        errorShown.current = true;
        void asksForStorePasswords(error).then((asked) => {
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
      const result = await captureUntilSettled(() => postOrderApiAnswer<unknown>(apiBase, '/v1/capture-order', { order_id: orderId, companyName }), {
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

  // Back from the success page, the browser may restore this page as it was left: placed,
  // about to leave. Load it afresh instead (the cart is empty now).
  useEffect(() => {
    if (!placed) return;
    const reload = (event: PageTransitionEvent) => event.persisted && window.location.reload();
    window.addEventListener('pageshow', reload);
    return () => window.removeEventListener('pageshow', reload);
  }, [placed]);

  const removeLine = (line: CheckoutLine) => {
    cartStore.getState().remove(line.key);
    // The button is gone with its line: keep keyboard focus in the cart.
    document.getElementById(`${id}-cart`)?.focus();
  };

  if (placed) {
    return (
      <>
        <p className="checkout__placed" role="status">
          {ORDER_PLACED}. Opening your order summary…
        </p>
        {snackbar}
      </>
    );
  }

  const payPalOffered = paypalClientId !== undefined;
  const payable = canPayWithPayPal(checkout, { paypalOffered: payPalOffered, bypassMode });
  const checkoutButton = bypassMode || !payPalOffered;
  const canPlace = canPlaceBypassOrder(checkout, bypassMode);

  return (
    <div className="checkout">
      <CheckoutCart
        checkout={checkout}
        base={base}
        headingId={`${id}-cart`}
        thumbnails={props.catalog.thumbnails}
        logoThumbnails={props.logoThumbnails}
        showModificationThumbnail={props.showModificationThumbnail}
        stores={stores}
        onRemove={removeLine}
        onQuantity={(line, quantity) => cartStore.getState().setQuantity(line.key, quantity)}
      />
      <section className="checkout__order" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`} className="checkout__heading">
          Your details
        </h2>
        <DetailsForm
          id={id}
          formRef={formRef}
          form={form}
          onChange={update}
          onCodeDone={() => checker.checkNow(form.code)}
          onSubmit={(event) => void placeBypassOrder(event)}
          stores={stores}
          bypassMode={bypassMode}
          payPalOffered={payPalOffered}
          problems={checkout.problems}
          button={checkoutButton ? { enabled: canPlace && !submitting, busy: submitting, ref: checkoutButtonRef } : undefined}
          codeRefusal={codeRefusal?.code === form.code ? codeRefusal.message : undefined}
        />

        {payPalOffered && !bypassMode && (
          <PaymentSection id={id} payment={payment} unpayable={payable ? undefined : unpayableReason(checkout)}>
            <PayPalPayment clientId={paypalClientId} {...paypal} />
          </PaymentSection>
        )}
        {snackbar}
      </section>
      <PasswordDialog
        id={`${id}-store-password`}
        dialogRef={passwordDialog}
        submitLabel="Continue"
        autoComplete="off"
        context={<p className="dialog__context" data-store-label="" />}
      />
    </div>
  );
}
