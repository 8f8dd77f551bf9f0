// Test support: small real images drawn in memory, so the tests run sharp on actual pixels.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const created: string[] = [];

/** A new empty folder under the system's temp folder, removed by removeTempDirs(). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  created.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A photo-like RGB picture: smooth gradients, a disc and some deterministic noise, so every
 * encoder has real work and AVIF beats WebP beats JPEG as on product photos. `seed` varies it.
 */
export function photoPixels(width: number, height: number, seed = 1): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let noise = seed * 2654435761;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const jitter = (noise >>> 24) % 24;
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) / 3) ** 2;
      const offset = (y * width + x) * 3;
      pixels[offset] = inDisc ? 30 + jitter : Math.round((255 * x) / width);
      pixels[offset + 1] = inDisc ? 60 + ((seed * 40) % 150) + jitter : Math.round((255 * y) / height);
      pixels[offset + 2] = inDisc ? 140 + jitter : 200 - jitter;
    }
  }
  return pixels;
}

export function photoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A flat two-colour emblem on a transparent background, like the sample logos. */
export function flatLogoPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4); // transparent
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = (x - width / 2) / (width / 2.4);
      const dy = (y - height / 2) / (height / 2.4);
      const r = dx * dx + dy * dy;
      if (r > 1) continue;
      const offset = (y * width + x) * 4;
      const ring = r > 0.6;
      pixels[offset] = ring ? 20 : 230;
      pixels[offset + 1] = ring ? 50 : 180;
      pixels[offset + 2] = ring ? 120 : 40;
      pixels[offset + 3] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A photographic disc on a transparent background: a logo where lossy AVIF does pay off. */
export function photoLogoPng(width: number, height: number): Promise<Buffer> {
  const rgb = photoPixels(width, height, 7);
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const x = i % width;
    const y = Math.floor(i / width);
    const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) * 0.45) ** 2;
    pixels[i * 4] = rgb[i * 3]!;
    pixels[i * 4 + 1] = rgb[i * 3 + 1]!;
    pixels[i * 4 + 2] = rgb[i * 3 + 2]!;
    pixels[i * 4 + 3] = inside ? 255 : 0;
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
