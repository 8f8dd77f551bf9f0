import { formatMoney } from '../domain/money.ts';
import type { PriceBreakRow, PriceBreaks } from '../domain/price-breaks.ts';

const count = (n: number) => n.toLocaleString('en-US');

function quantityText(row: PriceBreakRow): string {
  if (row.from === 0 && row.to !== undefined) return `Under ${count(row.to + 1)}`;
  return row.to === undefined ? `${count(row.from)}+` : `${count(row.from)}–${count(row.to)}`;
}

/**
 * The item page's 'Price breaks': a product's volume prices as a small table (quantity from,
 * price each), and what counts toward them (`breakCounting`). Plain markup: it needs no script, and the island
 * that renders it hydrates it unchanged.
 */
export function PriceBreaksTable({ breaks, counting, id }: { breaks: PriceBreaks; counting?: string; id: string }) {
  const upcharges = breaks.upcharges.map((size) => `${size.label} +${formatMoney(size.upcharge)}`).join(', ');
  return (
    <div className="price-breaks">
      <table className="price-breaks__table" aria-describedby={`${id}-note`}>
        <caption>Price breaks</caption>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Price each</th>
          </tr>
        </thead>
        <tbody>
          {breaks.rows.map((row) => (
            <tr key={row.from}>
              <th scope="row">{quantityText(row)}</th>
              <td>{formatMoney(row.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id={`${id}-note`} className="price-breaks__note">
        {counting}
        {upcharges && ` Larger sizes keep their upcharge: ${upcharges}.`}
      </p>
    </div>
  );
}
