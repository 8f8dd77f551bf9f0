import { mountCartBadge } from './cart-badge.ts';
import { installImageFade } from './image-fade.ts';
import { mountViewOrders } from './view-orders.ts';

// Every storefront page: the live cart count, the image fade-in and 'View Orders'; no UI framework.
mountCartBadge();
installImageFade();
mountViewOrders();
