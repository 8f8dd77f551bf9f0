/**
 * The order number people read, quote on the phone and type into a search: the first eight
 * letters and digits of the order id the order API gave (a UUID for a bypass order, PayPal's
 * order id for a PayPal one), upper case, in two groups of four: `0b0c6f3e-…` → `0B0C-6F3E`.
 *
 * The start of the id itself rather than a hash or a counter: whoever holds the number finds
 * the full id by its prefix (in the database, in PayPal's dashboard, in the e-mail, which shows
 * both), and no sequence has to be kept across instances. Eight characters of a random id
 * (32 bits or more) tell apart the orders of any one dealership; the date and name beside the
 * number settle the rare tie. The success page, the orders screen and the e-mail all show it
 * through this one function, so the three always agree.
 */
export function orderNumber(orderId: string): string {
  const characters = orderId
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 8);
  return characters.length > 4 ? `${characters.slice(0, 4)}-${characters.slice(4)}` : characters;
}
