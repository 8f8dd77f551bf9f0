/**
 * The code that renders pages (React and every page's component, the search index), loaded on
 * first use: a build whose sites are all unchanged renders nothing, and loading that code was
 * about a tenth of such a build's CPU time at catalog scale (docs/performance.md, Cold builds).
 */
export function renderCode() {
  loadingRenderCode ??= Promise.all([
    import('./render-tenant.tsx'),
    import('./render-entry-site.tsx'),
    import('./search-index-asset.ts'),
    import('./tenant-page-model.ts'),
  ]).then(([tenant, entry, search, model]) => ({ ...tenant, ...entry, ...search, ...model }));
  return loadingRenderCode;
}
let loadingRenderCode: Promise<RenderCode> | undefined;

/**
 * Starts loading the render code now, for a build that will render: through tsx, loading it left
 * the build's thread idle for most of a second right before the first page, which it now spends
 * validating and preparing images instead. A failure is reported where the code is awaited
 * (renderCode); until then it is not an unhandled rejection, so a build stopped by invalid data
 * prints only the data's errors.
 */
export function startLoadingRenderCode(): void {
  renderCode().catch(() => undefined);
}
type RenderCode = typeof import('./render-tenant.tsx') &
  typeof import('./render-entry-site.tsx') &
  typeof import('./search-index-asset.ts') &
  typeof import('./tenant-page-model.ts');
