import { CatalogPageLinks } from '../components/catalog-page-links.tsx';
import { PasswordDialog } from '../components/password-dialog.tsx';
import { LogoStrip } from '../components/logo-strip.tsx';
import { ProductCard } from '../components/product-card.tsx';
import type { Category } from '../domain/categories.ts';
import { ACCESSORY_MINIMUM, atLeastMessage } from '../domain/order-rules.ts';
import type { Product } from '../domain/product.ts';
import { CATEGORY_LABELS } from '../site/category-labels.ts';
import { catalogPageCount, productsOnPage } from '../site/catalog-paging.ts';
import { href } from '../site/routes.ts';
import type { PageModel } from '../site/page-model.ts';
import { jsonForScript } from '../runtime/server/json-for-script.ts';
import type { StoresPageData } from '../islands/shared/store-session.ts';

interface CatalogPageProps {
  model: PageModel;
  category: Category;
  /** On a store's customs catalog: only products that store supports; a store with a password asks for it on arrival. */
  store?: { name: string; code: string; hasPassword?: boolean };
  /** Which page of a catalog too long for one (catalog-paging.ts), from 1. */
  pageNumber?: number;
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

/** Whether customs are chosen per store (spec section 2): the tenant has stores and the picker on. */
function picksCustomsByStore(model: PageModel): boolean {
  return model.config.flags.enableCustomsStorePicker && model.config.stores.length > 0;
}

/**
 * The products a catalog page lists: a store's customs catalog, the products that store
 * supports; with the store picker, the customs catalog without a store only the products no
 * store is named for, since the others are ordered from their store's catalog (the order API
 * holds them to it, and a password store's plates are for those who gave its password).
 */
export function catalogProducts(model: PageModel, category: Category, storeCode?: string): Product[] {
  const leaveOutStoreBound = category === 'customs' && storeCode === undefined && picksCustomsByStore(model);
  return model.products.filter(
    (product) =>
      product.type === category &&
      (storeCode === undefined ? !(leaveOutStoreBound && model.storeBound.has(product.code)) : product.supportedStores.includes(storeCode)),
  );
}

export function CatalogPage({ model, category, store, pageNumber = 1 }: CatalogPageProps) {
  const listed = catalogProducts(model, category, store?.code);
  const pageCount = catalogPageCount(listed.length);
  const products = productsOnPage(listed, pageNumber);
  const pointToStores = category === 'customs' && store === undefined && picksCustomsByStore(model);
  const groups = groupBySubCategory(products);
  const logos = model.config.embroideries[category] ?? [];
  const title = store ? `${CATEGORY_LABELS[category]} for ${store.name}` : CATEGORY_LABELS[category];
  return (
    <>
      {store && (
        // A store's catalog is reached from the stores page: the way back to pick another store.
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <a href={model.config.base}>Home</a> › <a href={href(model.config.base, { page: 'stores' })}>All stores</a>
        </nav>
      )}
      <h1 className="page-title">{title}</h1>
      {category === 'accessory' && (
        <p className="notice" role="note">
          {atLeastMessage(ACCESSORY_MINIMUM)}
        </p>
      )}
      {pointToStores && (
        <p className="notice" role="note">
          Custom plates made for a store are in that store's catalog. <a href={href(model.config.base, { page: 'stores' })}>Choose your store</a>
        </p>
      )}
      {groups.map((group, groupIndex) => (
        <section key={group.heading ?? ''} aria-label={group.heading ?? title}>
          {group.heading && groups.length > 1 && <h2 className="group-heading">{capitalize(group.heading)}</h2>}
          <ul className="card-grid">
            {group.products.map((product, index) => (
              // The first card's picture is a phone's largest paint: a lazy one would wait for layout before loading.
              <ProductCard
                key={product.code}
                model={model}
                product={product}
                storeCode={store?.code}
                loading={groupIndex === 0 && index === 0 ? 'eager' : undefined}
              />
            ))}
          </ul>
        </section>
      ))}
      <CatalogPageLinks
        label={title}
        pageNumber={pageNumber}
        pageCount={pageCount}
        hrefOf={(number) =>
          href(
            model.config.base,
            store ? { page: 'store-catalog', storeCode: store.code, pageNumber: number } : { page: 'catalog', category, pageNumber: number },
          )
        }
      />
      {logos.length > 0 && (
        <section className="available-logos" aria-labelledby="available-logos">
          <h2 id="available-logos">Available Logos:</h2>
          <LogoStrip names={logos} logos={model.config.logos} label="Available Logos" />
        </section>
      )}
      {store?.hasPassword && <StorePasswordGate model={model} store={store} />}
    </>
  );
}

/** The stores page's dialog and data, so a direct link to a password store's catalog asks for its password (src/runtime/client/stores.ts). */
function StorePasswordGate({ model, store }: { model: PageModel; store: { name: string; code: string } }) {
  const { config } = model;
  const data: StoresPageData = {
    tenantId: config.tenantId,
    companyName: config.companyName,
    apiBase: config.apiBase,
    gate: { code: store.code, name: store.name },
  };
  return (
    <>
      <PasswordDialog id="store-password-dialog" submitLabel="Open" autoComplete="off" context={<p className="dialog__context" data-store-label="" />} />
      <script type="application/json" id="stores-page" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
    </>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
