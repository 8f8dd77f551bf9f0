import { useEffect, useRef } from 'react';
import { PasswordDialog } from '../../components/password-dialog.tsx';
import { describeQuantity } from '../../domain/describe-quantity.ts';
import { href } from '../../site/routes.ts';
import { CATALOG_PRICES_UNAVAILABLE } from '../shared/catalog-price-file.ts';
import type { RefusedLine } from './order-again.ts';
import { ORDER_AGAIN_STORE_DIALOG, type OrderAgainOutcome, type OrderAgainQuestion } from './use-order-again.ts';

interface SummaryProps {
  outcome: OrderAgainOutcome;
  base: string;
  onUnlock(store: { code: string; name: string }): void;
  onPickColor(index: number, color: string): void;
}

/** The stores whose password some refused lines wait for, each once. */
function storesToUnlock(refused: readonly RefusedLine[]): { code: string; name: string }[] {
  const stores = new Map(refused.flatMap((line) => (line.unlock ? [[line.unlock.code, line.unlock] as const] : [])));
  return [...stores.values()];
}

/**
 * What went into the cart, each line with what changed since the order (price old → new, a
 * logo left off), what was in the cart from this order already, and what did not go in with the
 * reason: a gone colour with today's colours one click away, a password store's password asked
 * on the spot. Focused when it appears, so a keyboard or screen reader user lands on it.
 */
export function OrderAgainSummary({ outcome, base, onUnlock, onPickColor }: SummaryProps) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), [outcome]);
  if ('failed' in outcome) {
    return (
      <div className="order-again" role="alert" tabIndex={-1} ref={region}>
        <p className="order-again__title">Nothing was added to your cart. {CATALOG_PRICES_UNAVAILABLE}</p>
      </div>
    );
  }
  const { added, already, refused } = outcome.result;
  const count = (n: number) => (n === 1 ? '1 line' : `${n} lines`);
  return (
    <div className="order-again" role="status" tabIndex={-1} ref={region} aria-label="Order again">
      <p className="order-again__title">
        {added.length === 0
          ? 'Nothing was added to your cart.'
          : `${outcome.replaced ? 'Your cart now holds' : 'Added to your cart'} at today's prices: ${count(added.length)}.`}
      </p>
      {added.length > 0 && (
        <ul className="order-again__added">
          {added.map(({ line, changes, index }) => (
            <li key={index}>
              {line.name} ({line.code}), {line.size}, {line.color}: {describeQuantity(line)}
              {changes.length > 0 && <span className="order-again__changes"> ({changes.join('; ')})</span>}
            </li>
          ))}
        </ul>
      )}
      {already.length > 0 && (
        <>
          <p className="order-again__title">In your cart from this order already, left as they are:</p>
          <ul className="order-again__already">
            {already.map((line) => (
              <li key={line.index}>{line.name}</li>
            ))}
          </ul>
        </>
      )}
      {refused.length > 0 && <RefusedLines refused={refused} onPickColor={onPickColor} />}
      {storesToUnlock(refused).map((store) => (
        <p key={store.code} className="order-again__next">
          <button type="button" className="button button--secondary" onClick={() => onUnlock(store)}>
            Enter {store.name}'s password
          </button>
        </p>
      ))}
      {storesToUnlock(refused).length > 0 && (
        <PasswordDialog id={ORDER_AGAIN_STORE_DIALOG} submitLabel="Open" autoComplete="off" context={<p className="dialog__context" data-store-label="" />} />
      )}
      {added.length + already.length > 0 && (
        <p className="order-again__next">
          <a className="button" href={href(base, { page: 'checkout' })}>
            Checkout
          </a>
        </p>
      )}
    </div>
  );
}

function RefusedLines({ refused, onPickColor }: { refused: readonly RefusedLine[]; onPickColor(index: number, color: string): void }) {
  return (
    <>
      <p className="order-again__title">Not added:</p>
      <ul className="order-again__refused">
        {refused.map((line) => (
          <li key={line.index}>
            {line.name}: {line.reason}
            {line.colors && (
              <span className="order-again__colors">
                {line.colors.map((color) => (
                  <button
                    key={color}
                    type="button"
                    className="link-button"
                    aria-label={`Add ${line.name} in ${color}`}
                    onClick={() => onPickColor(line.index, color)}
                  >
                    Add in {color}
                  </button>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Asked before 'Order again' puts anything beside lines the buyer put in the cart otherwise. */
export function OrderAgainChoice({ question, onAnswer }: { question: OrderAgainQuestion; onAnswer(choice: 'add' | 'replace' | 'cancel'): void }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), [question]);
  return (
    <div className="order-again" role="group" tabIndex={-1} ref={region} aria-label="Your cart holds items">
      <p className="order-again__title">
        Your cart holds {question.others === 1 ? '1 other line' : `${question.others} other lines`}. Add this order's lines to them, or replace the cart with
        them?
      </p>
      <p className="order-again__next">
        <button type="button" className="button" onClick={() => onAnswer('add')}>
          Add to my cart
        </button>{' '}
        <button type="button" className="button button--secondary" onClick={() => onAnswer('replace')}>
          Replace my cart
        </button>{' '}
        <button type="button" className="link-button" onClick={() => onAnswer('cancel')}>
          Cancel
        </button>
      </p>
    </div>
  );
}
