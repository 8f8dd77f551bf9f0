import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishFile } from './publish-file.ts';

describe('publishFile', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'publish-file-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('links a cached file into a fresh folder, and says it is present the second time', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'cached.avif'), 'bytes');
    expect(await publishFile(path.join(dir, 'cached.avif'), path.join(dir, 'out.avif'))).toBe('linked');
    expect(statSync(path.join(dir, 'out.avif')).ino).toBe(statSync(path.join(dir, 'cached.avif')).ino);
    expect(await publishFile(path.join(dir, 'cached.avif'), path.join(dir, 'out.avif'))).toBe('present');
  });

  it('replaces a name linked to another cached file without changing that file', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'old.avif'), 'old bytes');
    writeFileSync(path.join(dir, 'new.avif'), 'new bytes');
    await publishFile(path.join(dir, 'old.avif'), path.join(dir, 'out.avif'));
    expect(await publishFile(path.join(dir, 'new.avif'), path.join(dir, 'out.avif'))).toBe('linked');
    expect(readFileSync(path.join(dir, 'out.avif'), 'utf8')).toBe('new bytes');
    expect(readFileSync(path.join(dir, 'old.avif'), 'utf8')).toBe('old bytes');
  });
});
