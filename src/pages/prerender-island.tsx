import type { ComponentType } from 'react';
import { ItemDetails } from '../islands/add-to-cart/item-details.tsx';
import { CheckoutIsland } from '../islands/checkout/checkout-island.tsx';
import type { IslandName, IslandPropsByName } from '../islands/island-props.ts';
import { OrderStatusIsland } from '../islands/order-status/order-status-island.tsx';
import { OrdersIsland } from '../islands/orders/orders-island.tsx';
import { SuccessIsland } from '../islands/success/success-island.tsx';
import { Island } from '../runtime/server/island-marker.tsx';

/** The component each island's browser entry hydrates (src/runtime/client/<name>.tsx), prerendered here. */
const ISLANDS: { [N in IslandName]: ComponentType<IslandPropsByName[N]> } = {
  item: ItemDetails,
  checkout: CheckoutIsland,
  success: SuccessIsland,
  orders: OrdersIsland,
  'order-status': OrderStatusIsland,
};

/** The island `name`, rendered with `props` and marked so its entry hydrates it with the same props. */
export function island<N extends IslandName>(name: N, props: IslandPropsByName[N]) {
  const Component = ISLANDS[name] as ComponentType<IslandPropsByName[N]>;
  return (
    <Island name={name} props={props}>
      <Component {...props} />
    </Island>
  );
}
