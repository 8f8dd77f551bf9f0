// The browser suites' one harness: the sample data as the pages should show it, and the world
// a suite drives: the run's one sample build (tests/global-setup.ts) served by the project's
// own server as `npm start` serves it, the real order API on loopback (with the fake PayPal
// REST server behind it when asked), and a Chromium whose resolver sends the API host the
// pages were built for to this file's API.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { startFakePayPal, type FakePayPal } from '../../server/tests/helpers/fake-paypal.ts';
import { startTestApi, type TestApi } from '../../server/tests/helpers/test-api.ts';
import { loadProject, type Project } from '../../src/core/data/load-project.ts';
import { siteMounts } from '../../src/core/serve/site-mounts.ts';
import { createStaticServer } from '../../src/core/serve/static-server.ts';
import type { Product } from '../../src/domain/product.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { visibleProducts as visibleIn } from '../../src/domain/visible-products.ts';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { SAMPLE_API_ORIGIN, sampleDist } from '../helpers/sample-build.ts';
import { launchChromium } from './chromium.ts';

export { launchChromium, saveScreenshot } from './chromium.ts';

// ---------------------------------------------------------------------------------------------
// The sample data: what the pages should show.

const loaded = loadProject(REPO_ROOT);
if (!loaded.project) throw new Error('the sample data must be valid');
export const project: Project = loaded.project;

export function tenant(id: string): Tenant {
  const found = project.tenants.find((t) => t.id === id);
  if (!found) throw new Error(`no sample tenant ${id}`);
  return found;
}

/** The products a tenant's visitors see (src/domain/visible-products.ts). */
export function visibleProducts(t: Tenant): Product[] {
  const catalog = project.catalogs.get(t.catalogId);
  if (!catalog) throw new Error(`${t.id}'s catalog ${t.catalogId} is not loaded`);
  return visibleIn(t, catalog);
}

/** A product of the tenant's catalog, shown or restricted. */
export function catalogProduct(t: Tenant, code: string): Product {
  const found = project.catalogs.get(t.catalogId)?.products.find((p) => p.code === code);
  if (!found) throw new Error(`${t.id}'s catalog has no ${code}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// The world: site, order API, browser.

export interface SiteWorld {
  /** http://localhost:PORT, the storefront's origin (the API allows it and first.localhost:PORT). */
  origin: string;
  port: number;
  /** http://localhost:PORT/ */
  entryUrl: string;
  /** http://localhost:PORT/guardian/, or http://first.localhost:PORT/ for a tenant without prefix. */
  baseUrl(tenantId: string): string;
  /** The API's URL as the pages call it (what a test routes or watches); the browser sends it to `api`. */
  apiUrl: string;
  /** The real order API of this test file. */
  api: TestApi;
  /**
   * A URL the pages call, on the API's real address: for a request the test itself sends
   * (Playwright's route.fetch goes from Node, which does not share the browser's resolver).
   */
  direct(url: string): string;
  /** The fake PayPal REST server behind the API, when asked for. */
  paypal: FakePayPal | undefined;
  /** The built sample site being served (read only: every file of the run shares it). */
  outDir: string;
  browser: Browser;
  /** Stops the API alone (a test of what the pages do when it is gone); close() skips it then. */
  closeApi(): Promise<void>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Start the fake PayPal and configure the API with it. */
  paypal?: boolean;
  /** More environment for the API (a higher rate limit for suites that type wrong passwords). */
  apiEnv?: Record<string, string>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/**
 * Everything a browser suite drives. Whatever started is stopped again if a later step fails,
 * and close() stops every part even when one of them fails to stop.
 */
export async function openWorld(options: WorldOptions = {}): Promise<SiteWorld> {
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    const results = await Promise.allSettled(
      closers
        .splice(0)
        .reverse()
        .map((close) => close()),
    );
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    const outDir = sampleDist();
    const server = createStaticServer(siteMounts(project.tenants, outDir));
    const port = await listen(server);
    closers.push(() => closeServer(server));
    const origin = `http://localhost:${port}`;
    const paypal = options.paypal ? await startFakePayPal() : undefined;
    if (paypal) closers.push(() => paypal.close());
    const api = await startTestApi({ dataRoot: REPO_ROOT, paypal, env: { CORS_ORIGINS: `${origin},http://first.localhost:${port}`, ...options.apiEnv } });
    let apiClosed = false;
    const closeApi = async () => {
      if (apiClosed) return;
      apiClosed = true;
      await api.close();
    };
    closers.push(closeApi);
    const apiHost = new URL(SAMPLE_API_ORIGIN).host;
    const browser = await launchChromium({ hostsToLoopback: { [apiHost]: Number(new URL(api.url).port) } });
    closers.push(() => browser.close());
    return {
      origin,
      port,
      entryUrl: `${origin}/`,
      baseUrl: (tenantId) => {
        const t = tenant(tenantId);
        // Chromium resolves every *.localhost name to loopback.
        return t.routePrefix === '' ? `http://${t.id}.localhost:${port}/` : `${origin}/${t.routePrefix}/`;
      },
      apiUrl: SAMPLE_API_ORIGIN,
      api,
      direct: (url) => (url.startsWith(SAMPLE_API_ORIGIN) ? api.url + url.slice(SAMPLE_API_ORIGIN.length) : url),
      paypal,
      outDir,
      browser,
      closeApi,
      close: closeAll,
    };
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}
