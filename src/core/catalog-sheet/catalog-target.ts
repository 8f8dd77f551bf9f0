import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Document } from 'yaml';
import { formatDiagnostic } from '../data/diagnostic.ts';
import { parseYamlSource } from '../data/yaml-source.ts';
import { UserError } from '../user-error.ts';
import { cachedProducts, storeProducts } from './catalog-data-cache.ts';
import { parseCatalogDocument } from './catalog-text-edit.ts';

/** A catalog file about to be changed by `npm run catalog:import` or `npm run prices`. */
export interface CatalogTarget {
  root: string;
  id: string;
  /** catalogs/<id>.yaml, as diagnostics name it. */
  relative: string;
  /** The file's text when it was read. */
  text: string;
  /** Its products as written (snake_case fields). */
  products: Record<string, unknown>[];
  /** The text parsed, for editing it in place (parsed when first read if the products came from the cache). */
  readonly document: Document;
}

export function readCatalogTarget(root: string, id: string): CatalogTarget {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new UserError(`catalog names are lowercase letters, digits and dashes, got "${id}"`);
  const relative = `catalogs/${id}.yaml`;
  const file = path.join(root, relative);
  if (!existsSync(file)) {
    const known = readdirYaml(path.join(root, 'catalogs'));
    throw new UserError(
      `no catalog "${id}": ${relative} does not exist (catalogs: ${known.join(', ') || 'none'}); name one with --catalog NAME, or start a new catalog as a file with "products: []" and import into it`,
    );
  }
  const text = readFileSync(file, 'utf8');
  const cached = cachedProducts(file, text);
  if (cached) {
    // The text parsed without errors when it was stored; its document is parsed only for an edit.
    let document: Document | undefined;
    return {
      root,
      id,
      relative,
      text,
      products: cached,
      get document() {
        document ??= parseCatalogDocument(text);
        return document;
      },
    };
  }
  const document = parseCatalogDocument(text);
  if (document.errors.length > 0) throw new UserError(`${parseYamlSource(relative, text).diagnostics.map(formatDiagnostic).join('\n')}\nFix the YAML first.`);
  const data = (document.toJS() as { products?: unknown } | null)?.products;
  const products = Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
  storeProducts(file, text, products);
  return { root, id, relative, text, products, document };
}

function readdirYaml(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => name.slice(0, -'.yaml'.length));
}
