import { createHash, pbkdf2Sync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageScriptBytes } from '../src/core/generator/bundle/page-script-size.ts';
import { PAGE_SCRIPT_BUDGETS } from '../src/core/generator/bundle/script-budgets.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import type { Product } from '../src/domain/product.ts';
import type { Tenant } from '../src/domain/tenant.ts';
import { visibleProducts } from '../src/domain/visible-products.ts';
import { basePath, routePath } from '../src/site/routes.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { islandProps } from './helpers/island-props.ts';
import { runScript } from './helpers/run-cli.ts';
import { SAMPLE_API_ORIGIN, sampleDist } from './helpers/sample-build.ts';

const { project } = loadProject(REPO_ROOT);
if (!project) throw new Error('the sample data must be valid');
const tenants = project.tenants;
let outDir = '';

/**
 * The salted PBKDF2 digests (base64) the pages used to carry for the entry passwords, the
 * store passwords and the upper-cased bypass codes, derived as the build did until the order
 * API became the only place secrets are checked: if one turns up in dist/, a page still
 * carries a secret that can be guessed offline.
 */
function oldSchemeDigests(all: readonly Tenant[]): { digest: string; of: string }[] {
  const derive = (secret: string, seed: string) => {
    const salt = createHash('sha256').update(`dealer-storefronts salt\u0000${seed}`).digest().subarray(0, 16);
    return pbkdf2Sync(secret, salt, 100_000, 32, 'sha256').toString('base64');
  };
  return all.flatMap((t) => [
    ...(t.password ? [{ digest: derive(t.password, 'entry'), of: `${t.id}'s entry password` }] : []),
    ...t.bypassCodes.map((code) => ({ digest: derive(code.toUpperCase(), `${t.id}/bypass`), of: `${t.id}'s bypass code ${code}` })),
    ...t.stores.flatMap((s) => (s.password ? [{ digest: derive(s.password, `${t.id}/store/${s.code}`), of: `${t.id}'s store ${s.code} password` }] : [])),
  ]);
}

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

/**
 * Guardian's pages (prefix guardian, catalog default, restricted products hidden), written out
 * rather than derived with the build's own rules, so that a wrong rule fails here: a landing
 * page, one catalog a category, one store page for each store with custom products, one item
 * page a product, and the site's fixed pages.
 */
const GUARDIAN_PAGES = [
  '',
  ...['mens', 'womens', 'tshirts', 'hat', 'accessory', 'customs', 'office', 'service', 'sales', 'detail', 'bodyshop', 'parts'].map(
    (category) => `catalog/${category}/`,
  ),
  'catalog/GCHEV1/customs/',
  'catalog/GFORD1/customs/',
  ...(
    'K500 PLT-AL FM-100 K540 K110 TLK500 S608 TLS608 S508 F217 K805 J317 J754 L500 L540 LK110 L608 L217 L317 L754 LPC54V PC54 PC61 PC61LS ST350 DT6000 ' +
    'C112 C868 6277 CP90 CP91 C830 C923 BG408 TUM20 PEN-CS KC-LTH UMB62 LAN-58 PLT-PL MF-STR DEC-RW PLT-EMB BC-STD LH-24 ENV10 NP-50 SC-ROLL KT-1000 ' +
    'OYS-100 SRS-OC RO-4P SWC-250 DJ-100 BG-FTC MHT-S WSS-S ADD-LBL MF-TWL SPR-32 TSA-12 MSK-PR EST-FLD BSP-TAG GM-12 PB-812 PT-WIRE'
  )
    .split(' ')
    .map((code) => `item/${code}/`),
  'stores/',
  'checkout/',
  'success/',
  'order/',
  'orders/',
  'catalog-links/',
  'search/',
];

/**
 * Every sample tenant's number of pages (index.html files) and the stores that have a page of
 * their custom products, written out. What they tell apart: premier and stivers show restricted
 * products (premier 2 more items than guardian's catalog-mates, among them the restricted
 * plate PLT-FC); hennessy's stores HLEXAT, HLEXGW, HPORNA and HJLRNA have no page, since their
 * only custom product is that restricted plate, which hennessy does not show; new-customer has
 * no stores at all.
 */
