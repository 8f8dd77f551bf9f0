import { mountCartBadge } from './cart-badge.ts';
import { syncCartAcrossTabs } from './cart-sync.ts';
import { installImageFade } from './image-fade.ts';
import { mountSearchField } from './search-trigger.ts';
import { mountViewOrders } from './view-orders.ts';

// Every storefront page: the live cart count, one cart across tabs, the image fade-in, 'View Orders' and the search field's trigger; no UI framework.
mountCartBadge();
syncCartAcrossTabs();
installImageFade();
mountViewOrders();
mountSearchField();
