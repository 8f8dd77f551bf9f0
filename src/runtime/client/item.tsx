import { ItemDetails } from '../../islands/add-to-cart/item-details.tsx';
import { hydrateIslands } from './hydrate-islands.tsx';

hydrateIslands('item', ItemDetails);
