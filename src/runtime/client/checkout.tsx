import { CheckoutIsland } from '../../islands/checkout/checkout-island.tsx';
import { hydrateIslands } from './hydrate-islands.tsx';

hydrateIslands('checkout', CheckoutIsland);