const SAMPLE_PAGES: Record<string, { pages: number; storePages: string[] }> = {
  first: { pages: 69, storePages: ['FTOYHB', 'FHONBV', 'FNISTG'] },
  friendship: { pages: 72, storePages: ['FRCDBR', 'FRCHBR', 'FRFDBR', 'FRHYBR', 'FRKIBR', 'FRCJBR'] },
  guardian: { pages: 89, storePages: ['GCHEV1', 'GFORD1'] },
  hennessy: { pages: 91, storePages: ['HHONWS', 'HHONGW', 'HCADDL', 'HFRDLN'] },
  hoffman: { pages: 91, storePages: ['HFTYSB', 'HFHNWT', 'HFFDEH', 'HFVOAV'] },
  leith: { pages: 92, storePages: ['LTOYRA', 'LHONAB', 'LVOLCY', 'LSUBCY', 'LFRDRA'] },
  local: { pages: 89, storePages: ['LOCAL1', 'LOCAL2'] },
  mattbowers: { pages: 71, storePages: ['MBCHMT', 'MBBGMT', 'MBCDMT', 'MBNSSL', 'MBKISL'] },
  navarre: { pages: 91, storePages: ['NVCHLC', 'NVHYLC', 'NVMZLC', 'NVFDSL'] },
  'new-customer': { pages: 66, storePages: [] },
  pohanka: {
    pages: 100,
    storePages: ['PHONFB', 'PNISFB', 'PHYUFB', 'PCHVCH', 'PNISCH', 'PHYUCH', 'PTOYSB', 'PHONSB', 'PNISSB', 'PKIASB', 'PCHVSB', 'PHYUSB', 'PMAZSB'],
  },
  premier: { pages: 99, storePages: ['PRHONO', 'PRNSMT', 'PRKIKN', 'PRHYHV', 'PRCHSL', 'PRBGGR', 'PRTYCV', 'PRFDHM', 'PRSBBR', 'PRMZBR'] },
  stivers: { pages: 74, storePages: ['SFRDMG', 'SCDJMG', 'SHYUMG', 'SSUBPV', 'SFRDDC', 'SSUBDC', 'SQLNMG'] },
  tameron: { pages: 72, storePages: ['TMHNHV', 'TMHYHV', 'TMKIHV', 'TMSBHV', 'TMBGDP', 'TMHNGD'] },
  tommycar: { pages: 72, storePages: ['TCCBGR', 'TCKILG', 'TCNSLG', 'TCFDPR', 'TCHYKK', 'TCTYKK'] },
  vaughn: { pages: 71, storePages: ['VCBGOT', 'VFRDOT', 'VCDJVW', 'VFRDVW', 'VOUTLM'] },
};

/** The folders of a built tenant that hold a page ('' for the landing page, 'item/K500/'), sorted. */
function pagesOf(site: string): string[] {
  return filesUnder(site)
    .filter((file) => path.basename(file) === 'index.html')
    .map((file) => path.relative(site, path.dirname(file)).split(path.sep).join('/'))
    .map((folder) => (folder === '' ? '' : `${folder}/`))
    .sort();
}

beforeAll(async () => {
  outDir = sampleDist();
}, 900_000);

