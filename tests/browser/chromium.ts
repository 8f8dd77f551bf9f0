import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/fixture-project.ts';
import { CHROMIUM_PATH } from './ensure-chromium.ts';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network refuses.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
// Every other host fails at once, the same on every machine, instead of waiting on whatever
// this network does with an outside name (PayPal's script host, say); tests that want a
// foreign host answered route it themselves.
const OFFLINE = 'MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1';

export interface LaunchOptions {
  /** Host names (with port) the browser resolves to a loopback port: `order-api.test:8787` → 49152. */
  hostsToLoopback?: Record<string, number>;
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: \`npm test\` installs it first (as root), or run \`apt-get install -y chromium\`, or set CHROMIUM_PATH`);
  }
  // The first matching rule wins, so the loopback mappings go before the catch-all.
  const mapped = Object.entries(options.hostsToLoopback ?? {}).map(([host, port]) => `MAP ${host} 127.0.0.1:${port}`);
  const rules = [...mapped, OFFLINE].join(', ');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...FLAGS, `--host-resolver-rules=${rules}`], headless: true });
}

export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

/** Screenshots a page into test-artifacts/, where CI keeps them. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
