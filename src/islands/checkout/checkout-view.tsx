import { useId, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { PasswordDialog } from '../../components/password-dialog.tsx';
import { localToday, inHandsDateProblem } from '../../domain/in-hands-date.ts';
import { cartStore } from '../cart/cart-store.ts';
import type { CatalogPrices } from '../shared/catalog-price-file.ts';
import type { CheckoutIslandProps } from '../shared/ordering-props.ts';
import { useNotice } from '../shared/use-notice.tsx';
import { CheckoutCart } from './checkout-cart.tsx';
import { canPayWithPayPal, canPlaceBypassOrder, priceCheckout, productIndex, storeOfCart, type CheckoutLine } from './checkout-order.ts';
import { DetailsForm } from './details-form.tsx';
import { PaymentSection, unpayableReason } from './payment-section.tsx';
import { PayPalPayment } from './paypal-payment.tsx';
import { useBypassCode } from './use-bypass-code.ts';
import { useCheckoutForm } from './use-checkout-form.ts';
import { usePayPalFlow } from './use-paypal-flow.ts';
import { ORDER_PLACED, usePlaceOrder } from './use-place-order.ts';
import { useStorePasswords } from './use-store-passwords.ts';

/** The checkout once the cart and its prices are there: cart panel, details form, PayPal or the bypass code's Checkout button. */
export function Checkout(props: CheckoutIslandProps & { catalog: CatalogPrices }) {
  const { apiBase, companyName, tenantId, base, stores, hasBypassCodes, paypalClientId, minimumApparelOrder, logos, maxOrderTotal } = props;
  const id = useId();
  const items = useStore(cartStore, (state) => state.items);
  const products = useMemo(() => productIndex(props.catalog.products), [props.catalog.products]);
  const checkout = useMemo(
    () => priceCheckout(items, products, { minimumApparelOrder, logos, maxOrderTotal, companyName }),
    [items, products, minimumApparelOrder, logos, maxOrderTotal, companyName],
  );
  const { show, element: snackbar } = useNotice();
  const { form, setForm, update } = useCheckoutForm(tenantId, storeOfCart(checkout, stores));
  const formRef = useRef<HTMLFormElement>(null);
  const code = useBypassCode({ code: form.code, tenantId, apiBase, companyName, hasBypassCodes });
  const { bypassMode } = code;
  const storePasswords = useStorePasswords(props, checkout, form.store);
  const place = usePlaceOrder({ props, checkout, form, setForm, bypassMode, forgetCode: code.forget, askStorePasswords: storePasswords.asks, show });
  const paypal = usePayPalFlow({ apiBase, companyName, checkout, form, formRef, place, askStorePasswords: storePasswords.asks, show });
  // Judged by the buyer's own today here; the order API judges it again by the earliest today on Earth.
  const dateProblem = inHandsDateProblem(form.inHandsDate, localToday(new Date()));

  const removeLine = (line: CheckoutLine) => {
    cartStore.getState().remove(line.key);
    // The button is gone with its line: keep keyboard focus in the cart.
    document.getElementById(`${id}-cart`)?.focus();
  };

  if (place.placed) {
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
  const canPlace = canPlaceBypassOrder(checkout, bypassMode) && dateProblem === undefined;

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
          onCodeDone={code.checkNow}
          onSubmit={(event) => void place.placeBypassOrder(event)}
          stores={stores}
          bypassMode={bypassMode}
          payPalOffered={payPalOffered}
          problems={checkout.problems}
          button={checkoutButton ? { enabled: canPlace && !place.submitting, busy: place.submitting, ref: code.checkoutButtonRef } : undefined}
          codeRefusal={code.refusal}
          codeCleared={code.clearedOnLeaving}
          dateProblem={dateProblem}
        />

        {payPalOffered && !bypassMode && (
          <PaymentSection id={id} payment={paypal.payment} unpayable={payable ? undefined : unpayableReason(checkout)}>
            <PayPalPayment clientId={paypalClientId} {...paypal.handlers} />
          </PaymentSection>
        )}
        {snackbar}
      </section>
      <PasswordDialog
        id={`${id}-store-password`}
        dialogRef={storePasswords.dialogRef}
        submitLabel="Continue"
        autoComplete="off"
        context={<p className="dialog__context" data-store-label="" />}
      />
    </div>
  );
}
