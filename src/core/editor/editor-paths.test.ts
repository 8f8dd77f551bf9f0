import { describe, expect, it } from 'vitest';
import { editablePath, listableFolder, picturePathFitsBytes } from './editor-paths.ts';

describe('editablePath', () => {
  it('lets the editor touch the data files and their pictures', () => {
    for (const file of ['catalogs/default.yaml', 'tenants/kidz.yaml', 'tenants/_site.yaml', 'catalogs/images/K500_navy.jpg', 'tenants/logos/acme.png']) {
      expect(editablePath(file)).toEqual({ path: file });
    }
  });
  it('refuses everything else, saying why', () => {
    for (const file of [
      'package.json',
      '.git/config',
      'src/editor/main.tsx',
      '/etc/passwd',
      'catalogs/../package.json',
      'catalogs/images/../../x.yaml',
      'catalogs/sub/x.yaml',
      'tenants/logos/x.exe',
      'catalogs\\x.yaml',
      '',
    ]) {
      expect(editablePath(file)).toHaveProperty('refused');
    }
  });
});

describe('listableFolder', () => {
  it('lists only the data folders', () => {
    expect(listableFolder('catalogs/images/')).toBe('catalogs/images');
    expect(listableFolder('src')).toBeUndefined();
    expect(listableFolder('.git')).toBeUndefined();
  });
});

describe('picturePathFitsBytes', () => {
  it('takes a JPEG named .jpg and refuses a text named .jpg', () => {
    expect(picturePathFitsBytes('a.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(picturePathFitsBytes('a.jpg', new TextEncoder().encode('<script>'))).toBe(false);
    expect(picturePathFitsBytes('a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(true);
  });
});
