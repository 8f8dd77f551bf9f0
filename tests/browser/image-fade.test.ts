// The fade-in is CSS plus a script reacting to real image loads, so it is tested in Chromium:
// the component's markup, src/styles/picture.css and this script, on a page whose images
// arrive when the test says so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { minify, transformWithOxc } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness.ts';
import { ResponsivePicture } from '../../src/components/responsive-picture.tsx';
import type { PictureData } from '../../src/site/picture-data.ts';

const CLIENT = fileURLToPath(new URL('../../src/runtime/client/', import.meta.url));
const ORIGIN = 'http://fade.test';
const SCRIPT_SOURCE = readFileSync(path.join(CLIENT, 'image-fade.ts'), 'utf8');
const STYLESHEET = readFileSync(path.join(CLIENT, '../../styles/picture.css'), 'utf8');

const picture = (name: string): PictureData => ({
  width: 400,
  height: 200,
  placeholderColor: '#336699',
  sources: [],
  fallback: { src: `/img/${name}.png`, srcset: `/img/${name}.png 400w` },
});

/** A picture as pages render them: lazy, except those named 'eager-…' (a page's first and largest paint). */
const markup = (name: string) =>
  renderToStaticMarkup(
    createElement(ResponsivePicture, { image: picture(name), alt: `${name} image`, sizes: '300px', loading: name.startsWith('eager-') ? 'eager' : 'lazy' }),
  );

let browser: Browser;
let script: string;
let png: Buffer;

beforeAll(async () => {
  browser = await launchChromium();
  script = (await transformWithOxc(SCRIPT_SOURCE, 'image-fade.ts', { lang: 'ts' })).code;
  png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#cc3300' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens a page holding the named pictures, 300 px wide. 'slow' and 'eager-slow' arrive only when the returned
 * release() is called, 'missing' is a 404, anything else at once. The script installs itself
 * unless `manual`, in which case window.installFade() does it.
 */
async function open(names: string[], { manual = false, context = {} as BrowserContextOptions } = {}) {
  const page = await (await browser.newContext(context)).newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/') {
      const body = `<!doctype html><html><head><style>${STYLESHEET}</style>
        <script type="module">${script}
          window.installFade = () => installImageFade();
          ${manual ? '' : 'installImageFade();'}
        </script></head>
        <body style="margin:0"><div id="pictures" style="width:300px">${names.map(markup).join('')}</div></body></html>`;
      return route.fulfill({ contentType: 'text/html', body });
    }
    if (url.pathname === '/img/missing.png') return route.fulfill({ status: 404, body: '' });
    if (url.pathname.endsWith('slow.png')) await released;
    return route.fulfill({ contentType: 'image/png', body: png });
  });
  // Layout shifts are recorded from the start, so any jump of the page shows up.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${ORIGIN}/`, { waitUntil: 'domcontentloaded' });
  return { page, release };
}

/** What the visitor sees of the picture `name`. */
function look(page: Page, name: string) {
  return page.locator(`img[alt="${name} image"]`).evaluate((img: HTMLImageElement) => {
    const wrapper = img.closest('.responsive-picture')!;
    const placeholder = getComputedStyle(wrapper, '::before');
    const box = wrapper.getBoundingClientRect();
    return {
      loaded: wrapper.hasAttribute('data-loaded'),
      imageOpacity: getComputedStyle(img).opacity,
      imageTransition: getComputedStyle(img).transitionDuration,
      placeholderColor: placeholder.backgroundColor,
      placeholderAnimation: placeholder.animationName,
      placeholderOpacity: placeholder.opacity,
      box: { width: box.width, height: box.height },
      naturalWidth: img.naturalWidth,
    };
  });
}

const waitLoaded = (page: Page, name: string) => page.waitForSelector(`.responsive-picture[data-loaded] img[alt="${name} image"]`, { state: 'attached' });

