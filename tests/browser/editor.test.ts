// The merchandiser's editor as a merchandiser uses it: `npm run editor`'s proxy on a copy of the
// catalog-scale data (npm run bench's: three catalogs of 600 products) in a real Git repository,
// the editor open in Chromium. Each save must be a commit holding exactly the changed lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogScaleData } from '../../scripts/bench/catalog-scale-data.ts';
import { bundleEditor } from '../../src/core/editor/editor-bundle.ts';
import { startEditorServer, type EditorServer } from '../../src/core/editor/editor-server.ts';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { ARTIFACTS } from './chromium.ts';
import { launchChromium } from './harness.ts';

/** Photos the copy lacks, so dropping them in is what the catalog needs. */
const MISSING_PHOTOS = ['K540_graphite.jpg', 'K110_black.jpg'];

let root: string;
let server: EditorServer;
let browser: Browser;
let page: Page;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const fileAt = (revision: string, file: string) => git('show', `${revision}:${file}`);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'editor-'));
  catalogScaleData(REPO_ROOT, root, 600);
  for (const photo of MISSING_PHOTOS) rmSync(path.join(root, 'catalogs/images', photo));
  git('init', '--quiet', '--initial-branch', 'main');
  git('config', 'user.email', 'merchandiser@example.test');
  git('config', 'user.name', 'Merchandiser');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'Catalog-scale data');
  server = await startEditorServer({ root, bundle: await bundleEditor() });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 180_000);

