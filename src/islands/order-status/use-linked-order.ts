import { useEffect, useState } from 'react';
import type { ViewOrderBody } from '../../contracts/order-api-requests.ts';
import type { BuyerOrder, ViewOrderAnswer } from '../../contracts/order-api-responses.ts';
import { errorMessage, postOrderApi } from '../shared/order-api.ts';
import { NO_ORDER_LINK, orderLinkOf } from './order-link.ts';

export type LinkedOrder = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; order: BuyerOrder };

/** The order the page address's link opens, asked of the order API once the page is live (view-order). */
export function useLinkedOrder(apiBase: string, companyName: string): LinkedOrder {
  const [linked, setLinked] = useState<LinkedOrder>({ state: 'loading' });
  useEffect(() => {
    const link = orderLinkOf(window.location.hash);
    if (!link) {
      setLinked({ state: 'failed', message: NO_ORDER_LINK });
      return;
    }
    const body: ViewOrderBody = { companyName, order_id: link.orderId, key: link.key };
    postOrderApi(apiBase, 'view-order', body).then(
      (answer) => setLinked({ state: 'ready', order: answer.order }),
      (error: unknown) => setLinked({ state: 'failed', message: errorMessage(error) }),
    );
  }, [apiBase, companyName]);
  return linked;
}
