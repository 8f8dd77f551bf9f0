import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileLinker } from './file-linker.ts';

describe('FileLinker', () => {
  const dirs: string[] = [];
  const linkers: FileLinker[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'file-linker-'));
    dirs.push(dir);
    return dir;
  };
  const linker = () => {
    const made = new FileLinker();
    linkers.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(linkers.splice(0).map((made) => made.close()));
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('links every object into a folder it makes, each name the object itself', async () => {
    const dir = folder();
    const objects = ['a.avif', 'b.webp', 'c.jpg'].map((name) => {
      const object = path.join(dir, `object-${name}`);
      writeFileSync(object, `bytes of ${name}`);
      return [object, name] as const;
    });
    const out = path.join(dir, 'site', 'assets', 'img');
    await linker().link(out, objects);
    for (const [object, name] of objects) expect(statSync(path.join(out, name)).ino, name).toBe(statSync(object).ino);
  });

  it('replaces a name already there through the careful path, leaving the file it was linked to as it was', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'old.avif'), 'old bytes');
    writeFileSync(path.join(dir, 'new.avif'), 'new bytes');
    const out = path.join(dir, 'img');
    mkdirSync(out);
    linkSync(path.join(dir, 'old.avif'), path.join(out, 'photo.avif'));
    await linker().link(out, [[path.join(dir, 'new.avif'), 'photo.avif']]);
    expect(readFileSync(path.join(out, 'photo.avif'), 'utf8')).toBe('new bytes');
    expect(readFileSync(path.join(dir, 'old.avif'), 'utf8')).toBe('old bytes');
  });

  it('fails naming the object that is missing, and links the next folder all the same', async () => {
    const dir = folder();
    const links = linker();
    await expect(links.link(path.join(dir, 'first'), [[path.join(dir, 'gone.avif'), 'gone.avif']])).rejects.toThrow(/ENOENT.*gone\.avif/);
    writeFileSync(path.join(dir, 'here.avif'), 'bytes');
    await links.link(path.join(dir, 'second'), [[path.join(dir, 'here.avif'), 'here.avif']]);
    expect(existsSync(path.join(dir, 'second', 'here.avif'))).toBe(true);
  });
});
