import { describeQuantity } from '../../domain/describe-quantity.ts';
import { priceText, totalText } from '../../domain/price-on-request.ts';
import type { SelectionPrice } from './selection-price.ts';

/**
 * Under the item page's grid: each filled cell's price each and line total, and their total,
 * as the checkout will charge them; a size priced 0 reads 'Price on request'. Only the total line is announced as it changes; the table
 * would repeat itself on every keystroke.
 */
export function SelectionSummary({ price, tiered }: { price?: SelectionPrice; tiered: boolean }) {
  const onRequest = price?.lines.filter((line) => line.onRequest).length ?? 0;
  return (
    <div className="selection-price" aria-live="polite">
      {price && (
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
              {price.lines.map(({ line, unitPrice, lineTotal }) => (
                <tr key={`${line.size}|${line.color}`}>
                  <th scope="row">{tiered ? line.color : line.size}</th>
                  <td>{describeQuantity(line)}</td>
                  <td>{priceText(unitPrice)}</td>
                  <td>{priceText(lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="selection-price__total">
            {`Total for ${price.pieces.toLocaleString('en-US')} ${price.pieces === 1 ? 'piece' : 'pieces'}: ${totalText(price.total, onRequest)}`}
            {price.inCart > 0 && ` (priced with the ${price.inCart.toLocaleString('en-US')} already in your cart)`}
          </p>
        </>
      )}
    </div>
  );
}