/** What the merchandiser sees (the window, not the whole 600-row page), for docs/merchandiser-guide.md. */
async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function openFile(file: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${file.replace(/[./]/g, '\\$&')}`) }).click();
}

/**
 * Prints how long a step took against its goal; `npm run bench:editor` (EDITOR_TIMING_GOALS=1)
 * also fails a step over its goal. Inside `npm test`, beside every other suite on two cores, the
 * milliseconds are the machine's, so there the behaviour is asserted and the figure only printed.
 */
function timing(step: string, ms: number, goalMs: number): void {
  console.log(`editor ${step}: ${ms} ms (goal under ${goalMs} ms)`);
  if (process.env.EDITOR_TIMING_GOALS === '1') expect(ms, `${step} in ${ms} ms`).toBeLessThan(goalMs);
}

/** Saves, and answers once the editor says which new commit holds the change. */
async function save(): Promise<string> {
  const before = git('rev-parse', 'HEAD').trim();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => git('rev-parse', 'HEAD').trim(), { timeout: 30_000 }).not.toBe(before);
  const commit = git('rev-parse', 'HEAD').trim();
  await page.getByText(`Saved as commit ${commit.slice(0, 7)} on branch main.`).waitFor();
  return commit;
}

describe('the editor on a 600-product catalog', () => {
  it('opens with every product listed, the rows in view drawn and the rest on scrolling', async () => {
    const started = Date.now();
    await page.goto(server.url);
    await page.getByText('600 of 600').waitFor();
    await page.locator('tbody tr[data-code]').first().waitFor();
    const opened = Date.now() - started;
    timing('opened the 600-product catalog', opened, 2000);
    // Only the rows in view are made; scrolling to the end shows the last product.
    await page.locator('.table-scroll').evaluate((table) => table.scrollTo(0, table.scrollHeight));
    await expect.poll(() => page.locator('tbody tr[data-code]').last().getAttribute('data-code')).toMatch(/^WS/);
  });

  it('finds K500 by its code, shows a discount above the price at its field as it is typed, and saves only the changed lines once fixed', async () => {
    const file = 'catalogs/tiered.yaml';
    await openFile(file);
    await page.getByLabel('Search by code or name').fill('K500');
    await expect.poll(() => page.locator('tbody tr[data-code]').first().getAttribute('data-code')).toBe('K500');
    await page.locator('tbody tr[data-code]').first().getByRole('button').click();
    const form = page.getByRole('form', { name: 'Product K500' });
    const small = form.locator('input[data-path$=".sizes.Small"]');
    const index = /^products\[(\d+)\]/.exec((await small.getAttribute('data-path'))!)![1];
    const tierPrice = form.locator(`input[data-path="products[${index}].discount[0].price"]`);
    expect(await tierPrice.inputValue()).toBe('36.5');
    await page.getByText(/^Checked by the rules/).waitFor();

    const typed = Date.now();
    await small.fill('35');
    const problem = form.locator(`li[data-path="products[${index}].discount[0].price"]`);
    await problem.waitFor();
    const shown = Date.now() - typed;
    expect(await problem.innerText()).toBe('36.5 from 500 pieces is not below 35, the price of size Small it replaces; a discount must lower the price');
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await problem.scrollIntoViewIfNeeded();
    await screenshot('editor-discount-error');

    await tierPrice.fill('34.5');
    await problem.waitFor({ state: 'detached' });
    const before = readFileSync(path.join(root, file), 'utf8');
    await save();
    const after = fileAt('HEAD', file);
    const k500 = before.indexOf('  - code: K500\n');
    const changed = (text: string) =>
      text.slice(0, k500) + text.slice(k500).replace('Small: 38.77', 'Small: 35').replace('{ quantity: 500, price: 36.5 }', '{ quantity: 500, price: 34.5 }');
    expect(after).toBe(changed(before));
    expect(after).toContain("  # ---- men's apparel ----\n");
    expect(git('diff', '--numstat', 'HEAD~1', 'HEAD').trim()).toBe(`2\t2\t${file}`);
    expect(git('log', '-1', '--format=%s')).toMatch(/K500/);
    // Last, so that a slow moment leaves the catalog fixed for the tests after this one.
    timing('showed the discount error at its field after typing', shown, 500);
  });

  it('files two dropped photos as images:add names them, and commits them', async () => {
    await openFile('catalogs/default.yaml');
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#777777' } })
      .png()
      .toBuffer();
    const dropped = ['k540 Graphite front.png', 'K110-black.png'];
    const transfer = await page.evaluateHandle(
      ({ names, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        for (const name of names) data.items.add(new File([bytes], name, { type: 'image/png' }));
        return data;
      },
      { names: dropped, base64: png.toString('base64') },
    );
    await page.getByRole('region', { name: 'Photos' }).dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByText('k540 Graphite front.png → catalogs/images/K540_graphite.jpg (K540 Graphite)').waitFor();
    await page.getByText('K110-black.png → catalogs/images/K110_black.jpg (K110 Black)').waitFor();
    await screenshot('editor-photos');
    await save();
    const files = git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();
    expect(files).toEqual(MISSING_PHOTOS.map((name) => `catalogs/images/${name}`).sort());
    for (const name of MISSING_PHOTOS) {
      const written = readFileSync(path.join(root, 'catalogs/images', name));
      expect([...written.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it("edits a tenant's phone and saves that one line", async () => {
    const file = 'tenants/first.yaml';
    await openFile(file);
    const phone = page.locator('input[data-path="account_reps[0].phone"]');
    expect(await phone.inputValue()).toBe('555-0101');
    await phone.fill('555-0199');
    await screenshot('editor-tenant');
    const before = readFileSync(path.join(root, file), 'utf8');
    await save();
    expect(fileAt('HEAD', file)).toBe(before.replace('{ name: Marcus Bell, phone: "555-0101" }', '{ name: Marcus Bell, phone: "555-0199" }'));
    expect(git('diff', '--numstat', 'HEAD~1', 'HEAD').trim()).toBe(`1\t1\t${file}`);
  });

  it('refuses what the proxy must not touch', async () => {
    const answer = await page.evaluate(async () => {
      const read = await fetch('/api/file?path=package.json');
      const propose = await fetch('/api/propose', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'x', files: [{ path: '.git/hooks/pre-commit', text: 'echo' }] }),
      });
      return [read.status, propose.status, await propose.text()];
    });
    expect(answer).toEqual([
      403,
      422,
      '".git/hooks/pre-commit" is not a data file of tenants/ or catalogs/, nor a picture of tenants/logos/ or catalogs/images/',
    ]);
  });
});
