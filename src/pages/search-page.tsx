import type { Category } from '../domain/categories.ts';
import { CATEGORY_LABELS } from '../site/category-labels.ts';
import type { PageModel } from '../site/page-model.ts';
import { categoriesOf, href, type Route } from '../site/routes.ts';
import { customsRoute } from './landing-page.tsx';

/**
 * Where the header's search field leads. Its script (src/runtime/client/search.ts) lists the
 * products matching the address's `q`; without JavaScript the page offers the categories, so
 * the field never ends on a dead page.
 */
export function SearchPage({ model }: { model: PageModel }) {
  const { config } = model;
  const routeOf = (category: Category): Route => (category === 'customs' ? customsRoute(model) : { page: 'catalog', category });
  return (
    <>
      <h1 className="page-title">Search</h1>
      <div className="search-results" data-search-results="">
        <noscript>
          <p>Searching needs JavaScript. Browse the categories instead:</p>
        </noscript>
      </div>
      <section aria-labelledby="search-categories">
        <h2 id="search-categories">Shop by category</h2>
        <ul className="search-categories">
          {categoriesOf(model.products).map((category) => (
            <li key={category}>
              <a href={href(config.base, routeOf(category))}>{CATEGORY_LABELS[category]}</a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
