import { MAX_LINE_QUANTITY } from './order-rules.ts';

/**
 * How a quantity field (an item grid cell, a cart line's quantity) reads what the buyer typed.
 * The spec's "a non-digit entry is cleared and ignored" is read per key: a character that can
 * never be part of a quantity (a letter, a symbol) is not taken and the field says so; a
 * character that can be part of a number (".", "-", ",") is kept, so the buyer sees what was
 * typed, and the field says why it is not a quantity. Nothing typed is ever turned silently
 * into another number (docs/decisions.md, Quantities as typed).
 */

/** The characters a quantity field takes: digits, and what a number a buyer means is written with. */
const TAKEN = /^[0-9.,\-\s]$/;

/** The first character of `typed` a quantity field does not take, if any. */
export function refusedCharacter(typed: string): string | undefined {
  return [...typed].find((character) => !TAKEN.test(character));
}

/** Said at the field when a key is not taken. */
export function refusedKeyHint(character: string): string {
  const shown = character.trim() === '' ? 'a space' : `"${character}"`;
  return `${shown} is not a digit: type whole numbers only`;
}

export type CountReading = { state: 'empty' } | { state: 'count'; count: number } | { state: 'problem'; message: string };

/**
 * A field's text as a count: '' is empty; digits, or digits grouped in threes by commas as a
 * pasted "1,000", are the count; anything else is a problem saying why, never a number. A count
 * too long to be exact is a problem too, so no caller can multiply it into money.
 */
export function readCount(text: string, unit = 'quantity'): CountReading {
  const trimmed = text.trim();
  if (trimmed === '') return { state: 'empty' };
  if (trimmed.startsWith('-')) return { state: 'problem', message: `${trimmed} is below zero: a ${unit} is 0 or more` };
  if (/[.]/.test(trimmed)) return { state: 'problem', message: `${trimmed} is not a whole number: a ${unit} is a whole number` };
  const digits = /^\d+$/.test(trimmed) ? trimmed : /^\d{1,3}(,\d{3})+$/.test(trimmed) ? trimmed.replaceAll(',', '') : undefined;
  if (digits === undefined) return { state: 'problem', message: `${trimmed} is not a ${unit}: type digits only, like 1000 or 1,000` };
  const count = Number(digits);
  if (!Number.isSafeInteger(count) || count > MAX_LINE_QUANTITY) return { state: 'problem', message: overLineMessage() };
  return { state: 'count', count };
}

/** The per-line bound (MAX_LINE_QUANTITY, the order API's) as the buyer reads it. */
export function overLineMessage(): string {
  return `At most ${MAX_LINE_QUANTITY.toLocaleString('en-US')} pieces a line`;
}
