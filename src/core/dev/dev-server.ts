import type { ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer, type Plugin, type ViteDevServer } from 'vite';
import type { Catalog } from '../../domain/product.ts';
import type { PageModel } from '../../site/page-model.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { SEARCH_POINTER_FILE } from '../../site/search-index.ts';
import { ENTRIES, STYLESHEET } from '../generator/bundle/bundle-client.ts';
import type { PageAssets } from '../generator/render/render-tenant.tsx';
import { searchIndexAsset } from '../generator/render/search-index-asset.ts';
import { entryHeaderImage, tenantImageSources } from '../generator/images/site-images.ts';
import { tenantPageModel } from '../generator/render/tenant-page-model.ts';
import { assertPortsApart } from '../cli/local-ports.ts';
import { localOrigins, startApi } from '../cli/start-command.ts';
import { formatDiagnostic, type Diagnostic } from '../data/diagnostic.ts';
import { printedDiagnostics } from '../data/printed-diagnostics.ts';
import { siteMounts } from '../serve/site-mounts.ts';
import { findMount, type SiteMount } from '../serve/static-server.ts';
import { DevData, ENTRY_KEY, type DataChange } from './dev-data.ts';
import { DEV_IMAGE_PREFIX, DevImages } from './dev-images.ts';
import { UserError } from '../user-error.ts';

export interface DevServerOptions {
  /** The repository: where server/ (the order API) is, and src/ unless srcRoot says otherwise. */
  repoRoot: string;
  /** Vite's root, holding src/ (and node_modules/); the repository unless a test edits a copy. */
  srcRoot?: string;
  /** Where tenants/ and catalogs/ are; the repo itself unless --root says otherwise. */
  dataRoot: string;
  /** The port `npm start` would use; no-prefix tenants also get port+1, port+2… as `npm start` gives them. */
  port: number;
  /** The order API's port; the pages call http://127.0.0.1:<apiPort>, as `npm start` builds them. */
  apiPort: number;
  /** Start the order API beside the pages (default true); `env` adds to its configuration. */
  api?: boolean | { env: Record<string, string> };
  /** Called with every line the dev server reports (default console.log / console.error). */
  log?: (line: string, kind: 'info' | 'error') => void;
  /** Called after each data change has been handled (benchmarks, tests). */
  onChange?: (change: DataChange & { ms: number }) => void;
}

export interface DevServer {
  port: number;
  apiOrigin: string;
  /** http://localhost:PORT/guardian/ or http://first.localhost:PORT/ */
  baseUrl(tenantId: string): string;
  data: DevData;
  vite: ViteDevServer;
  close(): Promise<void>;
}

/** The data has errors at start: nothing to show yet (the lines have been reported). */
export class DevInputError extends UserError {}

/** Paths Vite answers: its client, dev modules, pre-bundled dependencies (in its cacheDir, .cache/vite/). */
const VITE_PATHS = ['/@', '/src/', '/node_modules/', '/__vite', '/.cache/vite/'];

