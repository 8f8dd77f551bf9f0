import { useState } from 'react';
import type { Product } from '../../domain/product.ts';
import { QuantityField, quantityFieldId } from '../shared/quantity-field.tsx';
import { cartQuantityLabel, cartQuantityText, readCartQuantity } from './cart-quantity.ts';
import { lineName, type CheckoutLine } from './checkout-order.ts';

/**
 * A cart line's quantity, changed in place under the item grid's rules (cart-quantity.ts): a
 * quantity that keeps them replaces the line's at once, and the cart is priced again; one that
 * does not is said at the field and changes nothing.
 */
export function CartLineQuantity({
  entry,
  product,
  onQuantity,
}: {
  entry: CheckoutLine;
  product: Product;
  onQuantity(line: CheckoutLine, quantity: number): void;
}) {
  const { line } = entry;
  const [text, setText] = useState(() => cartQuantityText(line));
  const read = readCartQuantity(text, line, product);
  const label = cartQuantityLabel(line);
  return (
    <label className="cart-line__quantity">
      <span>{label}</span>
      <QuantityField
        id={quantityFieldId(entry.key)}
        label={`${label} of ${lineName(line)}`}
        text={text}
        problem={'problem' in read ? read.problem : undefined}
        onText={(typed) => {
          setText(typed);
          const next = readCartQuantity(typed, line, product);
          if ('quantity' in next && next.quantity !== line.quantity) onQuantity(entry, next.quantity);
        }}
      />
    </label>
  );
}
