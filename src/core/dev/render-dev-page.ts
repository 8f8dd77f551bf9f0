import { ENTRIES, STYLESHEET } from '../generator/bundle/bundle-client.ts';
import type { PageAssets } from '../generator/render/render-tenant.tsx';
import { entryHeaderImage } from '../generator/images/site-images.ts';
import type { DevContext } from './dev-context.ts';
import { ENTRY_KEY } from './dev-data.ts';
import { errorLines, liveClientTags } from './live-updates.ts';

/** The page renderers, loaded through Vite so that an edit under src/ is picked up by the next render. */
export const RENDER_TENANT = '/src/core/generator/render/render-tenant.tsx';
const RENDER_ENTRY = '/src/core/generator/render/render-entry-site.tsx';

export interface DevPage {
  /** 200, or 404 for a path the site has no page at. */
  status: number;
  html: string;
}

/** A page of `site` (a tenant id or the entry screen), `relative` to its mount, from the data in memory. */
export async function renderDevPage(context: DevContext, site: string, relative: string): Promise<DevPage> {
  const { vite, data, images, dataRoot, apiOrigin } = context;
  if (site === ENTRY_KEY) {
    const entry = (await vite.ssrLoadModule(RENDER_ENTRY)) as typeof import('../generator/render/render-entry-site.tsx');
    if (relative.replace(/^\/+/, '').split('/')[0] === entry.DESK_FOLDER)
      return { status: 200, html: entry.renderDeskDocument(data.project, devAssets(context, site), apiOrigin) };
    const header = entryHeaderImage(dataRoot, data.project.supplier);
    const headerImage = header ? await images.picture(header.source, header.preset) : undefined;
    return { status: 200, html: entry.renderEntryDocument(data.project, headerImage, devAssets(context, site), apiOrigin) };
  }
  const { model, catalog } = await context.models.get(site);
  const render = (await vite.ssrLoadModule(RENDER_TENANT)) as typeof import('../generator/render/render-tenant.tsx');
  const page = render.renderTenantPage(model, catalog, relative, devAssets(context, site));
  return { status: page.found ? 200 : 404, html: page.html };
}

/** What a page shows when rendering it threw: Vite's overlay with the error, live like any dev page (a fix reloads it). */
export function renderErrorPage({ data }: DevContext, site: string, renderError: { message: string; stack: string }): string {
  const live = liveClientTags({ site, errors: [], version: data.version, renderError });
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Render error</title>${live}</head><body></body></html>`;
}

/** The stylesheet and entry scripts as Vite dev modules, and the live client. */
function devAssets({ data }: DevContext, site: string): PageAssets {
  return {
    stylesheets: [`/${STYLESHEET}`],
    scripts: (entries) => ({ scripts: entries.map((entry) => `/${ENTRIES[entry]}`), preloads: [] }),
    csp: false,
    headExtra: liveClientTags({ site, errors: errorLines(data.errors), version: data.version }),
  };
}
