import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copySampleData } from '../scripts/bench/catalog-scale-data.ts';
import { runPrices } from '../src/core/cli/prices-command.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { runInProcess } from './helpers/run-cli.ts';

type Product = { code: string; type: string; sub_category?: string; sizes: Record<string, number>; discount?: { quantity: number; price: number }[] };

function sampleProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'catalog-prices-'));
  copySampleData(REPO_ROOT, root);
  return root;
}

const prices = (root: string, ...args: string[]) => runInProcess(async (argv) => runPrices(argv), ['--catalog', 'default', '--root', root, ...args]);
const text = (root: string) => readFileSync(path.join(root, 'catalogs/default.yaml'), 'utf8');
const products = (yaml: string) => (parse(yaml) as { products: Product[] }).products;
/** Lines of `after` that differ from `before` (the file keeps its line count when only prices change). */
const changedLines = (before: string, after: string) => after.split('\n').filter((line, index) => line !== before.split('\n')[index]);

describe('npm run prices', () => {
  it('raises exactly the selected prices by 3 %, to the nearest cent, and rewrites only their lines', async () => {
    const root = sampleProject();
    const before = text(root);
    const result = await prices(root, '--type', 'mens', '--sub-category', 'polos', '--percent', '3');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/K500 +sizes\.Small +\$38\.77 +\$39\.93 +\+2\.99 %/);
    const after = text(root);
    const old = products(before);
    const next = products(after);
    let selected = 0;
    old.forEach((product, index) => {
      const isPolo = product.type === 'mens' && product.sub_category === 'polos';
      if (!isPolo) {
        expect(next[index]).toEqual(product);
        return;
      }
      selected += 1;
      for (const [label, price] of Object.entries(product.sizes)) {
        // In 1/10000 dollars: × 1.03, then to whole cents, halves up.
        const expected = (Math.floor((Math.round(price * 10000) * 103 + 5000) / 10000) * 100) / 10000;
        expect(next[index]!.sizes[label], `${product.code} ${label}`).toBe(expected);
      }
      expect(next[index]!.discount).toEqual(product.discount);
    });
    expect(selected).toBeGreaterThan(3);
    const changed = changedLines(before, after);
    expect(changed).toHaveLength(selected);
    for (const line of changed) expect(line).toMatch(/^ {4}sizes: \{ /);
  });

  it('keeps 0 as 0, rounds up to 0.05 when asked, changes volume prices only with --include-discounts', async () => {
    const root = sampleProject();
    const before = text(root);
    const result = await prices(root, '--codes', 'K500,NP-50,FM-100', '--add', '1', '--round-up', '0.05');
    expect(result.status).toBe(0);
    const next = products(text(root));
    const find = (code: string) => next.find((product) => product.code === code)!;
    expect(find('K500').sizes).toMatchObject({ Small: 39.8, '2XL': 41.8, '4XL': 44.35 });
    expect(find('NP-50').sizes).toEqual({ '# pads': 0 });
    expect(find('FM-100').sizes['# boxes']).toBe(77.45);
    expect(find('FM-100').discount).toEqual([{ quantity: 500, price: 71.5 }]);
    expect(changedLines(before, text(root))).toHaveLength(2);

    const withDiscounts = await prices(root, '--codes', 'FM-100', '--percent', '10', '--include-discounts');
    expect(withDiscounts.status).toBe(0);
    expect(products(text(root)).find((product) => product.code === 'FM-100')!.discount).toEqual([{ quantity: 500, price: 78.65 }]);
  });

  it('a dry run prints the table and writes nothing; a price finer than a cent keeps its own decimals, and says so', async () => {
    const root = sampleProject();
    const before = text(root);
    const dry = await prices(root, '--codes', 'K500', '--percent', '-10', '--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/K500 +sizes\.4XL +\$43\.32 +\$38\.99/);
    expect(dry.stdout).toContain('Dry run: 7 prices of 1 product would change; catalogs/default.yaml not written.');
    expect(text(root)).toBe(before);

    // One 0.0279 among whole-cent prices: each keeps its own precision, and the run says so.
    const own = await prices(root, '--type', 'customs', '--percent', '3', '--dry-run');
    expect(own.status).toBe(0);
    expect(own.stdout).toMatch(/sizes\.500 +\$0\.0279 +\$0\.0287/);
    expect(own.stdout).toMatch(/PLT-EMB +sizes\.500 +\$3\.69 +\$3\.80/);
    expect(own.stdout).toContain('1 price finer than a cent kept its own decimals (--round 0.01 rounds them to cents).');

    const cents = await prices(root, '--type', 'customs', '--percent', '3', '--round', '0.01');
    expect(cents.status).toBe(0);
    expect(cents.stdout).toMatch(/sizes\.500 +\$0\.0279 +\$0\.03/);
    expect(cents.stdout).not.toContain('finer than a cent');
  });

  it('a cut that would put a volume price above its size price names the way out, and --skip leaves products out', async () => {
    const root = sampleProject();
    const before = text(root);
    const refused = await prices(root, '--codes', 'FM-100,K500', '--percent', '-10');
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('Left unchanged: the volume prices of 1 product (--include-discounts changes them too).');
    expect(refused.stderr).toMatch(/products\[\d+\]\.discount\[0\]\.price {2}71\.5 from 500 pieces is not below 68\.8/);
    expect(refused.stderr).toContain('add --include-discounts to change them with the sizes, or leave these products out with --skip');
    expect(refused.stderr).not.toContain('npm run validate');
    expect(text(root)).toBe(before);

    const skipped = await prices(root, '--codes', 'FM-100,K500', '--skip', 'FM-100', '--percent', '-10');
    expect(skipped.status).toBe(0);
    const next = products(text(root));
    expect(next.find((product) => product.code === 'FM-100')).toEqual(products(before).find((product) => product.code === 'FM-100'));
    expect(next.find((product) => product.code === 'K500')!.sizes.Small).toBe(34.89);

    const unknown = await prices(root, '--codes', 'K500', '--skip', 'K5OO', '--percent', '3');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('--skip: no product "K5OO" in this catalog');
  });

  it('checks the edit against every tenant file; a broken other catalog neither blocks it nor is reported', async () => {
    const root = sampleProject();
    const before = text(root);
    // No rule compares two catalogs: tiered.yaml's error is npm run validate's to report, not this edit's.
    appendFileSync(path.join(root, 'catalogs/tiered.yaml'), 'products: [\n');
    const edited = await prices(root, '--codes', 'K500', '--percent', '3');
    expect(edited.stderr).toBe('');
    expect(edited.status).toBe(0);
    expect(products(text(root))[0]!.sizes.Small).toBe(39.93);

    // A tenant file is read: the store codes and catalog users it holds decide this catalog's checks.
    const edits = text(root);
    appendFileSync(path.join(root, 'tenants/guardian.yaml'), 'stores: [\n');
    const blocked = await prices(root, '--codes', 'K500', '--percent', '3');
    expect(blocked.status).toBe(1);
    expect(blocked.stderr).toMatch(/^tenants\/guardian\.yaml:\d+:\d+ .*opened with \[ here is not closed/m);
    expect(blocked.stderr).toContain('nothing was written');
    expect(text(root)).toBe(edits);
    expect(edits).not.toBe(before);
  });
});