/**
 * `npm run dev`: every tenant, rendered on request from the data in memory, through Vite's dev
 * server in middleware mode (as Vite's SSR playground does): the page components are loaded
 * with ssrLoadModule, so an edit under src/ is picked up by the next render, and the islands
 * hydrate from Vite's dev modules (React Fast Refresh). A data change reloads the project and
 * reloads the open pages of the sites it affects; invalid data shows every problem in an
 * overlay over the last good page.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { repoRoot, dataRoot, port, apiPort } = options;
  const srcRoot = options.srcRoot ?? repoRoot;
  const log = options.log ?? ((line, kind) => (kind === 'error' ? console.error(line) : console.log(line)));
  const apiOrigin = `http://127.0.0.1:${apiPort}`;

  const loaded = await DevData.load(dataRoot);
  if (!loaded.data) {
    for (const line of printedDiagnostics(loaded.diagnostics)) log(line, 'error');
    throw new DevInputError('the data has errors; fix them and start again');
  }
  const data = loaded.data;
  // Without the order API (benchmarks) nothing listens on apiPort, so nothing can clash with it.
  if (options.api !== false) assertPortsApart({ port, apiPort }, data.project.tenants);
  const images = new DevImages(dataRoot);
  const httpServer = createHttpServer();

  let viteServer: ViteDevServer | undefined;
  const vite = await createViteServer({
    configFile: false,
    root: srcRoot,
    // Beside the other caches, not in node_modules/: a copy of src/ (tests) links node_modules.
    cacheDir: path.join(srcRoot, '.cache', 'vite'),
    appType: 'custom',
    logLevel: 'warn',
    clearScreen: false,
    server: {
      middlewareMode: true,
      // The HMR WebSocket shares the pages' port, so several dev servers (tests) never clash.
      hmr: { server: httpServer },
      watch: { ignored: ['**/dist/**', '**/.dist-*/**', '**/.cache/**', '**/test-artifacts/**', '**/node_modules/**', '**/.git/**'] },
      warmup: { clientFiles: Object.values(ENTRIES) },
    },
    // Found at start rather than on the first page, which would otherwise reload once when
    // Vite discovers React and the other dependencies the islands import.
    optimizeDeps: { entries: Object.values(ENTRIES) },
    plugins: [react(), reloadOnServerOnlyChange(() => viteServer)],
  });
  viteServer = vite;

  // The data files: already under Vite's watch when the data is the repo's, added otherwise.
  const dataDirs = [path.join(dataRoot, 'tenants'), path.join(dataRoot, 'catalogs')];
  vite.watcher.add(dataDirs);
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  vite.watcher.on('all', (_event, file) => {
    const absolute = path.resolve(file);
    if (!dataDirs.some((dir) => absolute.startsWith(`${dir}${path.sep}`))) return;
    pending.add(absolute);
    // Editors save in bursts (a temp file, a rename): one reload for the burst.
    clearTimeout(timer);
    timer = setTimeout(() => {
      // One reload at a time, in order: a burst arriving while images are being checked waits for it.
      reloading = reloading.then(applyChanges);
    }, 20);
  });

  // A page's connection may open after a change was announced (it was loading): it says which
  // data version it shows, and gets the current errors and, when outdated, a reload.
  vite.ws.on('dealer:hello', (payload: { version?: number }, client) => {
    client.send('dealer:errors', { lines: errorLines(data.errors) });
    if (payload?.version !== data.version) client.send('dealer:update', { sites: ['*'] });
  });

  const models = new Map<string, { version: number; model: Promise<{ model: PageModel; catalog: Catalog }> }>();

  async function applyChanges() {
    const files = [...pending];
    pending.clear();
    if (files.length === 0) return;
    const started = performance.now();
    const change = await data.reload(files);
    const ms = performance.now() - started;
    if (change.errors.length > 0) {
      if (change.errorsChanged) {
        log('', 'error');
        for (const diagnostic of change.errors) log(formatDiagnostic(diagnostic), 'error');
        log(`The data has ${change.errors.length} error${change.errors.length === 1 ? '' : 's'}; the pages show the last valid data until they are fixed. Correct the file at each line and save.`, 'error');
      }
      vite.ws.send('dealer:errors', { lines: errorLines(change.errors) });
    } else if (change.errorsChanged) {
      log('The data is valid again.', 'info');
      vite.ws.send('dealer:errors', { lines: [] });
    }
    if (change.sites.length > 0) {
      models.clear();
      vite.ws.send('dealer:update', { sites: change.sites });
      log(`Updated ${change.sites.length > 6 ? `${change.sites.length} sites` : change.sites.join(', ')} (data reloaded in ${ms.toFixed(0)} ms)`, 'info');
    }
    options.onChange?.({ ...change, ms });
  }

  function pageModel(tenantId: string): Promise<{ model: PageModel; catalog: Catalog }> {
    const cached = models.get(tenantId);
    if (cached && cached.version === data.version) return cached.model;
    const model = buildModel(tenantId);
    models.set(tenantId, { version: data.version, model });
    model.catch(() => models.delete(tenantId));
    return model;
  }

  async function buildModel(tenantId: string): Promise<{ model: PageModel; catalog: Catalog }> {
    const { project } = data;
    const tenant = project.tenants.find((candidate) => candidate.id === tenantId);
    const catalog = tenant && project.catalogs.get(tenant.catalogId);
    if (!tenant || !catalog) throw new Error(`internal: no tenant ${tenantId} with a catalog`);
    const sources = tenantImageSources(dataRoot, tenant, catalog);
    const picture = (source: string, preset: 'product' | 'logo') =>
      images.picture(source, preset).catch((error: unknown) => {
        log(`image ${path.relative(dataRoot, source)}: ${error instanceof Error ? error.message : String(error)}`, 'error');
        return undefined;
      });
    const [products, logos, companyLogo] = await Promise.all([
      Promise.all(sources.products.map(async ({ code, color, side, source }) => [`${code}\0${color}\0${side}`, await picture(source, 'product')] as const)),
      Promise.all(sources.logos.map(async ({ name, source }) => [name, await picture(source, 'logo')] as const)),
      sources.companyLogo ? picture(sources.companyLogo, 'logo') : undefined,
    ]);
    const productImages = new Map(products);
    const model = tenantPageModel(
      project.site,
      tenant,
      catalog,
      {
        companyLogo,
        logos: Object.fromEntries(logos.filter((entry): entry is readonly [string, PictureData] => entry[1] !== undefined)),
        productImage: (code, color, side = 'front') => productImages.get(`${code}\0${color}\0${side}`),
      },
      apiOrigin,
    );
    return { model, catalog };
  }

  /** The stylesheet and entry scripts as Vite dev modules, and the live-update client. */
  function devAssets(site: string): PageAssets {
    return {
      stylesheets: [`/${STYLESHEET}`],
      scripts: (entries) => ({ scripts: entries.map((entry) => `/${ENTRIES[entry]}`), preloads: [] }),
      csp: false,
      headExtra: liveClient(site, errorLines(data.errors), data.version),
    };
  }

  async function renderPage(site: string, relative: string): Promise<{ status: number; html: string; redirect?: string }> {
    if (site === ENTRY_KEY) {
      const entry = (await vite.ssrLoadModule('/src/core/generator/render/render-entry-site.tsx')) as typeof import('../generator/render/render-entry-site.tsx');
      const header = entryHeaderImage(dataRoot, data.project.site);
      const headerImage = header ? await images.picture(header.source, header.preset) : undefined;
      return { status: 200, html: entry.renderEntryDocument(data.project, headerImage, devAssets(site), apiOrigin) };
    }
    const { model, catalog } = await pageModel(site);
    const render = (await vite.ssrLoadModule('/src/core/generator/render/render-tenant.tsx')) as typeof import('../generator/render/render-tenant.tsx');
    const page = render.renderTenantPage(model, catalog, relative, devAssets(site));
    return { status: page.found ? 200 : 404, html: page.html };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, mounts: readonly SiteMount[]): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const hostname = (request.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const pathname = url.pathname;
    if (pathname.startsWith(DEV_IMAGE_PREFIX)) return images.serve(request, response);
    const notFound = () => void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (VITE_PATHS.some((prefix) => pathname.startsWith(prefix))) {
      vite.middlewares(request, response, notFound);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound();
    const mount = findMount(mounts, hostname, pathname);
    if (!mount) return notFound();
    if (`${pathname}/` === mount.prefix) return void response.writeHead(301, { location: mount.prefix }).end();
    const site = mount.dir;
    const relative = pathname.slice(mount.prefix.length);
    // The entry site is only its screen; nothing else of the repository is served (the data
    // files hold passwords).
    if (site === ENTRY_KEY && relative !== '' && relative !== 'index.html') return notFound();
    if (site !== ENTRY_KEY && relative.startsWith('assets/catalog-') && relative.endsWith('.json')) {
      const { model } = await pageModel(site);
      if (relative !== model.catalogPrices.file) return notFound();
      return void response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' }).end(model.catalogPrices.json);
    }
    if (site !== ENTRY_KEY && (relative === SEARCH_POINTER_FILE || (relative.startsWith('assets/search-') && relative.endsWith('.json')))) {
      const { model, catalog } = await pageModel(site);
      const search = searchIndexAsset(model, catalog.priced, undefined);
      const body = relative === search.pointer.file ? search.pointer.json : relative === search.file ? search.json : undefined;
      if (body === undefined) return notFound();
      return void response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' }).end(body);
    }
    // Files that are not pages (a favicon, a stray asset): the built site has none either.
    if (/\.[a-z0-9]+$/i.test(relative) && !relative.endsWith('.html')) return notFound();
    try {
      const page = await renderPage(site, relative);
      if (page.status === 200 && relative !== '' && !relative.endsWith('/') && !relative.endsWith('.html')) {
        return void response.writeHead(301, { location: `${pathname}/${url.search}` }).end();
      }
      const html = await vite.transformIndexHtml(request.url ?? pathname, page.html);
      response.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      const message = error instanceof Error ? error.message : String(error);
      const stack = error instanceof Error ? (error.stack ?? '') : '';
      log(`Rendering ${pathname} failed: ${stack || message}`, 'error');
      const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Render error</title>${liveClient(site, [], data.version)}<script type="module">import { ErrorOverlay } from '/@vite/client'; document.body.appendChild(new ErrorOverlay(${scriptJson({ message, stack })}));</script></head><body></body></html>`;
      response.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(await vite.transformIndexHtml(pathname, html));
    }
  }

  const serve = (mounts: readonly SiteMount[]) => (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response, mounts).catch((error: unknown) => {
      log(`internal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 'error');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal error');
    });
  };

  // The same layout as `npm start` (src/core/serve/site-mounts.ts), with each mount's folder
  // being the site it renders: the tenant id, or the entry screen.
  const mounts = siteMounts(data.project.tenants, '');
  httpServer.on('request', serve(mounts));
  const noPrefix = data.project.tenants.filter((tenant) => tenant.routePrefix === '');
  const extra = noPrefix.map((tenant) => {
    const server = createHttpServer(serve([{ prefix: '/', dir: tenant.id }]));
    // Their pages' HMR connection arrives on their own port: hand it to Vite's WebSocket.
    server.on('upgrade', (request, socket, head) => httpServer.emit('upgrade', request, socket, head));
    return server;
  });

  await listen(httpServer, port);
  const actualPort = (httpServer.address() as { port: number }).port;
  await Promise.all(
    extra.map((server, index) =>
      listen(server, actualPort + 1 + index).catch((error: unknown) => log(`${noPrefix[index]?.id}: port ${actualPort + 1 + index} is taken (${String(error)}); use http://${noPrefix[index]?.id}.localhost:${actualPort}/`, 'error')),
    ),
  );

  let api: ChildProcess | undefined;
  if (options.api !== false) {
    const env = typeof options.api === 'object' ? options.api.env : {};
    api = startApi(repoRoot, apiPort, localOrigins(data.project.tenants, actualPort), { DATA_ROOT: dataRoot, ...env });
    api.once('exit', (code) => {
      if (code !== 0 && code !== null) log(`The order API stopped (exit ${code}).`, 'error');
    });
  }
  // The page code is compiled now rather than on the first visit.
  vite.ssrLoadModule('/src/core/generator/render/render-tenant.tsx').catch(() => undefined);

  return {
    port: actualPort,
    apiOrigin,
    baseUrl: (tenantId) => {
      const tenant = data.project.tenants.find((candidate) => candidate.id === tenantId);
      if (!tenant) throw new Error(`no tenant ${tenantId}`);
      return tenant.routePrefix === '' ? `http://${tenant.id}.localhost:${actualPort}/` : `http://localhost:${actualPort}/${tenant.routePrefix}/`;
    },
    data,
    vite,
    close: async () => {
      clearTimeout(timer);
      const apiExit = api && api.exitCode === null ? new Promise<void>((resolve) => api?.once('exit', () => resolve())) : undefined;
      api?.kill('SIGTERM');
      for (const server of [httpServer, ...extra]) server.closeAllConnections();
      await vite.close();
      await Promise.all([httpServer, ...extra].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      await apiExit;
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The overlay's lines: every problem as `npm run validate` prints it. */
function errorLines(errors: readonly Diagnostic[]): string[] {
  return errors.map(formatDiagnostic);
}

function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The dev pages' live-update client: reloads the page when its site's data changed (the cart
 * lives in sessionStorage, so it survives), and shows the data's errors over the last good page
 * in the merchandisers' overlay (data-errors-overlay.ts; not Vite's, which speaks to developers),
 * removing it when they are fixed.
 */
function liveClient(site: string, initialErrors: readonly string[], version: number): string {
  return `<script type="module">
import { createHotContext } from '/@vite/client';
import { showDataErrors } from '/src/core/dev/data-errors-overlay.ts';
const hot = createHotContext('/@dealer/live-data');
const site = ${scriptJson(site)};
const whenReady = (show) => document.readyState === 'loading' ? addEventListener('DOMContentLoaded', show) : show();
// ?areas on an item page: the logo areas as outlines, for tuning placement_areas (placement-outlines.ts).
if (new URLSearchParams(location.search).has('areas')) import('/src/core/dev/placement-outlines.ts').then(({ showPlacementOutlines }) => whenReady(() => showPlacementOutlines()));
hot.on('dealer:update', ({ sites }) => { if (sites.includes(site) || sites.includes('*')) location.reload(); });
hot.on('dealer:errors', ({ lines }) => whenReady(() => showDataErrors(lines)));
hot.send('dealer:hello', { version: ${version} });
const initial = ${scriptJson(initialErrors)};
if (initial.length > 0) whenReady(() => showDataErrors(initial));
</script>`;
}

/**
 * A change under src/ that only the server renders (a page, a static component) is reloaded by
 * no HMR boundary in the browser: reload the open pages so they are rendered again. Modules the
 * browser has loaded too (islands) are left to Vite's HMR and React Fast Refresh.
 */
function reloadOnServerOnlyChange(server: () => ViteDevServer | undefined): Plugin {
  return {
    name: 'dealer:reload-on-server-only-change',
    apply: 'serve',
    hotUpdate({ file, modules }) {
      if (this.environment.name !== 'ssr' || modules.length === 0) return;
      const vite = server();
      const inBrowser = vite?.environments.client.moduleGraph.getModulesByFile(file);
      if (vite && (!inBrowser || inBrowser.size === 0)) vite.ws.send({ type: 'full-reload', path: '*' });
    },
  };
}
