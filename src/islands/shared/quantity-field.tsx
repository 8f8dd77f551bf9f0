import { useEffect, useState } from 'react';
import { refusedCharacter, refusedKeyHint } from '../../domain/quantity-text.ts';

interface QuantityFieldProps {
  /**
   * Unique on the page and the same in the build's HTML and the browser (so not useId: an
   * island's server render sits elsewhere in the tree than its hydration root, and a note's id
   * set after hydration would not match the one the build wrote).
   */
  id: string;
  label: string;
  text: string;
  /** Why the text is not a quantity that can be ordered, said at the field (quantity-text.ts, order-rules.ts). */
  problem?: string;
  onText(text: string): void;
  className?: string;
}

/**
 * A quantity input with its note under it: the item grid's cells and the cart's lines. A key
 * that cannot be part of a quantity is not taken, and the note says which (it stays until the
 * field is emptied, so the number left is never taken for the one typed); a problem with what
 * was taken is said there too. The note is the input's description and a live region.
 */
export function QuantityField({ id, label, text, problem, onText, className = 'quantity-input' }: QuantityFieldProps) {
  const [hint, setHint] = useState<string>();
  useEffect(() => {
    if (text === '') setHint(undefined);
  }, [text]);
  const note = problem ?? hint;
  return (
    <>
      <input
        className={className}
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={problem !== undefined ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        value={text}
        onChange={(event) => {
          const refused = refusedCharacter(event.target.value);
          if (refused === undefined) onText(event.target.value);
          else setHint(refusedKeyHint(refused));
        }}
      />
      <span id={`${id}-note`} className={`quantity-note${problem ? ' quantity-note--problem' : ''}`} aria-live="polite">
        {note}
      </span>
    </>
  );
}

/** A page-unique id from a grid cell's or cart line's key, whatever characters the key holds. */
export function quantityFieldId(key: string): string {
  return `quantity-${key.replace(/[^A-Za-z0-9-]/g, (character) => `_${character.codePointAt(0)!.toString(16)}`)}`;
}
