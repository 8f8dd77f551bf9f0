// The catalog-scale data set the benchmarks run on: a copy of the sample data whose catalogs are
// grown to a real catalog's size by repeating products under new codes. The copies' photos are
// hard links to the originals', so no image is new and the image cache serves them all.
import { cpSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';

/** Copies tenants/ and catalogs/ of `repo` into `dir`. */
export function copySampleData(repo: string, dir: string): void {
  for (const folder of ['tenants', 'catalogs']) cpSync(path.join(repo, folder), path.join(dir, folder), { recursive: true });
}

/** Grows every catalog of `dir` to `count` products by cloning its products under new codes (`K500-G1`, …). */
export function growCatalogs(dir: string, count: number): void {
  const catalogs = path.join(dir, 'catalogs');
  const imageNames = readdirSync(path.join(catalogs, 'images'));
  for (const name of readdirSync(catalogs).filter((file) => file.endsWith('.yaml'))) {
    const file = path.join(catalogs, name);
    const document = parseDocument(readFileSync(file, 'utf8'));
    const products = document.get('products') as YAMLSeq<YAMLMap>;
    const originals = [...products.items];
    for (let index = 0; products.items.length < count; index += 1) {
      const original = originals[index % originals.length]!;
      const clone = original.clone() as YAMLMap;
      const originalCode = String(original.get('code'));
      const code = `${originalCode}-G${Math.floor(index / originals.length) + 1}`;
      clone.set('code', code);
      for (const image of imageNames.filter((file) => file.startsWith(`${originalCode}_`))) {
        try {
          linkSync(path.join(catalogs, 'images', image), path.join(catalogs, 'images', `${code}${image.slice(originalCode.length)}`));
        } catch {
          // already there (the same code in another catalog)
        }
      }
      products.items.push(clone);
    }
    writeFileSync(file, document.toString({ lineWidth: 0 }));
  }
}

/**
 * A catalog-scale copy of the data in `source` made in `dir`: catalogs grown to `count` products.
 * Encoded images are the repository's, shared by every data folder (`.cache/images/`): "cold"
 * means no dist/ and no page of this data set built before, not re-encoding photos every run.
 */
export function catalogScaleData(source: string, dir: string, count: number): void {
  mkdirSync(dir, { recursive: true });
  copySampleData(source, dir);
  growCatalogs(dir, count);
}
