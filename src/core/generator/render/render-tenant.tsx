import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PageShell, SiteFooterContent, SiteHeaderContent, type ShellMarkup } from '../../../components/page-shell.tsx';
import { PreviewNotice } from '../../../components/preview-notice.tsx';
import { productColors, type Catalog, type Product } from '../../../domain/product.ts';
import { CatalogLinksPage } from '../../../pages/catalog-links-page.tsx';
import { CatalogPage, catalogProducts } from '../../../pages/catalog-page.tsx';
import { CheckoutPage, OrderStatusPage, OrdersPage, SuccessPage } from '../../../pages/ordering-pages.tsx';
import { ItemPage } from '../../../pages/item-page.tsx';
import { customsRoute, LandingPage, landingProducts } from '../../../pages/landing-page.tsx';
import { NotFoundPage } from '../../../pages/not-found-page.tsx';
import type { PageModel } from '../../../site/page-model.ts';
import { SearchPage } from '../../../pages/search-page.tsx';
import { StoresPage } from '../../../pages/stores-page.tsx';
import { renderDocument } from '../../../runtime/server/render-document.tsx';
import { CATEGORY_LABELS } from '../../../site/category-labels.ts';
import { catalogPageCount, productsOnPage } from '../../../site/catalog-paging.ts';
import { categoriesOf, routePath, type Route } from '../../../site/routes.ts';
import type { ClientAssets, ClientEntry } from '../bundle/client-assets.ts';
import type { PageInputs } from '../reuse/page-cache.ts';
import { UserError } from '../../user-error.ts';

export interface RenderedPage {
  /** Inside the tenant's folder: 'catalog/mens/index.html' */
  file: string;
  html: string;
}

