// `npm run dev` as a merchandiser runs it: the script itself, in a child process, on a copy of
// the small base fixture, with a page open in Chromium. A broken save shows the merchandisers'
// overlay with the lines `npm run validate` prints and what to do, and nothing meant for a
// developer (Vite's own overlay says "fix the code" and names vite.config.js).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../src/core/cli/validate-command.ts';
import { DATA_ERRORS_ADVICE, DATA_ERRORS_TAG } from '../../src/core/dev/data-errors-overlay.ts';
import { freePort } from '../../src/core/serve/free-port.ts';
import { fixtureProject, REPO_ROOT } from '../helpers/fixture-project.ts';
import { errorLines, runInProcess } from '../helpers/run-cli.ts';
import { launchChromium, saveScreenshot } from './harness.ts';

const CATALOG = 'catalogs/default.yaml';
const GOOD = 'fullname: Silk Touch Sport Polo\n';
/** How long a save may take to show: seconds on an idle machine, more when the whole suite shares two cores. */
const SAVE_SHOWN_MS = 25_000;
/** What Vite's own error overlay tells its reader, which a merchandiser must not be told. */
const DEVELOPER_ADVICE = [/fix the code/i, /vite\.config/, /server\.hmr\.overlay/];

let root: string;
let dev: ChildProcess;
let output = '';
let browser: Browser;
let page: Page;

/** The overlay's text as a person sees it ('' while there is none). */
const overlayText = () => page.evaluate((tag) => document.querySelector(tag)?.shadowRoot?.textContent ?? '', DATA_ERRORS_TAG);
const problemLines = () =>
  page.evaluate((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('pre')?.textContent?.split('\n') ?? [], DATA_ERRORS_TAG);

function save(from: string, to: string): void {
  const file = path.join(root, CATALOG);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${CATALOG} does not contain ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
}

/** The error lines `npm run validate` prints for the data as it is now. */
async function validatorErrors(): Promise<string[]> {
  return errorLines((await runInProcess(runValidate, ['--root', root])).stderr);
}

beforeAll(async () => {
  root = fixtureProject();
  const port = await freePort();
  let apiPort = await freePort();
  // The base fixture has one tenant without a route prefix, which takes PORT+1.
  while (apiPort >= port && apiPort <= port + 1) apiPort = await freePort();
  dev = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'dev.ts'), '--root', root], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      SQLITE_PATH: path.join(root, 'orders.sqlite'),
      MAIL_DIR: path.join(root, 'mail'),
      SESSION_SECRET: 'dev-overlay-test-session-secret-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Live preview ready')) resolve();
    };
    dev.stdout?.on('data', read);
    dev.stderr?.on('data', read);
    dev.once('exit', (code) => reject(new Error(`npm run dev stopped (exit ${code}) before it was ready:\n${output}`)));
  });
  browser = await launchChromium();
  page = await (await browser.newContext()).newPage();
  const response = await page.goto(`http://localhost:${port}/guardian/item/K500/`, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('npm run dev, for a merchandiser', () => {
  it("shows a broken save over the page as the validator's lines, with what to do and no developer advice; the fix clears it", async () => {
    save(GOOD, 'fullname: [Silk, Touch]\n');
    const expected = await validatorErrors();
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(problemLines, { timeout: SAVE_SHOWN_MS }).toEqual(expected);
    const text = await overlayText();
    expect(text).toContain(DATA_ERRORS_ADVICE);
    for (const advice of DEVELOPER_ADVICE) expect(text).not.toMatch(advice);
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    // The terminal prints the same lines.
    for (const line of expected) expect(output).toContain(line);
    await saveScreenshot(page, 'dev-merchandiser-overlay');

    save('fullname: [Silk, Touch]\n', GOOD);
    await expect.poll(overlayText, { timeout: SAVE_SHOWN_MS }).toBe('');
  }, 120_000);

  it('wraps a long line at 1280 px, so what to do at its end is on screen', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    save('    default_color: Navy\n', '    default_color: Forrest Green\n');
    const expected = await validatorErrors();
    expect(expected.some((line) => line.length > 110)).toBe(true);
    await expect.poll(problemLines, { timeout: SAVE_SHOWN_MS }).toEqual(expected);
    const box = await page.evaluate((tag) => {
      const pre = document.querySelector(tag)!.shadowRoot!.querySelector('pre')!;
      return { scrollWidth: pre.scrollWidth, clientWidth: pre.clientWidth, right: pre.getBoundingClientRect().right };
    }, DATA_ERRORS_TAG);
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(box.right).toBeLessThanOrEqual(1280);

    save('    default_color: Forrest Green\n', '    default_color: Navy\n');
    await expect.poll(overlayText, { timeout: SAVE_SHOWN_MS }).toBe('');
  }, 120_000);

  it('shows a YAML syntax mistake the same way, at its file and line', async () => {
    save(GOOD, 'fullname: "Silk Touch Sport Polo\n');
    const expected = await validatorErrors();
    expect(expected.some((line) => line.startsWith(`${CATALOG}:`))).toBe(true);
    await expect.poll(problemLines, { timeout: SAVE_SHOWN_MS }).toEqual(expected);
    const text = await overlayText();
    expect(text).toContain(DATA_ERRORS_ADVICE);
    for (const advice of DEVELOPER_ADVICE) expect(text).not.toMatch(advice);
    expect(await page.locator('vite-error-overlay').count()).toBe(0);

    // Hidden, it lets the last good page be read; the next broken save shows it again.
    await page.getByRole('button', { name: 'Hide' }).click();
    expect(await overlayText()).toBe('');
    save('fullname: "Silk Touch Sport Polo\n', 'fullname: [Silk]\n');
    await expect.poll(problemLines, { timeout: SAVE_SHOWN_MS }).toEqual(await validatorErrors());

    save('fullname: [Silk]\n', GOOD);
    await expect.poll(overlayText, { timeout: SAVE_SHOWN_MS }).toBe('');
  }, 120_000);
});
