import { OrderStatusIsland } from '../../islands/order-status/order-status-island.tsx';
import { hydrateIslands } from './hydrate-islands.tsx';

hydrateIslands('order-status', OrderStatusIsland);
