import { renderToStaticMarkup } from 'react-dom/server';
import { CATEGORIES } from '../../domain/categories.ts';
import type { Catalog } from '../../domain/product.ts';
import type { Site, Tenant } from '../../domain/tenant.ts';

interface PlaceholderPageProps {
  site: Site;
  tenant: Tenant;
  catalog: Catalog;
}

/** The tenant's home until the storefront pages exist: its title, contacts and categories. */
function PlaceholderPage({ site, tenant, catalog }: PlaceholderPageProps) {
  const categories = CATEGORIES.filter((category) => catalog.products.some((product) => product.type === category));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{tenant.title}</title>
      </head>
      <body>
        <header>
          <p>Call us: {site.mainPhone}</p>
          <ul aria-label="Account representatives">
            {tenant.accountReps.map((rep) => (
              <li key={rep.name}>
                {rep.name}: {rep.phone}
              </li>
            ))}
          </ul>
        </header>
        <main>
          <h1>{tenant.title}</h1>
          <ul aria-label="Categories">
            {categories.map((category) => (
              <li key={category}>{category}</li>
            ))}
          </ul>
        </main>
        <footer>
          <p>
            {site.postalAddress} · {site.mainPhone}
          </p>
        </footer>
      </body>
    </html>
  );
}

export function renderPlaceholderPage(props: PlaceholderPageProps): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<PlaceholderPage {...props} />)}`;
}
