import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from '../data/diagnostic.ts';
import { loadProject, SourceCache } from '../data/load-project.ts';
import { validateAgainstSchema } from '../data/schema-validator.ts';
import { parseYamlSource } from '../data/yaml-source.ts';
import { writeFileAtomically } from './atomic-write.ts';
import type { CatalogTarget } from './catalog-target.ts';
import { editCatalogText, plannedCatalog, type ProductPlan } from './catalog-text-edit.ts';
import { FIELD_COLUMNS, fieldCell, priceText } from './sheet-columns.ts';

export interface CheckedUpdate {
  /** The catalog's new text. */
  text: string;
  /** What the project's validator says with the new text in place: errors anywhere, warnings in this catalog. */
  diagnostics: Diagnostic[];
  errors: number;
}

/**
 * The new text, checked by the very loader `npm run validate` and the build use (schema, cross-file
 * rules, images, store codes) as if it were already on disk. Errors in the tenant and site files
 * count too: with them some checks of this catalog are skipped, so nothing is written until they
 * are fixed. The other catalogs are not read: no rule compares two catalogs, so an edit of this
 * one can neither cause nor hide a problem in them (npm run validate reports theirs).
 */
export function checkCatalogUpdate(target: CatalogTarget, plans: readonly ProductPlan[]): CheckedUpdate {
  // Every product kept as it is: the text is the file's, without parsing it for an edit.
  const unchanged =
    plans.length === target.products.length && plans.every((plan, index) => plan.original === index && isDeepStrictEqual(plan.data, target.products[index]));
  const text = unchanged ? target.text : editCatalogText(target.text, target.document, plans);
  // Nothing to write: whatever the file's own state, this change adds no problem to it.
  if (text === target.text) return { text, diagnostics: [], errors: 0 };
  // Parsed once: to prove the rewrite holds exactly the plan, and as the loader's copy of the file.
  const source = parseYamlSource(target.relative, text);
  if (source.diagnostics.length > 0 || !isDeepStrictEqual(source.data, plannedCatalog(target.document, plans))) {
    throw new Error(`rewriting ${target.relative} did not give the planned products; nothing was written (this is a bug)`);
  }
  const cache = new SourceCache();
  cache.get(path.join(target.root, target.relative), text, () => ({ source, schemaErrors: validateAgainstSchema(source, 'catalog') }));
  const { diagnostics } = loadProject(target.root, cache, new Map([[target.relative, text]]), target.id);
  const relevant = diagnostics.filter((d) => d.severity === 'error' || d.file === target.relative);
  return { text, diagnostics: relevant, errors: relevant.filter((d) => d.severity === 'error').length };
}

/** Writes the checked text (unless it is what the file already holds); refuses if the file changed since it was read. */
export function writeCatalog(target: CatalogTarget, text: string, beforeRename?: () => void): boolean {
  if (text === target.text) return false;
  writeFileAtomically(path.join(target.root, target.relative), text, target.text, beforeRename);
  return true;
}

/** What the plans change, as lines a merchandiser reads: products added, changed field by field, removed. */
export function describeChanges(target: CatalogTarget, plans: readonly ProductPlan[]): { lines: string[]; added: number; changed: number; removed: number } {
  const lines: string[] = [];
  let added = 0;
  let changed = 0;
  const kept = new Set(plans.map((plan) => plan.original).filter((index) => index !== undefined));
  for (const plan of plans) {
    if (plan.original === undefined) {
      added += 1;
      lines.push(`+ added    ${productName(plan.data)}`);
      continue;
    }
    const old = target.products[plan.original]!;
    const fields = fieldChanges(old, plan.data);
    if (fields.length === 0) continue;
    changed += 1;
    lines.push(`~ changed  ${productName(plan.data)}`, ...fields.map((field) => `    ${field}`));
  }
  const removed = target.products.filter((_, index) => !kept.has(index));
  for (const product of removed) lines.push(`- removed  ${productName(product)}`);
  return { lines, added, changed, removed: removed.length };
}

export function productName(product: Record<string, unknown>): string {
  return `${String(product.code ?? '(no code)')} "${String(product.name ?? '')}"`;
}

function fieldChanges(old: Record<string, unknown>, next: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
    if (isDeepStrictEqual(old[key], next[key])) continue;
    if (key === 'sizes') {
      const before = (old.sizes ?? {}) as Record<string, unknown>;
      const after = (next.sizes ?? {}) as Record<string, unknown>;
      for (const label of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (!isDeepStrictEqual(before[label], after[label])) out.push(`sizes.${label}: ${shown(before[label], true)} → ${shown(after[label], true)}`);
      }
      continue;
    }
    const kind = FIELD_COLUMNS.find((column) => column.field === key)?.kind ?? 'text';
    out.push(`${key}: ${shown(fieldCell(kind, old[key]))} → ${shown(fieldCell(kind, next[key]))}`);
  }
  return out;
}

function shown(value: unknown, price = false): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'number') return price ? priceText(value) : String(value);
  return JSON.stringify(value);
}
