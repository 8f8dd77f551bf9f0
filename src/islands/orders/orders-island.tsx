import type { OrdersIslandProps } from '../shared/ordering-props.ts';

/** The tenant's placed and paid orders, with admin editing of PO fields. */
export function OrdersIsland(_props: OrdersIslandProps) {
  return (
    <p className="island-placeholder" aria-live="polite">
      Loading orders…
    </p>
  );
}
