import type { ReactElement } from 'react';
import { PageShell } from '../../components/page-shell.tsx';
import type { Catalog } from '../../domain/product.ts';
import { CatalogLinksPage } from '../../pages/catalog-links-page.tsx';
import { CatalogPage, catalogProducts } from '../../pages/catalog-page.tsx';
import { CheckoutPage, OrdersPage, SuccessPage } from '../../pages/island-pages.tsx';
import { ItemPage } from '../../pages/item-page.tsx';
import { LandingPage } from '../../pages/landing-page.tsx';
import { NotFoundPage } from '../../pages/not-found-page.tsx';
import type { PageModel } from '../../pages/page-model.ts';
import { StoresPage } from '../../pages/stores-page.tsx';
import { renderDocument } from '../../runtime/server/render-document.tsx';
import { CATEGORY_LABELS } from '../../site/category-labels.ts';
import { categoriesOf, routePath, type Route } from '../../site/routes.ts';
import type { ClientAssets, ClientEntry } from './client-assets.ts';

export interface RenderedPage {
  /** Inside the tenant's folder: 'catalog/mens/index.html' */
  file: string;
  html: string;
}

export class RouteRenderError extends Error {
  constructor(tenantId: string, file: string, cause: unknown) {
    super(`tenant ${tenantId}, page ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

interface PageSpec {
  file: string;
  title: string;
  body: ReactElement;
  entries: ClientEntry[];
}

/** The route table of one tenant: every page the storefront has, and what renders it. */
function pageSpecs(model: PageModel, catalog: Catalog): PageSpec[] {
  const { config } = model;
  const page = (route: Route, title: string, body: ReactElement, entries: ClientEntry[] = []): PageSpec => ({
    file: `${routePath(route)}index.html`,
    title: title === config.title ? title : `${title} | ${config.title}`,
    body,
    entries: ['base', ...entries],
  });
  const storesWithProducts = new Set(config.stores.filter((store) => catalogProducts(model, 'customs', store.code).length > 0).map((store) => store.code));

  return [
    page({ page: 'landing' }, config.title, <LandingPage model={model} />),
    ...categoriesOf(model.products).map((category) => page({ page: 'catalog', category }, CATEGORY_LABELS[category], <CatalogPage model={model} category={category} />)),
    ...config.stores
      .filter((store) => storesWithProducts.has(store.code))
      .map((store) => page({ page: 'store-catalog', storeCode: store.code }, `Custom plates for ${store.name}`, <CatalogPage model={model} category="customs" store={store} />)),
    ...model.products.map((product) => page({ page: 'item', code: product.code }, product.fullname, <ItemPage model={model} product={product} showPrices={catalog.priced} />, ['item'])),
    page({ page: 'stores' }, 'Stores', <StoresPage model={model} storesWithProducts={storesWithProducts} />, ['stores']),
    page({ page: 'checkout' }, 'Checkout', <CheckoutPage model={model} />, ['checkout']),
    page({ page: 'success' }, 'Order placed', <SuccessPage model={model} />, ['success']),
    page({ page: 'orders' }, 'Orders', <OrdersPage model={model} />, ['orders']),
    page({ page: 'catalog-links' }, 'Catalogs', <CatalogLinksPage model={model} />),
    { file: '404.html', title: `Page not found | ${config.title}`, body: <NotFoundPage model={model} />, entries: ['base'] },
  ];
}

/** Renders every page of a tenant to HTML; a page that throws fails the build, naming the page. */
export function renderTenant(model: PageModel, catalog: Catalog, assets: ClientAssets): RenderedPage[] {
  const assetUrl = (file: string) => `${model.config.base}assets/${file}`;
  return pageSpecs(model, catalog).map((spec) => {
    try {
      const scripts = spec.entries.map((entry) => assets.entries[entry]);
      return {
        file: spec.file,
        html: renderDocument({
          title: spec.title,
          body: <PageShell model={model}>{spec.body}</PageShell>,
          stylesheets: [assetUrl(assets.stylesheet)],
          scripts: scripts.map((script) => assetUrl(script.file)),
          preloads: [...new Set(scripts.flatMap((script) => script.imports))].map(assetUrl),
          apiBases: [model.config.apiBase],
        }),
      };
    } catch (error) {
      throw new RouteRenderError(model.config.tenantId, spec.file, error);
    }
  });
}
