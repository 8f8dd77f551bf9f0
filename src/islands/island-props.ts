import type { ItemIslandProps } from './add-to-cart/item-island-props.ts';
import type { CheckoutIslandProps, OrderStatusIslandProps, OrdersIslandProps, SuccessIslandProps } from './shared/ordering-props.ts';

/**
 * Every island by the name its page marks it with (`data-island`), with the props the page
 * serializes for it. The page renders `island(name, props)` (src/pages/island.tsx) and the
 * browser entry `hydrateIslands(name, Component)` (src/runtime/client/hydrate-islands.tsx):
 * both are typed by this one map, so a page cannot hand an island props its entry does not take.
 */
export interface IslandPropsByName {
  item: ItemIslandProps;
  checkout: CheckoutIslandProps;
  success: SuccessIslandProps;
  orders: OrdersIslandProps;
  'order-status': OrderStatusIslandProps;
}

export type IslandName = keyof IslandPropsByName;
