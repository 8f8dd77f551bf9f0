import type { PageModel } from '../site/page-model.ts';

const FLIPBOOKS = [
  { key: 'auto', title: 'Auto', text: 'Plates, frames, decals and dealership supplies.' },
  { key: 'apparel', title: 'Apparel', text: 'Polos, jackets, tees and hats for every team.' },
  { key: 'promotional', title: 'Promotional', text: 'Giveaways and customer gifts with your logo.' },
] as const;

const MORE_LINKS = [
  { key: 'morePromotional', label: 'More promotional' },
  { key: 'moreApparel', label: 'More apparel' },
] as const;

/** The supplier's printed catalogs (flipbooks) and sites; all open in a new tab. */
export function CatalogLinksPage({ model }: { model: PageModel }) {
  const links = model.catalogLinks;
  return (
    <>
      <h1 className="page-title">Catalogs</h1>
      <ul className="tile-grid">
        {FLIPBOOKS.filter((book) => links[book.key]).map((book) => (
          <li key={book.key} className="tile tile--text">
            <a className="tile__link" href={links[book.key]} target="_blank" rel="noopener">
              <span className="tile__label">{book.title} catalog</span>
              <span className="tile__text">{book.text}</span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <ul className="more-links">
        {MORE_LINKS.filter((more) => links[more.key]).map((more) => (
          <li key={more.key}>
            <a href={links[more.key]} target="_blank" rel="noopener">
              {more.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
