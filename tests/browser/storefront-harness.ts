// Shared by the storefront browser suites: one sample build, one local server (the project's own
// `npm start` server and mounts), one Chromium, and what a visit of a page watches for.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { loadProject, type Project } from '../../src/core/data/load-project.ts';
import { siteMounts } from '../../src/core/serve/site-mounts.ts';
import { createSiteServer } from '../../src/core/serve/site-server.ts';
import type { Category } from '../../src/domain/categories.ts';
import type { Product } from '../../src/domain/product.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { sampleBuild } from '../helpers/sample-build.ts';
import { launchChromium } from './chromium.ts';

const loaded = loadProject(REPO_ROOT);
if (!loaded.project) throw new Error('the sample data must be valid');
/** The sample data as the build read it: what the pages should show. */
export const project: Project = loaded.project;

export function tenant(id: string): Tenant {
  const found = project.tenants.find((t) => t.id === id);
  if (!found) throw new Error(`no sample tenant ${id}`);
  return found;
}

/** The products a tenant's visitors see: restricted ones only where the tenant shows them. */
export function visibleProducts(t: Tenant): Product[] {
  return (project.catalogs.get(t.catalogId)?.products ?? []).filter((p) => !p.restricted || t.flags.showRestricted);
}

export function product(t: Tenant, code: string): Product {
  const found = visibleProducts(t).find((p) => p.code === code);
  if (!found) throw new Error(`${t.id} has no visible product ${code}`);
  return found;
}

export function presentCategories(t: Tenant): Set<Category> {
  return new Set(visibleProducts(t).map((p) => p.type));
}

export interface Storefront {
  port: number;
  /** http://localhost:PORT/ */
  entryUrl: string;
  /** Where a tenant's storefront lives: http://localhost:PORT/guardian/ or http://first.localhost:PORT/ */
  baseUrl(tenantId: string): string;
  browser: Browser;
  close(): Promise<void>;
}

let shared: Promise<Storefront> | undefined;
let users = 0;

/**
 * The built sample site served by createSiteServer(siteMounts(...)) on 127.0.0.1, and a
 * Chromium, shared by every suite of the process. Each suite calls release() once done.
 */
export function openStorefront(): Promise<Storefront> {
  users += 1;
  shared ??= (async () => {
    const { outDir } = await sampleBuild();
    const server = createSiteServer(siteMounts(project.tenants, outDir));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const browser = await launchChromium();
    return {
      port,
      entryUrl: `http://localhost:${port}/`,
      baseUrl: (tenantId) => {
        const t = tenant(tenantId);
        return t.routePrefix === '' ? `http://${t.id}.localhost:${port}/` : `http://localhost:${port}/${t.routePrefix}/`;
      },
      browser,
      close: async () => {
        await browser.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  })();
  return shared;
}

export async function releaseStorefront(): Promise<void> {
  users -= 1;
  if (users === 0 && shared) {
    const storefront = await shared;
    shared = undefined;
    await storefront.close();
  }
}

/** What went wrong while a page was open: uncaught errors, console errors, failed or 4xx/5xx requests. */
export interface Problems {
  list: string[];
}

/**
 * Watches a page for everything a user (or the console) would see go wrong. A response whose
 * URL is in `expectedMissing` (the deliberate 404) is not a problem.
 */
export function watchProblems(page: Page, expectedMissing: readonly string[] = []): Problems {
  const problems: Problems = { list: [] };
  page.on('pageerror', (error) => problems.list.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 4xx response as a console error too; those are reported by 'response'.
    if (/Failed to load resource: the server responded with a status of 404/.test(message.text()) && expectedMissing.length > 0) return;
    problems.list.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.list.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response: Response) => {
    if (response.status() >= 400 && !expectedMissing.includes(response.url())) problems.list.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  problems: Problems;
  response: Response | null;
}

/** Opens `url` in a fresh context (JavaScript on unless told), watching for problems. */
export async function visit(browser: Browser, url: string, options: BrowserContextOptions & { expectedMissing?: string[] } = {}): Promise<Visit> {
  const { expectedMissing, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = watchProblems(page, expectedMissing);
  const response = await page.goto(url, { waitUntil: 'load' });
  return { context, page, problems, response };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; the serious and critical violations, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  }) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** The page's URL path, to check that links stay under the tenant's base path. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}
