/**
 * The JavaScript budgets of a tenant's pages, brotli bytes as `pageScriptBytes` measures them
 * (docs/performance.md): the static pages carry no UI framework, the islands' pages their
 * island. `npm run report:js` prints every page kind against them; the storefront build test
 * fails past one. A kind without a budget is reported only.
 */
export const PAGE_SCRIPT_BUDGETS: readonly { name: string; page: string; budget?: number }[] = [
  { name: 'landing', page: 'index.html', budget: 5_000 },
  { name: 'catalog (mens)', page: 'catalog/mens/index.html', budget: 5_000 },
  { name: 'catalog-links', page: 'catalog-links/index.html', budget: 5_000 },
  { name: 'stores', page: 'stores/index.html' },
  { name: 'item (K500)', page: 'item/K500/index.html', budget: 80_000 },
  { name: 'checkout', page: 'checkout/index.html', budget: 84_000 },
  { name: 'success', page: 'success/index.html' },
  { name: 'orders', page: 'orders/index.html', budget: 82_000 },
];