describe('image fade-in in Chromium', () => {
  it('with JavaScript off, shows images at once in their reserved box', async () => {
    const { page } = await open(['first', 'second'], { context: { javaScriptEnabled: false } });
    await page.waitForLoadState('load');
    for (const name of ['first', 'second']) {
      const seen = await look(page, name);
      expect(seen.imageOpacity).toBe('1');
      expect(seen.naturalWidth).toBeGreaterThan(0); // decoded (in CSS px: 400w shown at 300px)
      expect(seen.box).toEqual({ width: 300, height: 150 });
    }
    await page.context().close();
  });

  it('pulses the placeholder while an image loads, then fades the image in without moving anything', async () => {
    const { page, release } = await open(['slow', 'below']);
    await page.waitForFunction(() => document.documentElement.classList.contains('js-image-fade'));
    const loading = await look(page, 'slow');
    expect(loading).toMatchObject({
      loaded: false,
      imageOpacity: '0',
      placeholderColor: 'rgb(51, 102, 153)',
      placeholderAnimation: 'responsive-picture-pulse',
    });
    expect(loading.box).toEqual({ width: 300, height: 150 });
    const belowBefore = await page.locator('img[alt="below image"]').boundingBox();

    release();
    await waitLoaded(page, 'slow');
    await page.waitForTimeout(800); // the fade and the placeholder's delayed fade-out
    const loaded = await look(page, 'slow');
    expect(loaded).toMatchObject({ loaded: true, imageOpacity: '1', placeholderOpacity: '0', placeholderAnimation: 'none' });
    expect(loaded.box).toEqual(loading.box);
    expect(await page.locator('img[alt="below image"]').boundingBox()).toEqual(belowBefore);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    await page.context().close();
  });

  it("never hides an eager picture (a page's largest paint): it shows over its placeholder when it arrives, not when the script sees it", async () => {
    const { page, release } = await open(['eager-slow', 'slow']);
    await page.waitForFunction(() => document.documentElement.classList.contains('js-image-fade'));
    // Both still loading, both pulsing; only the lazy one is hidden until the script marks it loaded.
    expect(await look(page, 'eager-slow')).toMatchObject({ loaded: false, imageOpacity: '1', placeholderAnimation: 'responsive-picture-pulse' });
    expect(await look(page, 'slow')).toMatchObject({ loaded: false, imageOpacity: '0' });
    release();
    await waitLoaded(page, 'eager-slow');
    await page.waitForTimeout(800);
    expect(await look(page, 'eager-slow')).toMatchObject({ loaded: true, imageOpacity: '1', placeholderOpacity: '0' });
    await page.context().close();
  });

  it('shows at once the images that had loaded before the script ran', async () => {
    const { page } = await open(['early'], { manual: true });
    // A lazy image may still be loading at the window's load event: wait for this one itself.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="early image"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    // Installing and looking in one task: no frame could have shown the image hidden.
    const seen = await page.evaluate(() => {
      (window as unknown as { installFade: () => void }).installFade();
      const wrapper = document.querySelector('.responsive-picture')!;
      return { hiding: document.documentElement.classList.contains('js-image-fade'), loaded: wrapper.hasAttribute('data-loaded') };
    });
    expect(seen).toEqual({ hiding: true, loaded: true });
    await page.context().close();
  });

  it('fades in images an island adds later, and reveals a broken image so its alt text shows', async () => {
    const { page } = await open(['missing']);
    await waitLoaded(page, 'missing');
    await page.evaluate((html) => document.getElementById('pictures')!.insertAdjacentHTML('beforeend', html), markup('late'));
    await waitLoaded(page, 'late');
    await page.waitForTimeout(500);
    expect((await look(page, 'late')).imageOpacity).toBe('1');
    expect((await look(page, 'missing')).imageOpacity).toBe('1');
    await page.context().close();
  });

  it('does not pulse or fade for visitors who prefer reduced motion', async () => {
    const { page, release } = await open(['slow'], { context: { reducedMotion: 'reduce' } });
    await page.waitForFunction(() => document.documentElement.classList.contains('js-image-fade'));
    expect((await look(page, 'slow')).placeholderAnimation).toBe('none');
    release();
    await waitLoaded(page, 'slow');
    // Shown outright: fully opaque at once, no transition running.
    expect(await look(page, 'slow')).toMatchObject({ imageOpacity: '1', imageTransition: '0s', placeholderOpacity: '0' });
    await page.context().close();
  });
});

describe('image-fade.ts', () => {
  it('stays a few hundred bytes once minified', async () => {
    const { code } = await minify('image-fade.js', script, { compress: true, mangle: true, module: true });
    expect(code.length).toBeLessThan(700);
    expect(brotliCompressSync(code).length).toBeLessThan(350);
  });

  it('does nothing on import', async () => {
    // No document here: importing must not touch one.
    await expect(import('../../src/runtime/client/image-fade.ts')).resolves.toHaveProperty('installImageFade');
  });
});
