import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createImagePipeline, UnusableImagesError } from './index.ts';
import { photoJpeg, removeTempDirs, tempDir } from './test-images.ts';
import { PreparedImages } from './site-images.ts';

afterAll(removeTempDirs);

describe('PreparedImages.prepareAll', () => {
  it('tries every image and reports all that cannot be encoded, not only the first', async () => {
    const dir = tempDir('site-images');
    const good = path.join(dir, 'K500_white.jpg');
    const truncated = path.join(dir, 'K500_navy.jpg');
    const text = path.join(dir, 'K500_black.jpg');
    const photo = await photoJpeg(400, 400);
    writeFileSync(good, photo);
    writeFileSync(truncated, photo.subarray(0, 2048));
    writeFileSync(text, 'not a photo\n');
    const prepared = new PreparedImages(createImagePipeline({ cacheDir: path.join(dir, 'cache'), concurrency: 1 }));

    let done = 0;
    const error = await prepared
      .prepareAll(
        [truncated, good, text].map((source) => ({ source, preset: 'product' as const })),
        () => (done += 1),
      )
      .catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(UnusableImagesError);
    expect((error as UnusableImagesError).problems.map((problem) => [path.basename(problem.file), problem.reason])).toEqual([
      ['K500_navy.jpg', expect.stringMatching(/^not a readable image \(/)],
      ['K500_black.jpg', expect.stringMatching(/^not a readable image \(/)],
    ]);
    // The good one was prepared all the same.
    expect(done).toBe(1);
    expect(prepared.get(good, 'product').variants.length).toBeGreaterThan(0);
  }, 60_000);
});
