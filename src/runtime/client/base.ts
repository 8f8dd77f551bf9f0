import { mountCartBadge } from './cart-badge.ts';
import { installImageFade } from './image-fade.ts';

// Every storefront page: the live cart count and the image fade-in; no UI framework.
mountCartBadge();
installImageFade();
