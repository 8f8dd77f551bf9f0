import { OrdersIsland } from '../../islands/orders/orders-island.tsx';
import { hydrateIslands } from './hydrate-islands.tsx';

hydrateIslands('orders', OrdersIsland);
