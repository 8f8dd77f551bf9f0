import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageScriptBytes } from '../src/core/build/page-script-size.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import type { Product } from '../src/domain/product.ts';
import type { Tenant } from '../src/domain/tenant.ts';
import { visibleProducts } from '../src/domain/visible-products.ts';
import { basePath, categoriesOf, routePath } from '../src/site/routes.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { islandProps } from './helpers/island-props.ts';
import { runScript } from './helpers/run-cli.ts';
import { sampleBuild } from './helpers/sample-build.ts';

const { project } = loadProject(REPO_ROOT);
if (!project) throw new Error('the sample data must be valid');
const tenants = project.tenants;
let outDir = '';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .filter((file) => statSync(file).isFile());
}

function productsOf(tenant: Tenant) {
  const catalog = project?.catalogs.get(tenant.catalogId);
  return catalog ? visibleProducts(tenant, catalog) : [];
}

/** Every product (anything with a code and priced sizes) inside an island's props. */
function productsIn(value: unknown): Product[] {
  if (Array.isArray(value)) return value.flatMap(productsIn);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record.code === 'string' && Array.isArray(record.sizes)) return [record as unknown as Product];
  return Object.values(record).flatMap(productsIn);
}

function expectedPages(tenant: Tenant): string[] {
  const products = productsOf(tenant);
  const storesWithProducts = tenant.stores.filter((store) => products.some((p) => p.type === 'customs' && p.supportedStores.includes(store.code)));
  return [
    routePath({ page: 'landing' }),
    ...categoriesOf(products).map((category) => routePath({ page: 'catalog', category })),
    ...storesWithProducts.map((store) => routePath({ page: 'store-catalog', storeCode: store.code })),
    ...products.map((product) => routePath({ page: 'item', code: product.code })),
    ...(['stores', 'checkout', 'success', 'orders', 'catalog-links'] as const).map((page) => routePath({ page })),
  ].map((folder) => `${folder}index.html`);
}

beforeAll(async () => {
  outDir = (await sampleBuild()).outDir;
}, 900_000);

