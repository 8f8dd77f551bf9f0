import type { CheckoutIslandProps } from '../shared/ordering-props.ts';

/** The checkout: cart panel, contact form, PayPal or bypass code. */
export function CheckoutIsland(_props: CheckoutIslandProps) {
  return (
    <p className="island-placeholder" aria-live="polite">
      Loading your cart…
    </p>
  );
}
