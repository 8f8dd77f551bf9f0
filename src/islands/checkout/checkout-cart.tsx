import { describeQuantity } from '../../domain/describe-quantity.ts';
import { priceText } from '../../domain/price-on-request.ts';
import { CartLineQuantity } from './cart-line-quantity.tsx';
import { lineMockup, mockupDescription, type LineMockup } from '../../domain/line-mockup.ts';
import { MockupThumbnail } from '../shared/mockup-thumbnail.tsx';
import { productImageKey, productPicture, type ProductThumbnails } from '../shared/ordering-props.ts';
import { lineName, subtotalText, type CheckoutLine, type PricedCheckout } from './checkout-order.ts';

interface CheckoutCartProps {
  checkout: PricedCheckout;
  base: string;
  headingId: string;
  thumbnails: ProductThumbnails;
  logoThumbnails: Record<string, string>;
  showModificationThumbnail: boolean;
  /** The tenant's stores, to name the store a customs line was added for. */
  stores: readonly { code: string; name: string }[];
  onRemove(line: CheckoutLine): void;
  /** A line's quantity was changed to one that keeps the rules (cart-quantity.ts). */
  onQuantity(line: CheckoutLine, quantity: number): void;
}

/** The cart panel: every line with its remove button, then 'Subtotal (N items): $X'. */
export function CheckoutCart({
  checkout,
  base,
  headingId,
  thumbnails,
  logoThumbnails,
  showModificationThumbnail,
  stores,
  onRemove,
  onQuantity,
}: CheckoutCartProps) {
  return (
    <section className="checkout__cart" aria-labelledby={headingId}>
      <h2 id={headingId} className="checkout__heading" tabIndex={-1}>
        Your cart
      </h2>
      {checkout.lines.length === 0 ? (
        <p className="checkout__empty">
          Your cart is empty. <a href={base}>Browse the catalog</a> to add items.
        </p>
      ) : (
        <ul className="cart-lines">
          {checkout.lines.map((entry) => (
            <CartLineItem
              key={entry.key}
              entry={entry}
              image={thumbnails[productImageKey(entry.line.code, entry.line.color)]}
              logo={showModificationThumbnail && entry.line.embroidery ? logoThumbnails[entry.line.embroidery] : undefined}
              mockup={showModificationThumbnail ? lineMockup(entry.line, entry.product, productPicture(thumbnails, entry.line), logoThumbnails) : undefined}
              storeName={entry.line.store ? (stores.find((store) => store.code === entry.line.store)?.name ?? entry.line.store) : undefined}
              onRemove={onRemove}
              onQuantity={onQuantity}
            />
          ))}
        </ul>
      )}
      <p className="checkout__subtotal" aria-live="polite">
        {subtotalText(checkout)}
      </p>
    </section>
  );
}

function CartLineItem({
  entry,
  image,
  logo,
  mockup,
  storeName,
  onRemove,
  onQuantity,
}: {
  entry: CheckoutLine;
  image?: string;
  logo?: string;
  /** Replaces the picture and the logo's thumbnail when the line's logos can be drawn on it. */
  mockup?: LineMockup;
  storeName?: string;
  onRemove(line: CheckoutLine): void;
  onQuantity(line: CheckoutLine, quantity: number): void;
}) {
  const { line, product, unitPrice, lineTotal } = entry;
  const customs = (product?.type ?? line.type) === 'customs';
  const facts: [string, string][] = [
    ['Price each', unitPrice === undefined ? 'Not available' : priceText(unitPrice)],
    ['Color', line.color],
  ];
  if (line.embroidery) facts.push(['Embroidery', line.embroidery]);
  if (line.secondEmbroidery) facts.push(['Second embroidery', line.secondEmbroidery]);
  if (line.placement) facts.push(['Placement', line.placement]);
  if (line.secondPlacement) facts.push(['Second placement', line.secondPlacement]);
  if (!customs) facts.push(['Size', line.size]);
  facts.push(['Quantity', describeQuantity(line)]);
  if (lineTotal !== undefined && unitPrice !== 0) facts.push(['Line total', priceText(lineTotal)]);

  return (
    <li className="cart-line">
      <div className="cart-line__media">
        {mockup ? (
          <MockupThumbnail mockup={mockup} description={mockupDescription(line.name, mockup)} className="cart-line__mockup" />
        ) : (
          <>
            {image ? (
              <img className="cart-line__image" src={image} alt="" width={80} height={80} loading="lazy" decoding="async" />
            ) : (
              <span className="cart-line__image cart-line__image--none" />
            )}
            {logo && <img className="cart-line__logo" src={logo} alt={`${line.embroidery} logo`} width={48} height={48} loading="lazy" decoding="async" />}
          </>
        )}
      </div>
      <div className="cart-line__body">
        <p className="cart-line__name">{line.name}</p>
        {storeName && <p className="cart-line__store">For {storeName}</p>}
        {product === undefined || unitPrice === undefined ? (
          <p className="cart-line__unavailable">This item is not available in this catalog. Remove it to check out.</p>
        ) : null}
        <dl className="cart-line__facts">
          {facts.map(([term, value]) => (
            <div key={term} className="cart-line__fact">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {product !== undefined && unitPrice !== undefined && <CartLineQuantity entry={entry} product={product} onQuantity={onQuantity} />}
      </div>
      <button type="button" className="cart-line__remove" aria-label={`Remove ${lineName(line)}`} title="Remove" onClick={() => onRemove(entry)}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M9 3h6l1 1h4v2H4V4h4l1-1Zm-3 5h12l-1 12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2L6 8Zm4 3v8h1.5v-8H10Zm3.5 0v8H15v-8h-1.5Z" />
        </svg>
      </button>
    </li>
  );
}
