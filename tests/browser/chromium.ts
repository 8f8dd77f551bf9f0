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
  // Every other host fails at once, the same on every machine, instead of waiting on whatever
  // this network does with an outside name (PayPal's script host, say); tests that want a
  // foreign host answered route it themselves.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: \`npm test\` installs it first (as root), or run \`apt-get install -y chromium\`, or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

/** Screenshots a page into test-artifacts/, where CI keeps them. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
