import { useId, useState, useSyncExternalStore } from 'react';
import { PasswordDialog } from '../../components/password-dialog.tsx';
import { PriceBreaksTable } from '../../components/price-breaks-table.tsx';
import { breakCounting, priceBreaks } from '../../domain/price-breaks.ts';
import { PRICE_ON_REQUEST } from '../../domain/price-on-request.ts';
import { isTierLabel } from '../../domain/size-labels.ts';
import { startingPrice, startingPriceText } from '../../domain/starting-price.ts';
import { cartStore } from '../cart/cart-store.ts';
import { useNotice } from '../shared/use-notice.tsx';
import { ColorSwatches } from './color-swatches.tsx';
import { ItemDescription } from './item-description.tsx';
import type { ItemIslandProps } from './item-island-props.ts';
import { ItemPicture } from './item-picture.tsx';
import { LogoPickers } from './logo-pickers.tsx';
import { QuantityGrid } from './quantity-grid.tsx';
import { selectionPrice } from './selection-price.ts';
import { SelectionSummary } from './selection-summary.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import { useLeaving } from './use-leaving.ts';
import { useLogoChoice } from './use-logo-choice.ts';
import { useStoreUnlock } from './use-store-unlock.ts';

/** The build renders no cart: the stored one is read after hydration. */
const NO_CART_ITEMS = {};
const cartItems = () => cartStore.getState().items;
const noCartItems = () => NO_CART_ITEMS;

/**
 * The item page's interactive part. Rendered at build time with the same props the browser
 * hydrates it with, so the page is complete without JavaScript and nothing moves on hydration.
 * Its parts: the picture with the logos drawn on it (ItemPicture), the colour swatches, the
 * logo pickers (useLogoChoice), the quantity grid and 'Add to Cart' (useAddToCart), and a
 * password store's dialog (useStoreUnlock).
 */
export function ItemDetails(props: ItemIslandProps) {
  const { product, images, backImages, embroideries, logos, placements, showImagePreview, showPrices, stores, storePassword } = props;
  const [color, setColor] = useState(product.defaultColor);
  const choice = useLogoChoice(placements);
  const storeUnlock = useStoreUnlock(stores, storePassword);
  const { store, passwordDialog } = storeUnlock;
  const notice = useNotice();
  const { quantities, setQuantity, problemAt, addToCart } = useAddToCart(props, color, choice, storeUnlock, notice.show);
  const leaving = useLeaving();
  const id = useId();

  const image = images[color] ?? images[product.defaultColor];
  const price = showPrices ? startingPrice(product) : undefined;
  const breaks = showPrices ? priceBreaks(product) : undefined;
  const counting = showPrices ? breakCounting(product) : undefined;
  // No size has a price: said once above the grid, not in every cell.
  const unpriced = product.sizes.every((size) => size.price === 0);
  // Tiers and price breaks count the whole cart, so the grid is priced with what is in it.
  const cart = useSyncExternalStore(cartStore.subscribe, cartItems, noCartItems);
  const selected = showPrices ? selectionPrice(product, { color, quantities }, Object.values(cart)) : undefined;

  return (
    <div className="item">
      <div className="item__media">
        {image && (
          <ItemPicture
            product={product}
            color={color}
            image={image}
            images={images}
            backImages={backImages}
            logos={logos}
            choice={choice}
            showImagePreview={showImagePreview}
          />
        )}
      </div>
      <form className="item__form" onSubmit={(event) => void addToCart(event)} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="item__title">
          {product.fullname}
        </h1>
        {store && <p className="item__store">For {store.name}</p>}
        {price !== undefined && <p className="item__price">{startingPriceText(price)}</p>}
        {unpriced && <p className="item__price">{PRICE_ON_REQUEST}</p>}
        {breaks ? <PriceBreaksTable breaks={breaks} counting={counting} id={`${id}-breaks`} /> : counting && <p className="price-breaks__note">{counting}</p>}
        {product.description && <ItemDescription id={`${id}-description`} text={product.description} />}
        <ColorSwatches id={id} product={product} color={color} onColor={setColor} />
        {/* The props already offer no logo where none can go (customs: logoOfferFor). */}
        {embroideries.length > 0 && <LogoPickers id={id} type={product.type} embroideries={embroideries} placements={placements} choice={choice} />}
        <QuantityGrid product={product} showPrices={showPrices} quantities={quantities} problemAt={problemAt} onQuantity={setQuantity} />
        <SelectionSummary price={selected} tiered={product.sizes.some((size) => isTierLabel(size.label))} />
        <button type="submit" className="button button--primary">
          Add to Cart
        </button>
        {notice.element}
      </form>
      {stores.some((choice) => choice.hasPassword) && (
        <PasswordDialog
          id="store-password-dialog"
          dialogRef={passwordDialog}
          submitLabel="Open"
          autoComplete="off"
          context={<p className="dialog__context" data-store-label="" />}
        />
      )}
      {leaving && (
        <div className="loading-overlay" role="status" aria-label="Loading">
          <span className="loading-overlay__spinner" />
        </div>
      )}
    </div>
  );
}
