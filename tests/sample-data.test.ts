import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../src/domain/categories.ts';
import { formatMoney } from '../src/domain/money.ts';
import { formatDiagnostic } from '../src/core/data/diagnostic.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';

const { diagnostics, project } = loadProject(REPO_ROOT);
const rawTenant = (id: string) => parse(readFileSync(path.join(REPO_ROOT, 'tenants', `${id}.yaml`), 'utf8')) as Record<string, unknown>;

describe('the sample data a new user sees first', () => {
  it('validates without errors', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(project).toBeDefined();
  });

  it('gives no warning about a tenant file: strong, unrelated secrets and a real order API address', () => {
    expect(diagnostics.filter((d) => d.file.startsWith('tenants/')).map(formatDiagnostic)).toEqual([]);
  });

  const tenants = project?.tenants ?? [];
  const byId = new Map(tenants.map((t) => [t.id, t]));
  const products = [...(project?.catalogs.values() ?? [])].flatMap((c) => c.products);

  it('has every tenant of the spec, three without a prefix', () => {
    const prefixed = [
      'guardian',
      'hennessy',
      'leith',
      'pohanka',
      'premier',
      'stivers',
      'tameron',
      'navarre',
      'hoffman',
      'tommycar',
      'vaughn',
      'friendship',
      'mattbowers',
    ];
    expect([...byId.keys()].sort()).toEqual([...prefixed, 'first', 'new-customer', 'local'].sort());
    for (const id of prefixed) expect(byId.get(id)?.routePrefix).toBe(id);
    for (const id of ['first', 'new-customer', 'local']) expect(byId.get(id)?.routePrefix).toBe('');
  });

  it('has about 100 store codes, one tenant with a password on every store, the picker on wherever there are stores', () => {
    const stores = tenants.flatMap((t) => t.stores);
    expect(stores.length).toBeGreaterThanOrEqual(90);
    expect(stores.length).toBeLessThanOrEqual(115);
    const everyStoreLocked = tenants.filter((t) => t.stores.length > 1 && t.stores.every((s) => s.password));
    expect(everyStoreLocked.map((t) => t.id)).toEqual(['pohanka']);
    for (const tenant of tenants.filter((t) => t.stores.length > 0)) expect(tenant.flags.enableCustomsStorePicker, tenant.id).toBe(true);
  });

  it('has reps, placements, embroideries, bypass codes and passwords', () => {
    for (const tenant of tenants) {
      expect(tenant.accountReps.length, tenant.id).toBeGreaterThan(0);
      expect(tenant.adminPassword, tenant.id).toBeTruthy();
    }
    expect(tenants.filter((t) => Object.keys(t.embroideries).length > 0).length).toBeGreaterThanOrEqual(13);
    expect(tenants.filter((t) => Object.keys(t.logoPlacements).length > 0).length).toBeGreaterThanOrEqual(13);
    expect(tenants.filter((t) => t.bypassCodes.length > 0).length).toBeGreaterThanOrEqual(13);
    expect(tenants.filter((t) => t.password).length).toBeGreaterThanOrEqual(12);
  });

  it('sets paypal_not_supported true for most, false for stivers and tommycar, and not at all for the first tenant', () => {
    const explicitFalse = tenants.filter((t) => rawTenant(t.id).paypal_not_supported === false).map((t) => t.id);
    expect(explicitFalse.sort()).toEqual(['stivers', 'tommycar']);
    expect('paypal_not_supported' in rawTenant('first')).toBe(false);
    expect(tenants.filter((t) => t.flags.paypalNotSupported).length).toBeGreaterThanOrEqual(12);
  });

  it('tells every buyer their order shipped: the shipping e-mail on by default, written out in guardian', () => {
    expect(tenants.filter((t) => !t.shippingEmail).map((t) => t.id)).toEqual([]);
    expect(rawTenant('guardian').shipping_email).toBe(true);
    expect('shipping_email' in rawTenant('first')).toBe(false);
  });

  it('sets minimum_apparel_order true for one tenant and false for two', () => {
    const values = tenants.map((t) => rawTenant(t.id).minimum_apparel_order);
    expect(values.filter((v) => v === true)).toHaveLength(1);
    expect(values.filter((v) => v === false)).toHaveLength(2);
  });

  it('has a default, a price-less and a tiered catalog with at least 150 products between them', () => {
    expect([...(project?.catalogs.keys() ?? [])].sort()).toEqual(['default', 'tiered', 'unpriced']);
    expect(products.length).toBeGreaterThanOrEqual(150);
    const unpriced = project?.catalogs.get('unpriced')?.products ?? [];
    const zeroPriced = unpriced.filter((p) => p.sizes.every((s) => s.price === 0));
    expect(zeroPriced.length / unpriced.length).toBeGreaterThan(0.5);
    const tiered = project?.catalogs.get('tiered')?.products ?? [];
    expect(tiered.filter((p) => p.discounts.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(tiered.filter((p) => p.type === 'customs' && p.supportedStores.length > 0 && /fob/i.test(p.name)).length).toBeGreaterThan(0);
    expect(tiered.filter((p) => p.type === 'customs' && p.supportedStores.length > 0 && /plate/i.test(p.name)).length).toBeGreaterThan(0);
  });

  it('covers every product type and every size-label family', () => {
    for (const category of CATEGORIES)
      expect(
        products.some((p) => p.type === category),
        category,
      ).toBe(true);
    const labels = new Set(products.flatMap((p) => p.sizes.map((s) => s.label)));
    for (const label of [
      'XSmall',
      '10XL',
      '6XLarge',
      'LT',
      '4XLT',
      'OSFA',
      'S_M',
      'M_L',
      'L_XL',
      '500',
      '1000',
      '1500',
      '2500',
      '5000',
      '10000',
      '# boxes',
      '# packs',
      '# rolls',
      '1 box',
      '5 boxes',
      '10 boxes',
    ]) {
      expect(labels.has(label), label).toBe(true);
    }
  });

  it("carries the spec's price examples", () => {
    const prices = new Set(products.flatMap((p) => [...p.sizes.map((s) => s.price), ...p.discounts.map((d) => d.price)]).map(formatMoney));
    for (const price of [
      '$38.77',
      '$43.32',
      '$126.78',
      '$115.79',
      '$73.50',
      '$76.44',
      '$74.95',
      '$10.99',
      '$10.69',
      '$36.95',
      '$12.99',
      '$21.99',
      '$26.99',
      '$3.19',
      '$3.99',
      '$0.79',
      '$3.69',
      '$0.0279',
    ]) {
      expect(prices.has(price), price).toBe(true);
    }
    const floorMats = products.find((p) => p.name === 'Floor Mats' && p.sizes.some((s) => formatMoney(s.price) === '$76.44'));
    expect(floorMats?.discounts.map((d) => d.quantity)).toContain(500);
  });

  it('has half colours, restricted products and sub-categories', () => {
    expect(products.filter((p) => p.halfColors.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.restricted).length).toBeGreaterThanOrEqual(2);
    expect(new Set(products.map((p) => p.subCategory).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
  });
});