describe('the built sample storefronts', () => {
  it('prerender exactly the pages each tenant must have, a 404 page, and the entry site', () => {
    expect(tenants.map((t) => t.id)).toEqual(Object.keys(SAMPLE_PAGES));
    expect(pagesOf(path.join(outDir, 'guardian'))).toEqual([...GUARDIAN_PAGES].sort());
    for (const tenant of tenants) {
      const pages = pagesOf(path.join(outDir, tenant.id));
      const storePages = pages.flatMap((page) => /^catalog\/([^/]+)\/customs\/$/.exec(page)?.[1] ?? []);
      expect({ pages: pages.length, storePages: storePages.sort() }, tenant.id).toEqual({
        ...SAMPLE_PAGES[tenant.id],
        storePages: [...(SAMPLE_PAGES[tenant.id]?.storePages ?? [])].sort(),
      });
      expect(existsSync(path.join(outDir, tenant.id, '404.html')), `${tenant.id}/404.html`).toBe(true);
      // The supplier's order desk lists every tenant's orders: never inside a tenant's site.
      expect(existsSync(path.join(outDir, tenant.id, 'desk')), `${tenant.id}/desk`).toBe(false);
    }
    expect(readFileSync(path.join(outDir, '_entry', 'index.html'), 'utf8')).toContain('>LOGIN</button>');
    expect(readFileSync(path.join(outDir, '_entry', 'desk', 'index.html'), 'utf8')).toContain('order desk</h1>');
  });

  it("serve the merchandisers' editor at /admin/ of the entry site only, signing in through the order API to the site's repository", () => {
    for (const tenant of tenants) expect(existsSync(path.join(outDir, tenant.id, 'admin')), `${tenant.id}/admin`).toBe(false);
    const admin = path.join(outDir, '_entry', 'admin');
    const html = readFileSync(path.join(admin, 'index.html'), 'utf8');
    for (const [, file = ''] of html.matchAll(/(?:href|src)="([^"]+)"/g)) expect(statSync(path.join(admin, file)).size, file).toBeGreaterThan(0);
    expect(readFileSync(path.join(admin, 'editor.js'), 'utf8')).toContain('Sign in with GitHub');
    expect(existsSync(path.join(admin, 'check-worker.js'))).toBe(true);
    expect(html).toContain(`data-order-api="${SAMPLE_API_ORIGIN}" data-repository="${project.supplier.editorRepository}"`);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`connect-src 'self' ${SAMPLE_API_ORIGIN} https://api.github.com;`);
    expect(csp).toContain("script-src 'self';");
  });

  it("link only to pages and assets that exist under the tenant's own base path", () => {
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

  it('carry no secret in any form: no password or bypass code, plain or hashed, in any file of dist/', () => {
    const storeCodes = new Set(tenants.flatMap((t) => t.stores.map((s) => s.code)));
    const passwords = tenants
      .flatMap((t) => [
        t.password,
        t.adminPassword,
        // A store password that is the store's own code cannot be hidden: the code is in the store's address.
        ...t.stores.map((s) => s.password).filter((p) => p !== undefined && !storeCodes.has(p)),
      ])
      .filter((s): s is string => Boolean(s));
    const codes = tenants.flatMap((t) => t.bypassCodes);
    const digests = oldSchemeDigests(tenants);
    expect(passwords.length).toBeGreaterThan(30);
    expect(codes.length).toBeGreaterThan(10);
    expect(digests.length).toBeGreaterThan(50);

    const files = filesUnder(outDir);
    // Every tenant folder, the entry site and the build report (scanned for secrets like the rest).
    expect(new Set(files.map((file) => path.relative(outDir, file).split(path.sep)[0]))).toEqual(
      new Set([...tenants.map((t) => t.id), '_entry', 'report.json']),
    );
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      // Text is anything without NUL bytes (images and fonts are binary).
      if (bytes.includes(0)) continue;
      const text = bytes.toString('utf8');
      const lower = text.toLowerCase();
      const where = path.relative(outDir, file);
      for (const secret of passwords) if (text.includes(secret)) found.push(`password ${secret} in ${where}`);
      // Codes are compared in upper case, so any spelling of one gives it away.
      for (const code of codes) if (lower.includes(code.toLowerCase())) found.push(`bypass code ${code} in ${where}`);
      // JSON in a script, or in an island's data-props attribute (quotes as &quot;).
      for (const [field] of text.matchAll(/(?:"|&quot;)(?:salt|hashes|iterations)(?:"|&quot;)\s*:/g)) found.push(`${field} in ${where}`);
      for (const { digest, of } of digests) if (text.includes(digest)) found.push(`the hash of ${of} in ${where}`);
    }
    expect(found).toEqual([]);
  });

  it("list store-made customs only in their stores' catalogs, whose item links name the store", () => {
    const itemLinks = (html: string) => [...html.matchAll(/href="([^"]*\/item\/[^"]*)"/g)].map(([, url = '']) => url.replaceAll('&amp;', '&'));
    let storePages = 0;
    for (const tenant of tenants.filter((t) => t.flags.enableCustomsStorePicker && t.stores.length > 0)) {
      const base = basePath(tenant.routePrefix);
      const customs = productsOf(tenant).filter((p) => p.type === 'customs');
      if (customs.length === 0) continue;
      // Without a store: only what no store is named for (none of the sample's plates), and the way to the stores.
      const plain = readFileSync(path.join(outDir, tenant.id, 'catalog/customs/index.html'), 'utf8');
      const unbound = customs.filter((p) => p.supportedStores.length === 0);
      expect(itemLinks(plain), tenant.id).toEqual(unbound.map((p) => `${base}item/${p.code}/`));
      expect(plain, tenant.id).toContain(`href="${base}stores/"`);
      for (const store of tenant.stores) {
        const file = path.join(outDir, tenant.id, routePath({ page: 'store-catalog', storeCode: store.code }), 'index.html');
        if (!existsSync(file)) continue;
        storePages += 1;
        const made = customs.filter((p) => p.supportedStores.includes(store.code));
        expect(itemLinks(readFileSync(file, 'utf8')), `${tenant.id} ${store.code}`).toEqual(made.map((p) => `${base}item/${p.code}/?store=${store.code}`));
      }
    }
    expect(storePages).toBeGreaterThan(20);
  });

  it("keep tenants apart: no tenant's files name another tenant's title, stores, store codes or reps (prices: next test)", () => {
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

  it("carry only their own catalog's products, at their own catalog's prices", () => {
    const catalogs = [...(project?.catalogs.values() ?? [])];
    const priceOf = (product: Product) => JSON.stringify([product.sizes, product.discounts]);
    // The check means something only if some code is priced differently by two catalogs.
    const repriced = catalogs[0]?.products.filter((p) => catalogs.some((c) => c.products.some((q) => q.code === p.code && priceOf(q) !== priceOf(p))));
    expect(repriced?.length).toBeGreaterThan(10);
    for (const tenant of tenants) {
      const own = new Map(productsOf(tenant).map((p) => [p.code, priceOf(p)]));
      const wrong: string[] = [];
      let seen = 0;
      for (const file of filesUnder(path.join(outDir, tenant.id)).filter((f) => f.endsWith('.html') || /\/assets\/catalog-[0-9a-f]+\.json$/.test(f))) {
        // Pages carry products in their islands' props; the checkout and success islands read them from the catalog price file.
        const text = readFileSync(file, 'utf8');
        const found = file.endsWith('.json') ? productsIn(JSON.parse(text)) : islandProps(text).flatMap(({ props }) => productsIn(props));
        for (const product of found) {
          seen += 1;
          if (own.get(product.code) !== priceOf(product)) wrong.push(`${product.code} in ${path.relative(outDir, file)}`);
        }
      }
      expect(seen, tenant.id).toBeGreaterThan(own.size);
      expect(wrong.slice(0, 5), tenant.id).toEqual([]);
    }
  });

  it('ship JavaScript within budget: ≤ 5 KB brotli on landing, catalog and catalog-links, ≤ 80 KB on item, ≤ 82 KB on orders, ≤ 84 KB on checkout', () => {
    const site = path.join(outDir, 'stivers');
    const jsBytes = (page: string) => pageScriptBytes(site, '/stivers/', page);
    const budgeted = PAGE_SCRIPT_BUDGETS.filter((kind) => kind.budget !== undefined);
    expect(budgeted.map((kind) => [kind.page, kind.budget])).toEqual([
      ['index.html', 5_000],
      ['catalog/mens/index.html', 5_000],
      ['catalog-links/index.html', 5_000],
      ['item/K500/index.html', 80_000],
      ['checkout/index.html', 84_000],
      ['orders/index.html', 82_000],
    ]);
    for (const { page, budget } of budgeted) expect(jsBytes(page), page).toBeLessThanOrEqual(budget!);
    // The static pages carry no UI framework at all.
    for (const page of ['index.html', 'catalog/mens/index.html', 'catalog-links/index.html']) {
      expect(readFileSync(path.join(site, page), 'utf8')).not.toMatch(/item-[\w-]+\.js/);
    }
  });

  // One tenant rather than the whole sample again: the run builds the sample once (tests/global-setup.ts).
  it('encodes no image on a second build, and says so', () => {
    const again = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-again-')), 'dist');
    const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', again, '--tenant', 'first']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^images: [1-9]\d* variants \(0 encoded, [1-9]\d* reused\) in \d+\.\d s$/m);
  }, 600_000);
});
