import type { CSSProperties } from 'react';
import { productColors, type Product } from '../../domain/product.ts';
import { swatchColor } from './swatch-color.ts';

/** The product's colours as radio swatches; a half colour ('Black Red') shows both halves. */
export function ColorSwatches({ id, product, color, onColor }: { id: string; product: Product; color: string; onColor(color: string): void }) {
  return (
    <fieldset className="swatches">
      <legend>Color: {color}</legend>
      {productColors(product).map((name) => {
        const [first, second] = product.halfColors.includes(name) ? name.split(' ') : [name, name];
        return (
          <label key={name} className="swatch">
            <input type="radio" name={`${id}-color`} value={name} checked={color === name} onChange={() => onColor(name)} />
            <span className="swatch__chip" style={{ '--swatch-a': swatchColor(first), '--swatch-b': swatchColor(second) } as CSSProperties} />
            <span className="swatch__name">{name}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
