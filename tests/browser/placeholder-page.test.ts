import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject } from '../helpers/fixture-project.ts';
import { runScript } from '../helpers/run-cli.ts';
import { serveStatic, type StaticServer } from '../helpers/static-server.ts';
import { launchChromium, saveScreenshot } from './chromium.ts';

describe('a built tenant page in Chromium', () => {
  let browser: Browser;
  let server: StaticServer;

  beforeAll(async () => {
    const root = fixtureProject();
    const build = runScript('build', ['--root', root]);
    expect(build.status, build.stderr).toBe(0);
    server = await serveStatic(path.join(root, 'dist'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the tenant\'s title, its account rep and the supplier\'s phone', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/guardian/`);
    await expect(page.title()).resolves.toBe('Guardian Automotive Store');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Guardian Automotive Store');
    await expect(page.getByRole('list', { name: 'Account representatives' }).textContent()).resolves.toBe('Dana Reyes: 555-0142');
    await expect(page.getByRole('banner').textContent()).resolves.toContain('800-555-0100');
    await saveScreenshot(page, 'placeholder-guardian');
    await page.close();
  });

  it('gives each tenant its own page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/solo/`);
    await expect(page.title()).resolves.toBe('Solo Motors Store');
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem').allTextContents()).resolves.toEqual(['mens', 'customs', 'service']);
    await page.close();
  });
});
