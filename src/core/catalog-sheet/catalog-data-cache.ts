import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { REPO_ROOT } from '../project-root.ts';

/**
 * A catalog's products as its YAML text last parsed, one file per catalog name in
 * .cache/catalog-data/, found only by the digest of that exact text (and the YAML parser's
 * version): parsing 600 products is most of an export, and an import of an unchanged sheet then
 * needs no parse at all. Kept only when JSON holds the data exactly (no -0, NaN or infinity);
 * anything unreadable is a miss, never an error.
 */
const FOLDER = path.join(REPO_ROOT, '.cache', 'catalog-data');
const YAML_VERSION = (createRequire(import.meta.url)('yaml/package.json') as { version: string }).version;

interface Entry {
  digest: string;
  products: Record<string, unknown>[];
}

/** By the catalog's name, so the folder holds one entry per name whatever the project folder (the digest tells entries apart). */
function entryFile(file: string): string {
  return path.join(FOLDER, `${path.basename(file, '.yaml')}.json`);
}

function textDigest(text: string): string {
  return createHash('sha256').update(`yaml ${YAML_VERSION}\n`).update(text).digest('hex');
}

/** The products of `file` if they were stored for exactly this text. */
export function cachedProducts(file: string, text: string): Record<string, unknown>[] | undefined {
  try {
    const entry = JSON.parse(readFileSync(entryFile(file), 'utf8')) as Entry;
    return entry.digest === textDigest(text) && Array.isArray(entry.products) ? entry.products : undefined;
  } catch {
    return undefined;
  }
}

export function storeProducts(file: string, text: string, products: Record<string, unknown>[]): void {
  const json = JSON.stringify({ digest: textDigest(text), products } satisfies Entry);
  if (!isDeepStrictEqual((JSON.parse(json) as Entry).products, products)) return;
  const target = entryFile(file);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(FOLDER, { recursive: true });
    // Renamed into place, so a reader sees a whole entry or none.
    writeFileSync(temporary, json);
    renameSync(temporary, target);
  } catch {
    // A cache that cannot be written only costs the next run a parse.
  }
}
