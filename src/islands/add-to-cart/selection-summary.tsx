import { describeQuantity } from '../../domain/describe-quantity.ts';
import { formatMoney } from '../../domain/money.ts';
import type { SelectionPrice } from './selection-price.ts';

/**
 * Under the item page's grid: each filled cell's price each and line total, and their total,
 * as the checkout will charge them. Only the total line is announced as it changes; the table
 * would repeat itself on every keystroke.
 */
export function SelectionSummary({ price, tiered }: { price?: SelectionPrice; tiered: boolean }) {
  // A size whose price is not set shows no price anywhere, so its selection shows none either.
  const shown = price && price.lines.every((line) => line.unitPrice > 0) ? price : undefined;
  return (
    <div className="selection-price" aria-live="polite">
      {shown && (
        <>
          <table className="selection-price__lines" aria-live="off">
            <caption>Your selection</caption>
            <thead>
              <tr>
                <th scope="col">{tiered ? 'Color' : 'Size'}</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price each</th>
                <th scope="col">Line total</th>
              </tr>
            </thead>
            <tbody>
              {shown.lines.map(({ line, unitPrice, lineTotal }) => (
                <tr key={`${line.size}|${line.color}`}>
                  <th scope="row">{tiered ? line.color : line.size}</th>
                  <td>{describeQuantity(line)}</td>
                  <td>{formatMoney(unitPrice)}</td>
                  <td>{formatMoney(lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="selection-price__total">
            {`Total for ${shown.pieces.toLocaleString('en-US')} ${shown.pieces === 1 ? 'piece' : 'pieces'}: ${formatMoney(shown.total)}`}
            {shown.inCart > 0 && ` (priced with the ${shown.inCart.toLocaleString('en-US')} already in your cart)`}
          </p>
        </>
      )}
    </div>
  );
}
