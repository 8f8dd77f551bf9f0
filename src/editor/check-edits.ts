import { dump } from 'js-yaml';
import * as validators from 'editor:schema-validators';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import { schemaDiagnostics } from '../core/data/schema-diagnostics.ts';
import { checkSources, SourceCache, type SourceFiles } from '../core/data/validate-sources.ts';
import type { ProjectFiles } from './project-files.ts';

/** Unchanged files are parsed once: after a keystroke only the edited file costs anything. */
const cache = new SourceCache();
/** The one-product checks' own cache, so they never push the whole catalog out of the other. */
const productCache = new SourceCache();

const checkSchema: Parameters<typeof checkSources>[1]['checkSchema'] = (source, schema) => schemaDiagnostics(source, validators[schema]);

function sourceFiles(files: ProjectFiles, texts: ReadonlyMap<string, string>, newPictures: ReadonlySet<string>): SourceFiles {
  return {
    tenantNames: files.tenantNames,
    catalogNames: files.catalogNames,
    read: (relative) => texts.get(relative),
    logoFiles: files.logoFiles,
    productImageFiles: new Set([...files.productImageFiles, ...newPictures]),
  };
}

/**
 * Every rule of `npm run validate` that reads no picture's pixels, on the files as edited: the
 * same code and the same schema validators, so the same words at the same paths.
 */
export function checkEdits(files: ProjectFiles, texts: ReadonlyMap<string, string>, newPictures: ReadonlySet<string>): Diagnostic[] {
  return checkSources(sourceFiles(files, texts, newPictures), { checkSchema, cache }).diagnostics;
}

/** The product being typed in, with what of its catalog file applies to each product. */
export interface ProductFocus {
  file: string;
  index: number;
  product: Record<string, unknown>;
  /** The catalog's other top-level fields (priced, placement_areas). */
  top: Record<string, unknown>;
}

/**
 * The same rules on the one product being typed in, as if its catalog held only it: what it
 * breaks on its own (schema, prices, tiers, colours, photos, stores) in a few milliseconds where
 * the whole 600-product catalog takes a second. Rules between products (a code used twice) come
 * with the whole check that follows.
 */
export function checkProduct(files: ProjectFiles, texts: ReadonlyMap<string, string>, newPictures: ReadonlySet<string>, focus: ProductFocus): Diagnostic[] {
  const id = focus.file.slice(focus.file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
  const alone = dump({ ...focus.top, products: [focus.product] }, { lineWidth: -1 });
  const withProduct = new Map(texts).set(focus.file, alone);
  const { diagnostics } = checkSources(sourceFiles(files, withProduct, newPictures), { checkSchema, cache: productCache, onlyCatalog: id });
  const at = `products[${focus.index}]`;
  return diagnostics
    .filter((d) => d.file === focus.file && /^products\[0\]/.test(d.path))
    .map((d) => ({ ...d, path: d.path.replace(/^products\[0\]/, at), message: d.message.replaceAll('products[0]', at) }));
}
