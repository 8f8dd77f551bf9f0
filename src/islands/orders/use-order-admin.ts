import type { LineEdits, PlacedOrder } from './order-data.ts';
import type { OrderLinesProps } from './order-lines.tsx';
import type { StatusChangeRequest } from './order-status-data.ts';
import { statusKey, wholeOrderKey } from './keyed-state.ts';
import { useLineEdits } from './use-line-edits.ts';
import { useOrderChanges } from './use-order-changes.ts';
import type { OrderList } from './use-order-list.ts';
import type { ShowOrderNotice } from './use-order-notice.ts';

/** What the admin may do with one opened order. */
export interface OrderAdmin {
  status: { saving: boolean; set(change: StatusChangeRequest): Promise<boolean> };
  wholeOrder: { saving: boolean; save(edits: Partial<LineEdits>): Promise<boolean> };
  lines: NonNullable<OrderLinesProps['admin']>;
}

/**
 * The admin's controls of each order, present once an admin session is active (`adminToken`):
 * its status, the whole order's PO fields and each line's.
 */
export function useOrderAdmin(options: { apiBase: string; companyName: string; adminToken: string | undefined; list: OrderList; show: ShowOrderNotice }) {
  const changes = useOrderChanges(options);
  const lineEdits = useLineEdits({ companyName: options.companyName, changes });
  return (key: string, order: PlacedOrder): OrderAdmin | undefined =>
    options.adminToken === undefined
      ? undefined
      : {
          status: { saving: changes.saving.has(statusKey(key)), set: (change) => changes.setStatus(key, order.order_id, change) },
          wholeOrder: { saving: changes.saving.has(wholeOrderKey(key)), save: (edits) => changes.saveWholeOrder(key, edits) },
          lines: lineEdits.controlsOf(key, order),
        };
}
