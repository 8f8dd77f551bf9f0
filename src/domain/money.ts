/**
 * Money is an integer count of ten-thousandths of a dollar, so prices with up to four
 * decimals (a metal frame at $0.0279) add and multiply exactly. Floats never carry money.
 */
export type Money = number & { readonly __money: unique symbol };

export const MONEY_SCALE = 10_000;
export const MAX_PRICE_DECIMALS = 4;

export function money(subCents: number): Money {
  if (!Number.isSafeInteger(subCents)) throw new RangeError(`money must be a whole number of 1/10000 dollars, got ${subCents}`);
  return subCents as Money;
}

/** Counts the decimals a price was written with: `38.770` has 3, even though it equals 38.77. */
export function decimalsWritten(source: string): number {
  const match = /^[+]?\d*(?:\.(\d*))?$/.exec(source.trim());
  return match?.[1]?.length ?? 0;
}

/**
 * Converts a validated price (a finite number ≥ 0 with at most 4 decimals) to Money.
 * Goes through the number's shortest decimal text, which is exact for such prices.
 */
export function moneyFromDollars(dollars: number): Money {
  if (!Number.isFinite(dollars) || dollars < 0) throw new RangeError(`price must be a number ≥ 0, got ${dollars}`);
  const text = dollars.toFixed(MAX_PRICE_DECIMALS + 2);
  const [whole = '0', fraction = ''] = text.split('.');
  if (/[1-9]/.test(fraction.slice(MAX_PRICE_DECIMALS))) {
    throw new RangeError(`price must have at most ${MAX_PRICE_DECIMALS} decimals, got ${dollars}`);
  }
  return money(Number(whole) * MONEY_SCALE + Number(fraction.slice(0, MAX_PRICE_DECIMALS)));
}

/** `$38.77`; prices below a cent keep their own decimals (`$0.0279`). */
export function formatMoney(amount: Money): string {
  const whole = Math.floor(amount / MONEY_SCALE);
  const fraction = String(amount % MONEY_SCALE).padStart(4, '0');
  const cents = fraction.slice(0, 2);
  const rest = fraction.slice(2).replace(/0+$/, '');
  return `$${groupThousands(whole)}.${cents}${rest}`;
}

/** `12345` → `12,345`, as `toLocaleString('en-US')` writes it, without asking the locale data for every price on a page. */
function groupThousands(whole: number): string {
  const digits = String(whole);
  return digits.length > 3 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits;
}

/** A unit price times a whole quantity, still exact (no rounding yet). */
export function multiplyMoney(unitPrice: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a whole number ≥ 0, got ${quantity}`);
  return money(unitPrice * quantity);
}

/**
 * Rounds to whole cents, halves up: a line is charged in cents even when its unit price is
 * finer (500 frames at $0.0279 are $13.95; 3 at $0.0279 are $0.08).
 */
export function roundToCents(amount: Money): Money {
  const perCent = MONEY_SCALE / 100;
  return money(Math.floor((amount + perCent / 2) / perCent) * perCent);
}

export function sumMoney(amounts: Iterable<Money>): Money {
  let total = 0;
  for (const amount of amounts) total += amount;
  return money(total);
}

/** Dollars as a JSON number (38.77); exact for Money, since it has at most 4 decimals. */
export function moneyToDollars(amount: Money): number {
  return amount / MONEY_SCALE;
}

/** `1234.5` dollars → "1234.50": a whole-cent amount as payment APIs want it. Refuses sub-cent amounts. */
export function centsText(amount: Money): string {
  if (amount < 0) throw new RangeError(`amount must be ≥ 0, got ${amount}`);
  if (amount % (MONEY_SCALE / 100) !== 0) throw new RangeError(`amount ${amount} is not a whole number of cents`);
  const cents = amount / (MONEY_SCALE / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
