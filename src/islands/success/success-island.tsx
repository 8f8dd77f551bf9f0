import { useEffect, useState } from 'react';
import type { CartLine } from '../../domain/cart-line.ts';
import { href } from '../../site/routes.ts';
import { formatDollars } from '../orders/order-format.ts';
import { productImageKey, type SuccessIslandProps } from '../shared/ordering-props.ts';
import { readLastOrder } from '../shared/last-order.ts';

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

function OrderedLine({ line, thumbnail }: { line: CartLine; thumbnail: string | undefined }) {
  return (
    <li className="order-summary__line">
      {thumbnail ? (
        <img className="order-summary__image" src={thumbnail} alt={`${line.name}, ${line.color}`} width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className="order-summary__image order-summary__image--none" aria-hidden="true" />
      )}
      <div className="order-summary__body">
        <h2 className="order-summary__name">{line.name}</h2>
        <dl className="order-summary__facts">
          <Fact term="Price each" value={formatDollars(line.price)} />
          <Fact term="Color" value={line.color} />
          {line.embroidery && <Fact term="Embroidery" value={line.embroidery} />}
          {line.secondEmbroidery && <Fact term="Second embroidery" value={line.secondEmbroidery} />}
          {line.placement && <Fact term="Placement" value={line.placement} />}
          {line.secondEmbroidery && line.secondPlacement && <Fact term="Second placement" value={line.secondPlacement} />}
          <Fact term="Size" value={line.size} />
          <Fact term="Quantity" value={line.quantity.toLocaleString('en-US')} />
        </dl>
      </div>
    </li>
  );
}

/**
 * The lines of the order just placed, handed over by the checkout in sessionStorage
 * ('last-order'). The build and the hydration render the loading state; the lines are read in
 * an effect. They are not removed after display, so a reload still shows them; the next
 * order replaces them.
 */
export function SuccessIsland({ base, thumbnails }: SuccessIslandProps) {
  /** undefined while reading, null when nothing was handed over. */
  const [lines, setLines] = useState<CartLine[] | null>();
  useEffect(() => {
    setLines(readLastOrder(sessionStorageOrUndefined()) ?? null);
  }, []);

  if (lines === undefined) {
    return (
      <p className="island-placeholder" aria-live="polite">
        Loading your order…
      </p>
    );
  }
  if (lines === null) {
    return (
      <div className="order-summary order-summary--empty">
        <p>There is no recent order to show.</p>
        <p>
          <a className="button" href={base}>
            Browse the catalog
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="order-summary">
      <p className="order-summary__intro">
        Thank you. Your order of {lines.length} {lines.length === 1 ? 'line' : 'lines'} has been placed:
      </p>
      <ul className="order-summary__lines">
        {lines.map((line, index) => (
          <OrderedLine key={index} line={line} thumbnail={thumbnails[productImageKey(line.code, line.color)]} />
        ))}
      </ul>
      <p className="order-summary__next">
        <a className="button" href={base}>
          Continue shopping
        </a>{' '}
        <a className="button button--secondary" href={href(base, { page: 'orders' })}>
          View orders
        </a>
      </p>
    </div>
  );
}
