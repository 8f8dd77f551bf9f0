/**
 * The links between the pages of a catalog split by catalog-paging.ts: previous, each page by
 * number (the current one marked for screen readers with aria-current), next. Plain links, so
 * they work without JavaScript and a crawler of the built site finds every page.
 */
export function CatalogPageLinks({
  label,
  pageNumber,
  pageCount,
  hrefOf,
}: {
  label: string;
  pageNumber: number;
  pageCount: number;
  hrefOf: (pageNumber: number) => string;
}) {
  if (pageCount < 2) return null;
  const numbers = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className="page-links" aria-label={`Pages of ${label}`}>
      <ul>
        {pageNumber > 1 && (
          <li>
            <a href={hrefOf(pageNumber - 1)} rel="prev">
              Previous page
            </a>
          </li>
        )}
        {numbers.map((number) => (
          <li key={number}>
            <a href={hrefOf(number)} aria-current={number === pageNumber ? 'page' : undefined} aria-label={`Page ${number} of ${pageCount}`}>
              {number}
            </a>
          </li>
        ))}
        {pageNumber < pageCount && (
          <li>
            <a href={hrefOf(pageNumber + 1)} rel="next">
              Next page
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
