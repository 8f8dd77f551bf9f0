import type { RequestBody } from '../../contracts/order-api-routes.ts';
import { useCallback, useRef, useState } from 'react';
import { ORDER_STATUS_LABELS } from '../../domain/order-status.ts';
import { OrderApiError, postOrderApi, UNEXPECTED_ERROR } from '../shared/order-api.ts';
import { statusKey, wholeOrderKey, withMember } from './keyed-state.ts';
import { linesAfterUpdate, orderKey, wholeOrderBody, type LineEdits, type PlacedOrder, type UpdateBody } from './order-data.ts';
import { statusAfterSet, type StatusChangeRequest } from './order-status-data.ts';
import type { OrderList } from './use-order-list.ts';
import type { ShowOrderNotice } from './use-order-notice.ts';

/**
 * The admin's changes of orders (lines' PO fields, a whole order's, the status), with an admin
 * session's token only. Each change marks its key as saving; the order becomes the answer's.
 */
export function useOrderChanges({
  apiBase,
  companyName,
  adminToken,
  list,
  show,
}: {
  apiBase: string;
  companyName: string;
  adminToken: string | undefined;
  list: OrderList;
  show: ShowOrderNotice;
}) {
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const setSavingKey = (key: string, on: boolean) => setSaving((previous) => withMember(previous, key, on));
  // Saves run one after another, each built from the latest saved lines, so two quick
  // saves on one order never send each other's old values.
  const saveQueue = useRef<Promise<void>>(Promise.resolve());
  const { ordersRef, replaceOrder, failed } = list;

  /**
   * One update of an order, queued after the others: `build` makes its body from the order's
   * latest saved lines; `savingKey` marks what shows 'Saving…'. True once saved; on a failure
   * the typed values stay in their form, so nothing is lost.
   */
  const update = useCallback(
    (key: string, savingKey: string, build: (order: PlacedOrder) => UpdateBody, saved: () => void): Promise<boolean> => {
      if (adminToken === undefined) return Promise.resolve(false);
      setSavingKey(savingKey, true);
      const done = saveQueue.current.then(async () => {
        const order = ordersRef.current.find((o) => orderKey(o) === key);
        try {
          if (!order) throw new OrderApiError(UNEXPECTED_ERROR, 404);
          const body = build(order);
          // The lines go back exactly as retrieve-orders sent them, read here without re-typing
          // their fields (order-data.ts); the API checks them against the call's schema.
          const answer = await postOrderApi(apiBase, 'update-historical-order', body as RequestBody<'update-historical-order'>, { token: adminToken });
          replaceOrder(key, { order: linesAfterUpdate(body, answer) });
          saved();
          show(key, 'success', 'Order updated');
          return true;
        } catch (error) {
          failed(key, error);
          return false;
        } finally {
          setSavingKey(savingKey, false);
        }
      });
      saveQueue.current = done.then(() => undefined);
      return done;
    },
    [adminToken, apiBase, ordersRef, replaceOrder, failed, show],
  );

  const saveWholeOrder = (key: string, edits: Partial<LineEdits>) =>
    update(
      key,
      wholeOrderKey(key),
      (order) => wholeOrderBody(order, edits, companyName),
      () => {},
    );

  /** The admin's status change of one order; the order's status and history become the answer's. */
  const setStatus = async (key: string, orderId: string, change: StatusChangeRequest): Promise<boolean> => {
    if (adminToken === undefined) return false;
    setSavingKey(statusKey(key), true);
    try {
      const answer = await postOrderApi(apiBase, 'set-order-status', { companyName, order_id: orderId, ...change }, { token: adminToken });
      const fields = statusAfterSet(answer);
      if (!fields) throw new OrderApiError(UNEXPECTED_ERROR, 500);
      replaceOrder(key, fields);
      show(key, 'success', `Status set to ${ORDER_STATUS_LABELS[change.status].toLowerCase()}`);
      return true;
    } catch (error) {
      failed(key, error);
      return false;
    } finally {
      setSavingKey(statusKey(key), false);
    }
  };

  return { saving, update, saveWholeOrder, setStatus };
}

export type OrderChanges = ReturnType<typeof useOrderChanges>;
