import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog, Product } from '../../../domain/product.ts';
import type { SiteReport } from '../shared/build-report.ts';
import { keepPage, PageCache, type PageInputs } from './page-cache.ts';
import { namedCodes, RenderReasons, renderedSummary } from './render-reasons.ts';

const product = (code: string, fullname: string) => ({ code, fullname }) as unknown as Product;
const catalog = (...products: Product[]): Catalog => ({ id: 'default', priced: true, products });
const frame = { config: { title: 'Acme Store', phone: '555-0100' } };
const itemInputs = (item: Product): PageInputs => ({ frame, file: `item/${item.code}/index.html`, title: item.fullname, shows: { product: item } });

function siteReport(id: string, reasons: RenderReasons, pages: number): SiteReport {
  return {
    id,
    pages,
    images: { files: 0, encoded: 0, reused: 0 },
    bytes: { html: 0, js: 0, css: 0, images: 0, other: 0 },
    warnings: 0,
    rendered: reasons.of(id),
  };
}

describe('RenderReasons', () => {
  it('names the product whose data changed as the reason its pages are rendered, and the tenant when its frame changed', () => {
    const before = new RenderReasons(undefined, new Map(), 'client-a', [catalog(product('K500', 'Polo'), product('K510', 'Tee'))], true);
    const now = new RenderReasons(before.now, new Map([['acme', 'frame-1']]), 'client-a', [catalog(product('K500', 'Polo II'), product('K510', 'Tee'))], true);
    now.tenantFrame('acme', 'frame-1');
    now.tenantPage('acme', 'default', 'item/K500/index.html', ['K500']);
    now.tenantPage('acme', 'default', 'catalog/mens/index.html', ['K500', 'K510']);
    now.tenantPage('acme', 'default', 'checkout/index.html', []);
    now.tenantFrame('bolt', 'frame-2');
    now.tenantPage('bolt', 'default', 'index.html', ['K510']);
    expect(now.of('acme')).toEqual({
      pages: 3,
      reasons: { 'product K500': ['catalog/mens/index.html', 'item/K500/index.html'], 'what it shows': ['checkout/index.html'] },
    });
    expect(now.of('bolt')).toEqual({ pages: 1, reasons: { tenant: ['index.html'] } });
    expect(now.changed()).toEqual(['tenant bolt', 'K500']);
  });

  it('counts every page as rendered on a first build and without the page cache, and names neither as a change', () => {
    const first = new RenderReasons(undefined, new Map(), 'client-a', [catalog(product('K500', 'Polo'))], true);
    first.tenantPage('acme', 'default', 'index.html', []);
    expect(first.of('acme').reasons).toEqual({ 'no earlier build to compare with': ['index.html'] });
    expect(first.changed()).toEqual([]);
    const forced = new RenderReasons(first.now, new Map(), 'client-a', [catalog(product('K500', 'Polo'))], false);
    forced.tenantPage('acme', 'default', 'index.html', []);
    expect(forced.of('acme').reasons).toEqual({ 'every page asked for (--no-page-cache)': ['index.html'] });
  });
});

describe('a change to a component', () => {
  it('renders every page again, each with the code as its reason', () => {
    const store = mkdtempSync(path.join(tmpdir(), 'page-store-'));
    const out = mkdtempSync(path.join(tmpdir(), 'pages-'));
    const items = [product('K500', 'Polo'), product('K510', 'Tee')];
    const before = new PageCache(store, 'client-a');
    for (const item of items) {
      const target = path.join(out, 'before', item.code, 'index.html');
      keepPage(before.link(() => itemInputs(item), target)!, `<h1>${item.fullname}</h1>`);
    }
    // The same code: every page is linked from the store, none rendered.
    expect(items.map((item) => before.link(() => itemInputs(item), path.join(out, 'same', item.code, 'index.html')))).toEqual([undefined, undefined]);
    expect(readFileSync(path.join(out, 'same', 'K500', 'index.html'), 'utf8')).toBe('<h1>Polo</h1>');

    // The client bundle's folder name, a digest of src/, differs: no page is linked.
    const after = new PageCache(store, 'client-b');
    const slots = items.map((item) => after.link(() => itemInputs(item), path.join(out, 'after', item.code, 'index.html')));
    expect(slots.every((slot) => slot !== undefined)).toBe(true);

    const recorded = new RenderReasons(undefined, new Map(), 'client-a', [catalog(...items)], true).now;
    const reasons = new RenderReasons(recorded, new Map(), 'client-b', [catalog(...items)], true);
    for (const item of items) reasons.tenantPage('acme', 'default', `item/${item.code}/index.html`, [item.code]);
    expect(reasons.changed()).toEqual(['code']);
    const entry = siteReport('_entry', reasons, 0);
    expect(renderedSummary({ tenants: [siteReport('acme', reasons, 2)], entry, changed: reasons.changed() })).toBe(
      'code changed: 2 pages of 1 tenant rendered, 0 carried',
    );
  });
});

describe('namedCodes', () => {
  it('names up to three codes, then how many more', () => {
    expect(namedCodes(['K500'])).toBe('K500');
    expect(namedCodes(['K500', 'K510', 'K520'])).toBe('K500, K510 and K520');
    expect(namedCodes(['K500', 'K510', 'K520', 'K530', 'K540'])).toBe('K500, K510, K520 and 2 more');
  });
});
