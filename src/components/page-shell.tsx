import type { ReactNode } from 'react';
import { href } from '../site/routes.ts';
import { SEARCH_POINTER_FILE } from '../site/search-index.ts';
import type { PageModel } from '../site/page-model.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

interface PageShellProps {
  markup: ShellMarkup;
  children: ReactNode;
}

/**
 * The inner markup of the header and footer (SiteHeaderContent, SiteFooterContent), rendered once
 * for all of a tenant's pages (render-tenant.tsx): they are the same on every page, and rendering
 * them for each page was a good part of rendering it.
 */
export interface ShellMarkup {
  header: string;
  footer: string;
}

/** Skip link, header and footer shared by every storefront page, around the page's own content. */
export function PageShell({ markup, children }: PageShellProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header" dangerouslySetInnerHTML={{ __html: markup.header }} />
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer" dangerouslySetInnerHTML={{ __html: markup.footer }} />
    </>
  );
}

/** What the header holds: phones, the logo or title, search, orders and cart. */
export function SiteHeaderContent({ model }: { model: PageModel }) {
  const { config } = model;
  return (
    <>
      <div className="site-header__contacts">
        <span>
          Call <a href={`tel:${config.mainPhone}`}>{config.mainPhone}</a>
        </span>
        {config.accountReps.length > 0 && (
          <ul className="site-header__reps" aria-label="Account representatives">
            {config.accountReps.map((rep) => (
              <li key={rep.name}>
                {rep.name} <a href={`tel:${rep.phone}`}>{rep.phone}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="site-header__bar">
        <a className="site-header__home" href={config.base} aria-label={`${config.title} home`}>
          {config.companyLogo ? (
            <ResponsivePicture image={config.companyLogo} alt="" sizes="240px" loading="eager" className="site-header__logo" />
          ) : (
            <span className="site-header__title">{config.title}</span>
          )}
        </a>
        {/* A GET form: without JavaScript it opens the search page, which lists the categories. */}
        <form
          className="site-search"
          role="search"
          action={href(config.base, { page: 'search' })}
          method="get"
          data-search-form=""
          data-search-pointer={`${config.base}${SEARCH_POINTER_FILE}`}
        >
          <label htmlFor="site-search" className="visually-hidden">
            Search products
          </label>
          <input
            id="site-search"
            className="site-search__input"
            type="search"
            name="q"
            placeholder="Search products"
            autoComplete="off"
            enterKeyHint="search"
            aria-controls="site-search-panel"
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
          <div id="site-search-panel" className="site-search__panel" data-search-panel="" hidden />
          <p className="visually-hidden" role="status" data-search-status="" />
        </form>
        <nav className="site-header__actions" aria-label="Orders and cart">
          <form action={href(config.base, { page: 'orders' })} method="get" data-view-orders="">
            <button type="submit" className="button button--secondary">
              View Orders
            </button>
          </form>
          <a className="button" href={href(config.base, { page: 'checkout' })} data-cart-badge="">
            Cart (0)
          </a>
        </nav>
      </div>
    </>
  );
}

/** What the footer holds: the supplier's name and address. */
export function SiteFooterContent({ model }: { model: PageModel }) {
  const { config } = model;
  return (
    <>
      <p>{config.supplierName}</p>
      <address>
        {config.postalAddress} · <a href={`tel:${config.mainPhone}`}>{config.mainPhone}</a>
      </address>
    </>
  );
}
