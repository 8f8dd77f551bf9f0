import { LogoPreviewMockups } from '../components/logo-preview-mockups.tsx';
import { LogoStrip } from '../components/logo-strip.tsx';
import { ResponsivePicture } from '../components/responsive-picture.tsx';
import type { Category } from '../domain/categories.ts';
import { categoriesWithLogos } from '../domain/logo-rules.ts';
import { CATEGORY_LABELS } from '../site/category-labels.ts';
import { logoPreviewProduct, PREVIEW_PLACEMENT, type LogoPreviewProduct } from '../site/logo-preview-product.ts';
import type { Product } from '../domain/product.ts';
import { categoriesOf, href, type Route } from '../site/routes.ts';
import type { PageModel } from '../site/page-model.ts';

/** Whether the tenant has stores and uses the store picker for custom plates. */
function usesStorePicker(model: PageModel): boolean {
  return model.config.stores.length > 0 && model.config.flags.enableCustomsStorePicker;
}

/** The customs tile leads to the store picker when the tenant uses it. */
export function customsRoute(model: PageModel): Route {
  return usesStorePicker(model) ? { page: 'stores' } : { page: 'catalog', category: 'customs' };
}

/**
 * The products the landing page shows: each category's first product (its tile's picture) and the
 * shirt its logos are drawn on. The build keys the page by these (render-tenant.tsx), so a product
 * edit renders the page again only when it touches one of them.
 */
export function landingProducts(model: PageModel): { tiles: { category: Category; sample: Product | undefined }[]; preview: LogoPreviewProduct | undefined } {
  return {
    tiles: categoriesOf(model.products).map((category) => ({ category, sample: model.products.find((product) => product.type === category) })),
    preview: logoPreviewProduct(model.products, model.config, (product) => model.productImage(product.code, product.defaultColor) !== undefined),
  };
}

export function LandingPage({ model }: { model: PageModel }) {
  const { config } = model;
  const { tiles, preview } = landingProducts(model);
  const categories = tiles.map((tile) => tile.category);
  const tileRoute = (category: Category): Route => (category === 'customs' ? customsRoute(model) : { page: 'catalog', category });
  const allLogos = [...new Set(Object.values(config.embroideries).flat())];
  const carriers = categoriesWithLogos(config, categories).map((category) => CATEGORY_LABELS[category]);

  return (
    <>
      <h1 className="page-title">{config.title}</h1>
      <nav aria-label="Quick links" className="quick-links">
        <a href={href(config.base, { page: 'orders' })}>Your orders</a>
        <a href={href(config.base, { page: 'checkout' })}>Checkout</a>
        {usesStorePicker(model) && <a href={href(config.base, { page: 'stores' })}>Store custom plates</a>}
        <a href={href(config.base, { page: 'catalog-links' })}>Printed catalogs</a>
      </nav>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Shop by category</h2>
        <ul className="tile-grid">
          {tiles.map(({ category, sample }, index) => {
            const image = sample ? model.productImage(sample.code, sample.defaultColor) : undefined;
            return (
              <li key={category} className="tile">
                <a className="tile__link" href={href(config.base, tileRoute(category))}>
                  {/* A phone's first row (two tiles) loads at once: its largest paint is there, and a lazy image waits for layout. */}
                  {image && (
                    <ResponsivePicture
                      image={image}
                      alt=""
                      sizes="(min-width: 60em) 14rem, 45vw"
                      className="tile__image"
                      loading={index < 2 ? 'eager' : undefined}
                    />
                  )}
                  <span className="tile__label">{CATEGORY_LABELS[category]}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </section>
      {config.flags.renderLogoPreview && allLogos.length > 0 && (
        <section aria-labelledby="logos-heading" className="logo-preview">
          <h2 id="logos-heading">Your logos</h2>
          {carriers.length > 0 && <p>{listText(carriers)} can carry one of these, embroidered or printed.</p>}
          <LogoPreview model={model} allLogos={allLogos} preview={preview} />
        </section>
      )}
    </>
  );
}

/**
 * The group's logos, those offered on a shirt of the catalog drawn on it (logo-preview-product.ts),
 * the others alone; all alone, in a strip, when the catalog has no such shirt.
 */
function LogoPreview({ model, allLogos, preview }: { model: PageModel; allLogos: string[]; preview: LogoPreviewProduct | undefined }) {
  const { config } = model;
  const picture = preview && model.productImage(preview.product.code, preview.product.defaultColor);
  if (!preview || !picture) return <LogoStrip names={allLogos} logos={config.logos} label="Your logos" />;
  return (
    <LogoPreviewMockups
      product={preview.product}
      picture={picture}
      area={preview.area}
      placement={PREVIEW_PLACEMENT}
      logos={config.logos}
      names={allLogos}
      onProduct={preview.logos}
    />
  );
}

/** 'Men's Apparel, T-Shirts and Hats' */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
