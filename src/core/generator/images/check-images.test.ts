import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureProject } from '../../../../tests/helpers/fixture-project.ts';
import { formatDiagnostic } from '../../data/diagnostic.ts';
import { loadProject } from '../../data/load-project.ts';
import { checkImages } from './check-images.ts';
import { flatLogoPng, photoJpeg, removeTempDirs } from './test-images.ts';

afterAll(removeTempDirs);

/** What `npm run validate` prints about the images in catalogs/images/, stand-in sizes included. */
const imageLines = (diagnostics: Parameters<typeof formatDiagnostic>[0][]) =>
  diagnostics.map(formatDiagnostic).filter((line) => line.includes('catalogs/images/K500_'));

describe('checkImages', () => {
  it('accepts a CMYK JPEG, a PNG named .jpg and a very large photo, which the build encodes correctly', async () => {
    const root = fixtureProject();
    const images = path.join(root, 'catalogs', 'images');
    writeFileSync(
      path.join(images, 'K500_navy.jpg'),
      await sharp(await photoJpeg(1200, 1200))
        .toColourspace('cmyk')
        .jpeg()
        .toBuffer(),
    );
    writeFileSync(path.join(images, 'K500_black.jpg'), await flatLogoPng(1000, 1000));
    writeFileSync(
      path.join(images, 'K500_royal_blue.jpg'),
      await sharp({ create: { width: 6000, height: 4500, channels: 3, background: '#335577' } })
        .jpeg()
        .toBuffer(),
    );

    const result = await checkImages(root, loadProject(root));

    expect(imageLines(result.diagnostics)).toEqual([]);
    expect(result.project).toBeDefined();
  }, 60_000);

  it('reads no image again on a second run over unchanged files, and only the changed one after an edit', async () => {
    const root = fixtureProject('unusable-images');
    const first = await checkImages(root, loadProject(root));
    // The 11 distinct images the data uses: 6 product photos and 5 logos (the unused photo is never read).
    expect(first.imagesRead).toBe(11);

    const second = await checkImages(root, loadProject(root));
    expect(second.imagesRead).toBe(0);
    expect(second.diagnostics).toEqual(first.diagnostics);

    // Fixed: a whole photo replaces the truncated one.
    const navy = path.join(root, 'catalogs', 'images', 'K500_navy.jpg');
    writeFileSync(navy, await photoJpeg(1000, 1000));
    utimesSync(navy, new Date(), new Date(Date.now() + 5_000));
    const third = await checkImages(root, loadProject(root));
    expect(third.imagesRead).toBe(1);
    expect(imageLines(third.diagnostics)).toEqual([
      'catalogs/default.yaml:9:20  products[0].colors[1]  catalogs/images/K500_black.jpg: not a readable image (Input buffer contains unsupported image format)',
      'catalogs/default.yaml:9:27  products[0].colors[2]  warning: catalogs/images/K500_royal_blue.jpg is 8×8, the item page shows it at 960 px wide, so it will look blurry; use one at least 960 px wide',
    ]);
  }, 60_000);
});
