import type { ReactNode } from 'react';
import { Island } from '../runtime/server/island.tsx';
import type { PageModel } from './page-model.ts';

/**
 * Checkout, success and orders are islands end to end: what they show lives in the visitor's
 * session or comes from the order API. At build time they render their frame and a message
 * for visitors without JavaScript.
 */
function IslandPage({ title, island, model, children }: { title: string; island: string; model: PageModel; children?: ReactNode }) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <Island name={island} props={{ tenantId: model.config.tenantId }}>
        <p className="island-placeholder" aria-live="polite">
          Loading…
        </p>
      </Island>
      <noscript>
        <p className="notice">This page needs JavaScript. Call {model.config.mainPhone} to order by phone.</p>
      </noscript>
      {children}
    </>
  );
}

export const CheckoutPage = ({ model }: { model: PageModel }) => <IslandPage title="Checkout" island="checkout" model={model} />;
export const SuccessPage = ({ model }: { model: PageModel }) => <IslandPage title="Order Placed Successfully" island="success" model={model} />;
export const OrdersPage = ({ model }: { model: PageModel }) => <IslandPage title="Your Orders" island="orders" model={model} />;
