import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { ViteDevServer } from 'vite';
import { printedDiagnostics } from '../data/printed-diagnostics.ts';
import { localOrigins, startApi } from '../serve/local-api.ts';
import { assertPortsApart } from '../serve/local-ports.ts';
import { siteMounts } from '../serve/site-mounts.ts';
import type { SiteMount } from '../serve/static-server.ts';
import { UserError } from '../user-error.ts';
import type { DevContext } from './dev-context.ts';
import { DevData, type DataChange } from './dev-data.ts';
import { DevImages } from './dev-images.ts';
import { closeServers, listenDevPorts } from './dev-listeners.ts';
import { consoleLog, type DevLog } from './dev-log.ts';
import { DevPageModels } from './dev-page-models.ts';
import { devRequestHandler } from './dev-request-handler.ts';
import { createDevVite } from './dev-vite.ts';
import { watchDataFiles } from './data-watch.ts';
import { announceChange, answerLiveClients } from './live-updates.ts';
import { RENDER_TENANT } from './render-dev-page.ts';

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
  log?: DevLog;
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
  const log = options.log ?? consoleLog;
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const data = await loadData(dataRoot, log);
  // Without the order API (benchmarks) nothing listens on apiPort, so nothing can clash with it.
  if (options.api !== false) assertPortsApart({ port, apiPort }, data.project.tenants);
  const httpServer = createServer();
  const vite = await createDevVite(options.srcRoot ?? repoRoot, httpServer);
  const images = new DevImages(dataRoot);
  const context: DevContext = { vite, data, images, models: new DevPageModels(data, images, dataRoot, apiOrigin, log), dataRoot, apiOrigin, log };
  const watch = watchDataFiles(vite, dataRoot, (files) => applyDataChange(context, files, options.onChange));
  answerLiveClients(vite, data);

  // The same layout as `npm start` (src/core/serve/site-mounts.ts), with each mount's folder
  // being the site it renders: the tenant id, or the entry screen.
  const handler = (mounts: readonly SiteMount[]) => devRequestHandler(context, mounts);
  httpServer.on('request', handler(siteMounts(data.project.tenants, '')));
  const listening = await listenDevPorts(httpServer, port, data.project.tenants, handler, log);
  const api = options.api === false ? undefined : startDevApi(options, data, listening.port, log);
  // The page code is compiled now rather than on the first visit.
  vite.ssrLoadModule(RENDER_TENANT).catch(() => undefined);

  return {
    port: listening.port,
    apiOrigin,
    baseUrl: (tenantId) => tenantUrl(data, tenantId, listening.port),
    data,
    vite,
    close: async () => {
      watch.stop();
      const apiExit = api && api.exitCode === null ? new Promise<void>((resolve) => api.once('exit', () => resolve())) : undefined;
      api?.kill('SIGTERM');
      const closing = closeServers([httpServer, ...listening.extra]);
      await vite.close();
      await closing;
      await apiExit;
    },
  };
}

/** The data as `npm run validate` reads it; with errors, they are reported and the server does not start. */
async function loadData(dataRoot: string, log: DevLog): Promise<DevData> {
  const loaded = await DevData.load(dataRoot);
  if (loaded.data) return loaded.data;
  for (const line of printedDiagnostics(loaded.diagnostics)) log(line, 'error');
  throw new DevInputError('the data has errors; fix them and start again');
}

/** Reloads the data from the saved `files`, forgets the page models it outdated and tells the open pages. */
async function applyDataChange(context: DevContext, files: string[], onChange: DevServerOptions['onChange']): Promise<void> {
  const started = performance.now();
  const change = await context.data.reload(files);
  const ms = performance.now() - started;
  if (change.sites.length > 0) context.models.clear();
  announceChange(context.vite, change, ms, context.log);
  onChange?.({ ...change, ms });
}

/** The order API beside the pages, allowing every address they are opened at and reading the same data. */
function startDevApi(options: DevServerOptions, data: DevData, port: number, log: DevLog): ChildProcess {
  const env = typeof options.api === 'object' ? options.api.env : {};
  const api = startApi(options.repoRoot, options.apiPort, localOrigins(data.project.tenants, port), { DATA_ROOT: options.dataRoot, ...env });
  api.once('exit', (code) => {
    if (code !== 0 && code !== null) log(`The order API stopped (exit ${code}).`, 'error');
  });
  return api;
}

/** http://localhost:PORT/guardian/ or http://first.localhost:PORT/ */
function tenantUrl(data: DevData, tenantId: string, port: number): string {
  const tenant = data.project.tenants.find((candidate) => candidate.id === tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  return tenant.routePrefix === '' ? `http://${tenant.id}.localhost:${port}/` : `http://localhost:${port}/${tenant.routePrefix}/`;
}
