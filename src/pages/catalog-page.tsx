import { LogoStrip } from '../components/logo-strip.tsx';
import { ProductCard } from '../components/product-card.tsx';
import type { Category } from '../domain/categories.ts';
import { ACCESSORY_MINIMUM, atLeastMessage } from '../domain/order-rules.ts';
import type { Product } from '../domain/product.ts';
import { CATEGORY_LABELS } from '../site/category-labels.ts';
import type { PageModel } from './page-model.ts';

interface CatalogPageProps {
  model: PageModel;
  category: Category;
  /** On a store's customs catalog: only products that store supports. */
  store?: { name: string; code: string };
}

/** Products of a category, grouped under their sub-category in the order the catalog lists them. */
function groupBySubCategory(products: Product[]): { heading?: string; products: Product[] }[] {
  const groups = new Map<string | undefined, Product[]>();
  for (const product of products) {
    const key = product.subCategory;
    groups.set(key, [...(groups.get(key) ?? []), product]);
  }
  return [...groups].map(([heading, list]) => ({ heading, products: list }));
}

export function catalogProducts(model: PageModel, category: Category, storeCode?: string): Product[] {
  return model.products.filter((product) => product.type === category && (storeCode === undefined || product.supportedStores.includes(storeCode)));
}

export function CatalogPage({ model, category, store }: CatalogPageProps) {
  const products = catalogProducts(model, category, store?.code);
  const groups = groupBySubCategory(products);
  const logos = model.config.embroideries[category] ?? [];
  const title = store ? `${CATEGORY_LABELS[category]} for ${store.name}` : CATEGORY_LABELS[category];
  return (
    <>
      <h1 className="page-title">{title}</h1>
      {category === 'accessory' && (
        <p className="notice" role="note">
          {atLeastMessage(ACCESSORY_MINIMUM)}
        </p>
      )}
      {groups.map((group) => (
        <section key={group.heading ?? ''} aria-label={group.heading ?? title}>
          {group.heading && groups.length > 1 && <h2 className="group-heading">{capitalize(group.heading)}</h2>}
          <ul className="card-grid">
            {group.products.map((product) => (
              <ProductCard key={product.code} model={model} product={product} />
            ))}
          </ul>
        </section>
      ))}
      {logos.length > 0 && (
        <section className="available-logos" aria-labelledby="available-logos">
          <h2 id="available-logos">Available Logos:</h2>
          <LogoStrip names={logos} logos={model.config.logos} label="Available Logos" />
        </section>
      )}
    </>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