describe('the built sample storefronts', () => {
  it('prerender every route of every tenant, a 404 page, and the entry site', () => {
    for (const tenant of tenants) {
      for (const file of [...expectedPages(tenant), '404.html']) {
        expect(existsSync(path.join(outDir, tenant.id, file)), `${tenant.id}/${file}`).toBe(true);
      }
    }
    expect(readFileSync(path.join(outDir, '_entry', 'index.html'), 'utf8')).toContain('>LOGIN</button>');
  });

  it('link only to pages and assets that exist under the tenant\'s own base path', () => {
    for (const tenant of tenants) {
      const base = basePath(tenant.routePrefix);
      const site = path.join(outDir, tenant.id);
      const broken = new Set<string>();
      for (const file of filesUnder(site).filter((f) => f.endsWith('.html'))) {
        const html = readFileSync(file, 'utf8');
        for (const [, url = ''] of html.matchAll(/(?:href|src)="(\/[^"#?]*)[^"]*"/g)) {
          const target = url.startsWith(base) ? path.join(site, decodeURIComponent(url.slice(base.length))) : undefined;
          const exists = target !== undefined && (existsSync(target) && statSync(target).isFile() ? true : existsSync(path.join(target, 'index.html')));
          if (!exists) broken.add(`${path.relative(site, file)} → ${url}`);
        }
        for (const [, srcset = ''] of html.matchAll(/srcSet="([^"]*)"/g)) {
          for (const candidate of srcset.split(',')) {
            const url = candidate.trim().split(/\s+/)[0] ?? '';
            if (!url.startsWith(base) || !existsSync(path.join(site, url.slice(base.length)))) broken.add(`${path.relative(site, file)} → ${url}`);
          }
        }
      }
      expect([...broken].slice(0, 5), tenant.id).toEqual([]);
    }
  });

  it('carry no password or bypass code in plain text anywhere in dist/', () => {
    const storeCodes = new Set(tenants.flatMap((t) => t.stores.map((s) => s.code)));
    const secrets = tenants.flatMap((t) => [
      t.password,
      t.adminPassword,
      ...t.bypassCodes,
      // A store password that is the store's own code cannot be hidden: the code is in the store's address.
      ...t.stores.map((s) => s.password).filter((p) => p !== undefined && !storeCodes.has(p)),
    ]).filter((s): s is string => Boolean(s));
    expect(secrets.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const file of filesUnder(outDir).filter((f) => /\.(html|js|css|json)$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      for (const secret of secrets) if (text.includes(secret) || text.includes(secret.toUpperCase())) found.push(`${secret} in ${path.relative(outDir, file)}`);
    }
    expect(found).toEqual([]);
  });

  it('keep tenants apart: no tenant\'s files name another tenant\'s title, stores, store codes or reps (prices: next test)', () => {
    for (const tenant of tenants) {
      const others = tenants.filter((t) => t.id !== tenant.id);
      const ownWords = new Set([tenant.title, ...tenant.stores.flatMap((s) => [s.name, s.code]), ...tenant.accountReps.map((r) => r.name)]);
      const foreign = others
        .flatMap((t) => [t.title, ...t.stores.flatMap((s) => [s.name, s.code]), ...t.accountReps.map((r) => r.name)])
        .filter((word) => !ownWords.has(word));
      const leaks: string[] = [];
      for (const file of filesUnder(path.join(outDir, tenant.id)).filter((f) => /\.(html|js|css)$/.test(f))) {
        const text = readFileSync(file, 'utf8');
        for (const word of foreign) if (text.includes(word)) leaks.push(`${word} in ${path.relative(outDir, file)}`);
      }
      expect(leaks.slice(0, 5), tenant.id).toEqual([]);
    }
  });

  it('carry only their own catalog\'s products, at their own catalog\'s prices', () => {
    const catalogs = [...(project?.catalogs.values() ?? [])];
    const priceOf = (product: Product) => JSON.stringify([product.sizes, product.discounts]);
    // The check means something only if some code is priced differently by two catalogs.
    const repriced = catalogs[0]?.products.filter((p) => catalogs.some((c) => c.products.some((q) => q.code === p.code && priceOf(q) !== priceOf(p))));
    expect(repriced?.length).toBeGreaterThan(10);
    for (const tenant of tenants) {
      const own = new Map(productsOf(tenant).map((p) => [p.code, priceOf(p)]));
      const wrong: string[] = [];
      let seen = 0;
      for (const file of filesUnder(path.join(outDir, tenant.id)).filter((f) => f.endsWith('.html'))) {
        for (const { props } of islandProps(readFileSync(file, 'utf8'))) {
          for (const product of productsIn(props)) {
            seen += 1;
            if (own.get(product.code) !== priceOf(product)) wrong.push(`${product.code} in ${path.relative(outDir, file)}`);
          }
        }
      }
      expect(seen, tenant.id).toBeGreaterThan(own.size);
      expect(wrong.slice(0, 5), tenant.id).toEqual([]);
    }
  });

  it('ship JavaScript within budget: ≤ 5 KB brotli on landing, catalog and catalog-links, ≤ 80 KB on item, checkout and orders', () => {
    const site = path.join(outDir, 'stivers');
    const jsBytes = (page: string) => pageScriptBytes(site, '/stivers/', page);
    const budgets: [string, number][] = [
      ['index.html', 5_000],
      ['catalog/mens/index.html', 5_000],
      ['catalog-links/index.html', 5_000],
      ['item/K500/index.html', 80_000],
      ['checkout/index.html', 80_000],
      ['orders/index.html', 80_000],
    ];
    for (const [page, budget] of budgets) expect(jsBytes(page), page).toBeLessThanOrEqual(budget);
    // The static pages carry no UI framework at all.
    for (const page of ['index.html', 'catalog/mens/index.html', 'catalog-links/index.html']) {
      expect(readFileSync(path.join(site, page), 'utf8')).not.toMatch(/item-[\w-]+\.js/);
    }
  });

  it('encodes no image on a second build, and says so', () => {
    const again = path.join(path.dirname(outDir), 'dist-again');
    const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', again, '--api-origin', 'http://127.0.0.1:8787']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Images: 0 encoded, [1-9]\d* reused from the cache$/m);
  }, 600_000);
});
