import type { Product } from '../domain/product.ts';
import type { PageModel } from '../site/page-model.ts';
import { itemHref } from '../site/routes.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/**
 * A catalog card: image and name, linking to the item page (for the store whose catalog lists it, if any).
 * `loading="eager"` for the first card, whose picture is what a phone shows first (its largest paint).
 */
export function ProductCard({ model, product, storeCode, loading }: { model: PageModel; product: Product; storeCode?: string; loading?: 'lazy' | 'eager' }) {
  const image = model.productImage(product.code, product.defaultColor);
  return (
    <li className="card">
      <a className="card__link" href={itemHref(model.config.base, product.code, storeCode)}>
        {image && (
          <ResponsivePicture image={image} alt="" sizes="(min-width: 60em) 18rem, (min-width: 36em) 45vw, 90vw" className="card__image" loading={loading} />
        )}
        <span className="card__name">{product.name}</span>
      </a>
    </li>
  );
}
