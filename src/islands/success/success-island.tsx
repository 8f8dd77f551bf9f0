import { useEffect, useState } from 'react';
import { describeQuantity } from '../../domain/describe-quantity.ts';
import { orderNumber } from '../../domain/order-number.ts';
import { isTierLabel } from '../../domain/size-labels.ts';
import { href } from '../../site/routes.ts';
import { formatLinePrice, formatOrderDate, formatOrderTotal } from '../orders/order-format.ts';
import { useCatalogPrices } from '../shared/catalog-price-file.ts';
import { lineMockup, mockupDescription, type LineMockup } from '../../domain/line-mockup.ts';
import { MockupThumbnail } from '../shared/mockup-thumbnail.tsx';
import { productImageKey, productPicture, type SuccessIslandProps } from '../shared/ordering-props.ts';
import { readLastOrder, type LastOrder, type OrderedLine } from '../shared/last-order.ts';

/** The heading while the order is read, and what a page without JavaScript keeps: it claims nothing. */
export const SUCCESS_LOADING_HEADING = 'Your order';
export const SUCCESS_HEADING = 'Order Placed Successfully';
export const NO_ORDER_HEADING = 'No recent order';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch (error) {
    console.warn(`Session storage is not available: ${String(error)}`);
    return undefined;
  }
}

function Fact({ term, value }: { term: string; value: string | number }) {
  return (
    <div className="order-summary__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function OrderedLineItem({ line, thumbnail, mockup }: { line: OrderedLine; thumbnail: string | undefined; mockup: LineMockup | undefined }) {
  // A print-run line says its tier in its quantity ('2 runs of 500 (1,000 pieces)'): no separate size.
  const tier = isTierLabel(line.size);
  return (
    <li className="order-summary__line">
      {mockup ? (
        <MockupThumbnail mockup={mockup} description={mockupDescription(line.name, mockup)} className="order-summary__mockup" />
      ) : thumbnail ? (
        <img className="order-summary__image" src={thumbnail} alt={`${line.name}, ${line.color}`} width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className="order-summary__image order-summary__image--none" aria-hidden="true" />
      )}
      <div className="order-summary__body">
        <h2 className="order-summary__name">{line.name}</h2>
        <dl className="order-summary__facts">
          <Fact term="Price each" value={formatLinePrice(line.price)} />
          <Fact term="Color" value={line.color} />
          {line.embroidery && <Fact term="Embroidery" value={line.embroidery} />}
          {line.secondEmbroidery && <Fact term="Second embroidery" value={line.secondEmbroidery} />}
          {line.placement && <Fact term="Placement" value={line.placement} />}
          {line.secondEmbroidery && line.secondPlacement && <Fact term="Second placement" value={line.secondPlacement} />}
          {!tier && <Fact term="Size" value={line.size} />}
          <Fact term="Quantity" value={describeQuantity(line)} />
          <Fact term="Line total" value={formatLinePrice(line.lineTotal, line.price)} />
        </dl>
      </div>
    </li>
  );
}

/**
 * The order just placed, handed over by the checkout in sessionStorage ('last-order'): its
 * number and total as the order API answered them, the date, store and customer PO, and each
 * line with its total, printable as a one-page confirmation. The build and the hydration
 * render a heading that claims nothing and the loading line; the order is read in an effect,
 * and only an order read there makes the page say it was placed. It is not removed after
 * display, so a reload still shows it; the next order replaces it.
 */
export function SuccessIsland({ base, catalogPricesUrl, supplierName, dealership, mockupLogos }: SuccessIslandProps) {
  /** undefined while reading, null when nothing was handed over. */
  const [order, setOrder] = useState<LastOrder | null>();
  useEffect(() => {
    setOrder(readLastOrder(sessionStorageOrUndefined()) ?? null);
  }, []);
  // The lines' pictures come from the tenant's catalog file; the order shows at once, each picture in its reserved box once the file is in.
  const catalog = useCatalogPrices(catalogPricesUrl, Boolean(order));
  const thumbnails = catalog.state === 'ready' ? catalog.prices.thumbnails : {};
  const products = catalog.state === 'ready' ? catalog.prices.products : [];
  const mockupOf = (line: OrderedLine) =>
    mockupLogos &&
    lineMockup(
      line,
      products.find((product) => product.code === line.code),
      productPicture(thumbnails, line),
      mockupLogos,
    );

  if (order === undefined) {
    return (
      <>
        <h1 className="page-title">{SUCCESS_LOADING_HEADING}</h1>
        <p className="island-placeholder" aria-live="polite">
          Loading your order…
        </p>
      </>
    );
  }
  const ordersHref = href(base, { page: 'orders' });
  if (order === null) {
    return (
      <>
        <h1 className="page-title">{NO_ORDER_HEADING}</h1>
        <div className="order-summary order-summary--empty">
          <p>There is no recent order to show.</p>
          <p>Orders placed from this browser tab are confirmed here; every order of your group is on the orders screen.</p>
          <p className="order-summary__next">
            <a className="button" href={ordersHref}>
              View orders
            </a>
            <a className="button button--secondary" href={base}>
              Browse the catalog
            </a>
          </p>
        </div>
      </>
    );
  }
  const { lines } = order;
  const number = orderNumber(order.orderId);
  return (
    <>
      <h1 className="page-title">{SUCCESS_HEADING}</h1>
      <div className="order-summary">
        <p className="order-summary__intro">
          Thank you. Your order of {lines.length} {lines.length === 1 ? 'line' : 'lines'} has been placed. Quote its order number when you call about it.
        </p>
        {order.confirmationSentTo && <p className="order-summary__sent">{`A confirmation was sent to ${order.confirmationSentTo}.`}</p>}
        <dl className="order-summary__order" aria-label="Order">
          <Fact term="Order number" value={number} />
          <Fact term="Date" value={formatOrderDate(order.placedAt)} />
          {order.store !== '' && <Fact term="Store" value={order.store} />}
          {order.customerPo !== '' && <Fact term="Customer PO" value={order.customerPo} />}
          <Fact
            term="Order total"
            value={formatOrderTotal(
              order.total,
              lines.map((line) => line.price),
            )}
          />
          {/* What a printed copy needs to stand alone: who supplies, for which dealership, ordered by whom. */}
          <Fact term="Supplier" value={supplierName} />
          <Fact term="Dealership" value={dealership} />
          {order.buyer && <Fact term="Ordered by" value={`${order.buyer.name}${order.buyer.email ? `, ${order.buyer.email}` : ''}`} />}
        </dl>
        <ul className="order-summary__lines">
          {lines.map((line, index) => (
            <OrderedLineItem key={index} line={line} thumbnail={thumbnails[productImageKey(line.code, line.color)]} mockup={mockupOf(line)} />
          ))}
        </ul>
        <p className="order-summary__next">
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
          <a className="button button--secondary" href={base}>
            Continue shopping
          </a>
          <a className="button button--secondary" href={ordersHref}>
            View orders
          </a>
        </p>
      </div>
    </>
  );
}
