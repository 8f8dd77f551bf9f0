import type { IncomingMessage, ServerResponse } from 'node:http';
import { SEARCH_POINTER_FILE } from '../../site/search-index.ts';
import { searchFiles, searchIndexAsset } from '../generator/render/search-index-asset.ts';
import { findMount, type SiteMount } from '../serve/static-server.ts';
import type { DevContext } from './dev-context.ts';
import { ENTRY_KEY } from './dev-data.ts';
import { DEV_IMAGE_PREFIX } from './dev-images.ts';
import { VITE_PATHS } from './dev-vite.ts';
import { renderDevPage, renderErrorPage } from './render-dev-page.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' };
const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The dev server's answer to a request on `mounts` (the same layout as `npm start`, each mount's
 * folder being the site it renders): Vite's own paths, pictures encoded on request, the sites'
 * JSON files and their pages, rendered from the data in memory. A failure is reported, never thrown.
 */
export function devRequestHandler(context: DevContext, mounts: readonly SiteMount[]): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    handle(context, mounts, request, response).catch((error: unknown) => {
      context.log(`internal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 'error');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal error');
    });
  };
}

async function handle(context: DevContext, mounts: readonly SiteMount[], request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  const hostname = (request.headers.host ?? 'localhost').replace(/:\d+$/, '');
  const notFound = () => void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  if (pathname.startsWith(DEV_IMAGE_PREFIX)) return context.images.serve(request, response);
  if (VITE_PATHS.some((prefix) => pathname.startsWith(prefix))) return context.vite.middlewares(request, response, notFound);
  if (request.method !== 'GET' && request.method !== 'HEAD') return notFound();
  const mount = findMount(mounts, hostname, pathname);
  if (!mount) return notFound();
  if (`${pathname}/` === mount.prefix) return void response.writeHead(301, { location: mount.prefix }).end();
  const site = mount.dir;
  const relative = pathname.slice(mount.prefix.length);
  // The entry site is only its screen; nothing else of the repository is served (the data
  // files hold passwords).
  if (site === ENTRY_KEY && relative !== '' && relative !== 'index.html') return notFound();
  if (site !== ENTRY_KEY && relative.endsWith('.json')) {
    const json = await siteJson(context, site, relative);
    return json === undefined ? notFound() : void response.writeHead(200, JSON_HEADERS).end(json);
  }
  // Files that are not pages (a favicon, a stray asset): the built site has none either.
  if (/\.[a-z0-9]+$/i.test(relative) && !relative.endsWith('.html')) return notFound();
  return servePage(context, request, response, site, relative);
}

/** A tenant's JSON file at `relative` as the build writes it (its catalog prices, its search index and pointer), or undefined. */
async function siteJson(context: DevContext, site: string, relative: string): Promise<string | undefined> {
  if (relative.startsWith('assets/catalog-')) {
    const { model } = await context.models.get(site);
    return relative === model.catalogPrices.file ? model.catalogPrices.json : undefined;
  }
  if (relative === SEARCH_POINTER_FILE || relative.startsWith('assets/search-')) {
    const { model, catalog } = await context.models.get(site);
    const search = searchIndexAsset(model, catalog.priced, undefined);
    return searchFiles(search).find((file) => file.file === relative)?.json;
  }
  return undefined;
}

/** A page, through Vite's HTML transform (its client, React Fast Refresh); a render that throws shows Vite's overlay. */
async function servePage(context: DevContext, request: IncomingMessage, response: ServerResponse, site: string, relative: string): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const { vite } = context;
  try {
    const page = await renderDevPage(context, site, relative);
    if (page.status === 200 && relative !== '' && !relative.endsWith('/') && !relative.endsWith('.html')) {
      return void response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
    }
    response.writeHead(page.status, HTML_HEADERS).end(await vite.transformIndexHtml(request.url ?? url.pathname, page.html));
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    context.log(`Rendering ${url.pathname} failed: ${stack || message}`, 'error');
    response.writeHead(500, HTML_HEADERS).end(await vite.transformIndexHtml(url.pathname, renderErrorPage(context, site, { message, stack })));
  }
}