export class RouteRenderError extends UserError {
  constructor(tenantId: string, file: string, cause: unknown) {
    super(`tenant ${tenantId}, page ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

interface PageSpec {
  file: string;
  title: string;
  body: ReactElement;
  entries: ClientEntry[];
  /**
   * What the page's content is made from beyond the tenant's frame (config, stylesheet): the
   * build reuses a page rendered before from equal inputs (tenantPages, page-cache.ts).
   */
  inputs: () => unknown;
  /** The products it shows, by code: a build that renders it again names the changed ones among them as the reason. */
  products: readonly string[];
}

/** Made of the tenant's frame alone: the config (phone, stores, logos) and stylesheet. */
const FRAME_ONLY = () => ({});

/** The route table of one tenant: every page the storefront has, and what renders it. */
function pageSpecs(model: PageModel, catalog: Catalog): PageSpec[] {
  const { config } = model;
  const page = (
    route: Route,
    title: string,
    body: ReactElement,
    entries: ClientEntry[],
    inputs: PageSpec['inputs'],
    products: readonly Product[] = [],
  ): PageSpec => ({
    file: `${routePath(route)}index.html`,
    title: title === config.title ? title : `${title} | ${config.title}`,
    body,
    entries: ['every-page', ...entries],
    inputs,
    products: [...new Set(products.map((product) => product.code))],
  });
  // The island props of these pages name the catalog's price file, whose name is a digest of its content: every product's prices and names.
  const prices = () => ({ catalogPrices: model.catalogPrices.url });
  const pricesPage = (route: Route, title: string, body: ReactElement, entry: ClientEntry) => page(route, title, body, [entry], prices, model.products);
  const picture = (product: Product) => model.productImage(product.code, product.defaultColor) ?? null;
  const landing = landingProducts(model);
  const landingShows = [...landing.tiles.flatMap(({ sample }) => (sample ? [sample] : [])), ...(landing.preview ? [landing.preview.product] : [])];
  const storesWithProducts = new Set(config.stores.filter((store) => catalogProducts(model, 'customs', store.code).length > 0).map((store) => store.code));
  const pictures = (product: Product) => [
    ...productColors(product).map((color) => model.productImage(product.code, color) ?? null),
    ...(product.backPictureColors ?? []).map((color) => model.productImage(product.code, color, 'back') ?? null),
  ];
  const listed = (products: readonly Product[]) => products.map((product) => [product, picture(product)]);

  return [
    page(
      { page: 'landing' },
      config.title,
      <LandingPage model={model} />,
      [],
      () => ({
        tiles: landing.tiles.map(({ category, sample }) => [category, sample && [sample.code, picture(sample)]]),
        preview: landing.preview && { ...landing.preview, picture: picture(landing.preview.product) },
      }),
      landingShows,
    ),
    ...categoriesOf(model.products).flatMap((category) =>
      catalogPages(catalogProducts(model, category), (pageNumber, pageCount, products) =>
        page(
          { page: 'catalog', category, pageNumber },
          pageTitle(CATEGORY_LABELS[category], pageNumber, pageCount),
          <CatalogPage model={model} category={category} pageNumber={pageNumber} />,
          [],
          () => ({ category, pageNumber, pageCount, products: listed(products) }),
          products,
        ),
      ),
    ),
    ...config.stores
      .filter((store) => storesWithProducts.has(store.code))
      .flatMap((store) =>
        catalogPages(catalogProducts(model, 'customs', store.code), (pageNumber, pageCount, products) =>
          page(
            { page: 'store-catalog', storeCode: store.code, pageNumber },
            pageTitle(`Custom plates for ${store.name}`, pageNumber, pageCount),
            <CatalogPage model={model} category="customs" store={store} pageNumber={pageNumber} />,
            store.hasPassword ? ['stores'] : [],
            () => ({ store, pageNumber, pageCount, products: listed(products) }),
            products,
          ),
        ),
      ),
    ...model.products.map((product) =>
      page(
        { page: 'item', code: product.code },
        product.fullname,
        <ItemPage model={model} product={product} showPrices={catalog.priced} />,
        ['item'],
        () => ({ product, pictures: pictures(product), priced: catalog.priced }),
        [product],
      ),
    ),
    page({ page: 'stores' }, 'Stores', <StoresPage model={model} storesWithProducts={storesWithProducts} />, ['stores'], () => ({
      storesWithProducts: [...storesWithProducts],
    })),
    pricesPage({ page: 'checkout' }, 'Checkout', <CheckoutPage model={model} />, 'checkout'),
    pricesPage({ page: 'success' }, 'Your order', <SuccessPage model={model} />, 'success'),
    pricesPage({ page: 'orders' }, 'Orders', <OrdersPage model={model} />, 'orders'),
    // Made of the tenant's frame alone (the order comes from the API): a catalog edit leaves it as it was.
    page({ page: 'order' }, 'Your order', <OrderStatusPage model={model} />, ['order-status'], FRAME_ONLY),
    page({ page: 'catalog-links' }, 'Catalogs', <CatalogLinksPage model={model} />, [], FRAME_ONLY),
    // It lists the categories, nothing of a product: a product edit leaves it as it was.
    page({ page: 'search' }, 'Search', <SearchPage model={model} />, ['search'], () => ({
      categories: categoriesOf(model.products),
      customs: customsRoute(model),
    })),
    {
      file: '404.html',
      title: `Page not found | ${config.title}`,
      body: <NotFoundPage model={model} />,
      entries: ['every-page'],
      inputs: FRAME_ONLY,
      products: [],
    },
  ];
}

/** One page spec for each page a catalog's products take (catalog-paging.ts). */
function catalogPages(products: readonly Product[], page: (pageNumber: number, pageCount: number, products: Product[]) => PageSpec): PageSpec[] {
  const pageCount = catalogPageCount(products.length);
  return Array.from({ length: pageCount }, (_, index) => page(index + 1, pageCount, productsOnPage(products, index + 1)));
}

/** 'Men's Apparel', and 'Men's Apparel, page 2 of 3' for the pages after the first. */
function pageTitle(title: string, pageNumber: number, pageCount: number): string {
  return pageNumber > 1 ? `${title}, page ${pageNumber} of ${pageCount}` : title;
}

/**
 * Where a page's stylesheet and entry scripts come from: the hashed bundle in a build
 * (bundledAssets), Vite's dev modules under `npm run dev` (src/core/dev).
 */
export interface PageAssets {
  stylesheets: readonly string[];
  scripts(entries: readonly ClientEntry[]): { scripts: readonly string[]; preloads: readonly string[] };
  /** The Content-Security-Policy meta; false only in dev (see renderDocument). */
  csp?: boolean;
  /** Extra markup at the end of <head> (dev: the live-update client). */
  headExtra?: string;
}

/** The bundled files of a build, published in the tenant's assets/ folder. */
export function bundledAssets(assets: ClientAssets, base: string): PageAssets {
  const assetUrl = (file: string) => `${base}assets/${file}`;
  // A few kinds of page, each with its entries: worked out once a kind, not once a page.
  const byEntries = new Map<string, { scripts: readonly string[]; preloads: readonly string[] }>();
  return {
    stylesheets: [assetUrl(assets.stylesheet)],
    scripts: (entries) => {
      const key = entries.join(' ');
      let urls = byEntries.get(key);
      if (!urls) {
        const scripts = entries.map((entry) => assets.entries[entry]);
        urls = { scripts: scripts.map((script) => assetUrl(script.file)), preloads: [...new Set(scripts.flatMap((script) => script.imports))].map(assetUrl) };
        byEntries.set(key, urls);
      }
      return urls;
    },
  };
}

/** Renders every page of a tenant to HTML; a page that throws fails the build, naming the page. */
export function renderTenant(model: PageModel, catalog: Catalog, assets: ClientAssets | PageAssets): RenderedPage[] {
  const pageAssets = 'scripts' in assets ? assets : bundledAssets(assets, model.config.base);
  return pageSpecs(model, catalog).map((spec) => renderSpec(model, spec, pageAssets));
}

/**
 * Renders the one page a path below the tenant's base asks for ('', 'item/K500/', with or
 * without the trailing slash or index.html), from the same route table as the build, or the
 * tenant's 404 page (found: false). Used by `npm run dev`, which renders on request.
 */
export function renderTenantPage(model: PageModel, catalog: Catalog, relativePath: string, assets: PageAssets): RenderedPage & { found: boolean } {
  const wanted = fileOfPath(relativePath);
  const specs = pageSpecs(model, catalog);
  const spec = specs.find((candidate) => safeDecode(candidate.file) === wanted);
  const notFound = specs.find((candidate) => candidate.file === '404.html');
  if (!spec && !notFound) throw new Error('internal: the route table has no 404 page');
  return { ...renderSpec(model, (spec ?? notFound)!, assets), found: spec !== undefined && spec.file !== '404.html' };
}

function fileOfPath(relativePath: string): string {
  const decoded = safeDecode(relativePath.replace(/^\/+/, ''));
  if (decoded === '' || decoded.endsWith('/')) return `${decoded}index.html`;
  if (decoded.endsWith('.html')) return decoded;
  return `${decoded}/index.html`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function renderSpec(model: PageModel, spec: PageSpec, assets: PageAssets): RenderedPage {
  try {
    const { scripts, preloads } = assets.scripts(spec.entries);
    return {
      file: spec.file,
      html: renderDocument({
        title: spec.title,
        body: <PageShell markup={shellMarkup(model)}>{spec.body}</PageShell>,
        stylesheets: assets.stylesheets,
        scripts,
        preloads,
        // A preview may connect to no order API (tenant-storefront-config.ts, PREVIEW_API_BASE).
        apiBases: model.config.preview === undefined ? [model.config.apiBase] : [],
        csp: assets.csp,
        headExtra: assets.headExtra,
        banner: model.config.preview === undefined ? undefined : <PreviewNotice preview={model.config.preview} />,
      }),
    };
  } catch (error) {
    throw new RouteRenderError(model.config.tenantId, spec.file, error);
  }
}

/** The header's and footer's markup of a tenant's pages, rendered once for them all. */
function shellMarkup(model: PageModel): ShellMarkup {
  let markup = shellMarkups.get(model);
  if (!markup) {
    markup = { header: renderToString(<SiteHeaderContent model={model} />), footer: renderToString(<SiteFooterContent model={model} />) };
    shellMarkups.set(model, markup);
  }
  return markup;
}
const shellMarkups = new WeakMap<PageModel, ShellMarkup>();

/**
 * The pages of a tenant, each rendered only when asked: the build renders and writes them one
 * at a time, so its progress can be shown between pages.
 */
export function tenantPages(
  model: PageModel,
  catalog: Catalog,
  assets: PageAssets,
): { file: string; inputs: PageInputs; products: readonly string[]; render(): RenderedPage }[] {
  const pages = pageSpecs(model, catalog);
  // Computed once per tenant, and only when a page's inputs are asked for.
  let frame: unknown;
  return pages.map((spec) => ({
    file: spec.file,
    // Everything the page is made from: the tenant's frame, its own route, title and scripts, and what it shows.
    get inputs() {
      frame ??= pageFrame(model, assets);
      return { frame, file: spec.file, title: spec.title, scripts: assets.scripts(spec.entries), shows: spec.inputs() };
    },
    products: spec.products,
    render: () => renderSpec(model, spec, assets),
  }));
}

/**
 * What every page of the tenant shows: its config (header, footer, logos, API origin) and
 * stylesheet. Not the catalog file's URL: it changes with any product, and only the pages
 * that name it (checkout, success, orders) have it among their inputs.
 */
function pageFrame(model: PageModel, assets: PageAssets): unknown {
  return {
    config: model.config,
    catalogLinks: model.catalogLinks,
    stylesheets: assets.stylesheets,
    csp: assets.csp ?? true,
    headExtra: assets.headExtra ?? '',
  };
}
