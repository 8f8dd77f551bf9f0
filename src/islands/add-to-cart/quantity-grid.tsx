import { formatMoney } from '../../domain/money.ts';
import { PRICE_ON_REQUEST } from '../../domain/price-on-request.ts';
import { listedPrice } from '../../domain/pricing.ts';
import { productColors, type Product, type SizePrice } from '../../domain/product.ts';
import { countedUnit, isTierLabel } from '../../domain/size-labels.ts';
import { QuantityField, quantityFieldId } from '../shared/quantity-field.tsx';
import { tierCell } from './cart-entries.ts';

interface QuantityGridProps {
  product: Product;
  showPrices: boolean;
  /** Typed text by cell: a size's label, or a run's tierCell. */
  quantities: Readonly<Record<string, string>>;
  problemAt(cell: string): string | undefined;
  onQuantity(cell: string, typed: string): void;
}

/**
 * Where the buyer types quantities: a run per colour for print-run products (a row per colour),
 * else one cell per size. Each cell shows its price, or 'Price on request' where a size has none;
 * a product where no size has a price says so once above the grid instead.
 */
export function QuantityGrid({ product, showPrices, quantities, problemAt, onQuantity }: QuantityGridProps) {
  const tiers = product.sizes.filter((size) => isTierLabel(size.label));
  const unpriced = product.sizes.every((size) => size.price === 0);
  const field = (cell: string, label: string) => (
    <QuantityField
      id={quantityFieldId(cell)}
      label={label}
      text={quantities[cell] ?? ''}
      problem={problemAt(cell)}
      onText={(typed) => onQuantity(cell, typed)}
    />
  );
  if (tiers.length > 0) {
    return (
      <table className="quantity-grid">
        <caption>Quantity of print runs per color</caption>
        <thead>
          <tr>
            <th scope="col">Color</th>
            {tiers.map((tier) => (
              <th scope="col" key={tier.label}>
                {tier.label}
                {!unpriced && <GridPrice product={product} size={tier} showPrices={showPrices} className="quantity-grid__price" />}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {productColors(product).map((name) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {tiers.map((tier) => (
                <td key={tier.label}>{field(tierCell(tier.label, name), `Quantity ${tier.label} ${name}`)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <div className="size-grid" role="group" aria-label="Quantity per size">
      {product.sizes.map((size) => (
        <label key={size.label} className="size-grid__cell">
          <span className="size-grid__label">{size.label}</span>
          {!unpriced && <GridPrice product={product} size={size} showPrices={showPrices} className="size-grid__price" />}
          <span className="size-grid__entry">
            {field(size.label, `Quantity ${size.label}`)}
            {countedUnit(size.label) && <span className="size-grid__unit">{countedUnit(size.label)!.plural}</span>}
          </span>
        </label>
      ))}
    </div>
  );
}

/**
 * A grid cell's price: what `priceCart` charges for that size or run ordered alone
 * (`listedPrice`), so a run that reaches a volume price shows it; a unit size says what its
 * price is for ('$115.79 a box'); a size priced 0 says 'Price on request'.
 */
function GridPrice({ product, size, showPrices, className }: { product: Product; size: SizePrice; showPrices: boolean; className: string }) {
  if (size.price === 0) return <span className={className}>{PRICE_ON_REQUEST}</span>;
  if (!showPrices) return null;
  const unit = countedUnit(size.label);
  const per = isTierLabel(size.label) || unit?.singular === 'piece' ? 'each' : unit ? `a ${unit.singular}` : undefined;
  return <span className={className}>{`${formatMoney(listedPrice(product, size))}${per ? ` ${per}` : ''}`}</span>;
}
