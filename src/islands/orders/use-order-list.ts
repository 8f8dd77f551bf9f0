import { useCallback, useEffect, useRef, useState } from 'react';
import type { RetrieveOrdersBody } from '../../contracts/order-api-requests.ts';
import { errorMessage, OrderApiError, postOrderApi } from '../shared/order-api.ts';
import { appendOrders, nextCursorOf, orderKey, ordersFromResponse, ORDERS_PAGE_SIZE, type PlacedOrder } from './order-data.ts';
import type { OrdersAccount } from './use-order-session.ts';
import type { ShowOrderNotice } from './use-order-notice.ts';

/** `nextCursor`: where the next page of orders starts, null when every order is listed. */
export type OrdersLoad =
  | { state: 'loading' }
  | { state: 'locked' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; orders: PlacedOrder[]; nextCursor: string | null };

/**
 * The tenant's orders, fetched in an effect (the build and the hydration render the loading
 * state) a page at a time, again after each sign-in and 'Try again'. Orders already on screen
 * stay there while they are fetched again, and when the session is refused.
 */
export function useOrderList({
  apiBase,
  companyName,
  account,
  show,
  filter,
}: {
  apiBase: string;
  companyName: string;
  account: OrdersAccount;
  show: ShowOrderNotice;
  /** Only the orders that match (the order API filters, since the list is paged); undefined for all. */
  filter?: RetrieveOrdersBody['filter'];
}) {
  const [load, setLoad] = useState<OrdersLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The list is being fetched again (a new filter, a sign-in) while the last one is still shown. */
  const [refreshing, setRefreshing] = useState(false);
  /** Counts list loads, so a 'Load more' answer for a list since replaced is dropped. */
  const listGeneration = useRef(0);
  /** The orders as last saved: changes queued one after another read it, not a render's copy. */
  const ordersRef = useRef<PlacedOrder[]>([]);
  if (load.state === 'loaded') ordersRef.current = load.orders;
  const { current, signIns, forget } = account;
  // By value: a filter equal to the last asks nothing again.
  const filterKey = JSON.stringify(filter ?? null);
  const filtered = filter ? { filter } : {};

  const refused = useCallback(() => {
    forget();
    setLoad((previous) => (previous.state === 'loaded' ? previous : { state: 'locked' }));
  }, [forget]);
  /** A call that failed: its message (under `key`'s order when given); a 401 asks for the password again. */
  const failed = useCallback(
    (key: string | undefined, error: unknown) => {
      if (!(error instanceof OrderApiError)) console.error(error);
      show(key, 'error', errorMessage(error));
      if (error instanceof OrderApiError && error.status === 401) refused();
    },
    [show, refused],
  );

  useEffect(() => {
    let live = true;
    const generation = ++listGeneration.current;
    const active = current();
    setLoadingMore(false);
    setRefreshing(true);
    setLoad((previous) => (previous.state === 'loaded' ? previous : { state: 'loading' }));
    postOrderApi(apiBase, 'retrieve-orders', { companyName, limit: ORDERS_PAGE_SIZE, ...filtered }, { token: active?.token })
      .then((data) => {
        if (live) setRefreshing(false);
        if (live && generation === listGeneration.current) setLoad({ state: 'loaded', orders: ordersFromResponse(data), nextCursor: nextCursorOf(data) });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setRefreshing(false);
        if (error instanceof OrderApiError && error.status === 401) return refused();
        if (!(error instanceof OrderApiError)) console.error(error);
        setLoad({ state: 'failed', message: errorMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [apiBase, companyName, current, attempt, signIns, refused, filterKey]);

  const loadMore = async () => {
    if (load.state !== 'loaded' || load.nextCursor === null) return;
    const generation = listGeneration.current;
    setLoadingMore(true);
    try {
      const data = await postOrderApi(
        apiBase,
        'retrieve-orders',
        { companyName, limit: ORDERS_PAGE_SIZE, cursor: load.nextCursor, ...filtered },
        { token: account.session?.token },
      );
      const page = ordersFromResponse(data);
      if (generation !== listGeneration.current) return;
      setLoad((previous) =>
        previous.state === 'loaded' ? { state: 'loaded', orders: appendOrders(previous.orders, page), nextCursor: nextCursorOf(data) } : previous,
      );
    } catch (error) {
      // The orders listed stay, and the button stays to try again.
      if (generation === listGeneration.current) failed(undefined, error);
    } finally {
      if (generation === listGeneration.current) setLoadingMore(false);
    }
  };

  /** Fields of an order replaced by an answer's: the ref now, not at the next render, so a queued save reads it right after. */
  const replaceOrder = useCallback((key: string, fields: Partial<PlacedOrder>) => {
    ordersRef.current = ordersRef.current.map((o) => (orderKey(o) === key ? { ...o, ...fields } : o));
    const orders = ordersRef.current;
    setLoad((previous) => ({ state: 'loaded', orders, nextCursor: previous.state === 'loaded' ? previous.nextCursor : null }));
  }, []);

  const retry = () => setAttempt((n) => n + 1);
  return { load, loadingMore, refreshing, loadMore, retry, ordersRef, replaceOrder, failed };
}

export type OrderList = ReturnType<typeof useOrderList>;
