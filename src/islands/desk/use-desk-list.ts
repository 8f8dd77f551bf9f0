import { useCallback, useEffect, useState } from 'react';
import type { DeskFilter } from '../../contracts/desk-requests.ts';
import type { DeskOrder, DeskOrdersAnswer, DeskTenant } from '../../contracts/desk-responses.ts';
import { errorMessage, OrderApiError, postOrderApi } from '../shared/order-api.ts';
import { sentFilter, type DeskSession } from './desk-api.ts';

/** Orders a page of the desk's list. */
export const DESK_PAGE_SIZE = 50;

/**
 * The desk's list: the orders of every tenant matching the applied filter, a page at a time
 * ("More orders" reads the next), the tenants for the filter, and which orders are selected.
 * A 401 means the session ended: `onSignedOut` asks for the password again.
 */
export function useDeskList(apiBase: string, session: DeskSession, onSignedOut: () => void) {
  const [filter, setFilter] = useState<DeskFilter>({});
  const [orders, setOrders] = useState<DeskOrder[]>([]);
  const [tenants, setTenants] = useState<DeskTenant[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(
    async (applied: DeskFilter, after: string | null) => {
      setLoading(true);
      setProblem(undefined);
      try {
        const answer = await postOrderApi(
          apiBase,
          'desk-orders',
          { filter: sentFilter(applied), limit: DESK_PAGE_SIZE, ...(after ? { cursor: after } : {}) },
          { token: session.token },
        );
        setOrders((listed) => (after ? [...listed, ...answer.orders] : answer.orders));
        setTenants(answer.tenants);
        setCursor(answer.next_cursor);
      } catch (error) {
        if (error instanceof OrderApiError && error.status === 401) onSignedOut();
        else setProblem(errorMessage(error));
      } finally {
        setLoading(false);
      }
    },
    [apiBase, session.token, onSignedOut],
  );

  useEffect(() => {
    setSelected(new Set());
    void load(filter, null);
  }, [filter, load]);

  const toggle = (orderId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(orderId)) next.add(orderId);
      return next;
    });

  return {
    filter,
    apply: setFilter,
    orders,
    tenants,
    loading,
    problem,
    more: cursor ? () => void load(filter, cursor) : undefined,
    reload: () => {
      setSelected(new Set());
      void load(filter, null);
    },
    selected,
    toggle,
    clearSelection: () => setSelected(new Set()),
  };
}

export type DeskList = ReturnType<typeof useDeskList>;
