import type { ErrorObject, ValidateFunction } from 'ajv';
import { isCategory, normalizeCategoryKey } from '../../domain/categories.ts';
import { formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import { wordSchemaError } from './schema-error-words.ts';
import { didYouMean } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

/** The data files' three schemas (schemas/<name>.schema.json). */
export type SchemaName = 'tenant' | 'catalog' | 'site';

export const SCHEMA_NAMES: readonly SchemaName[] = ['tenant', 'catalog', 'site'];

/**
 * A parsed file's schema errors as positioned diagnostics, from a compiled validator: the same
 * words in `npm run validate` (validators compiled and cached on disk) and in the browser editor
 * (validators compiled into its bundle).
 */
export function schemaDiagnostics(source: YamlSource, validate: ValidateFunction): Diagnostic[] {
  if (validate(source.data)) return [];
  return (validate.errors ?? []).flatMap((error) => toDiagnostic(source, error));
}

function toDiagnostic(source: YamlSource, error: ErrorObject): Diagnostic[] {
  // Size labels get their own check, which can suggest the close known labels.
  if (error.keyword === 'propertyNames' || error.propertyName !== undefined) return [];
  const { at, onKey, message } = wordSchemaError(error, {
    keyNoun: (known) => (isCategoryMap(known) ? 'category' : 'field'),
    suggestKey,
    suggestValue: didYouMean,
  });
  const path = instancePathToDataPath(source.data, at);
  // A missing field has no position of its own: it is reported where it should be, in its parent.
  const located = error.keyword === 'required' ? path.slice(0, -1) : path;
  const { line, col } = onKey ? source.locateKey(located) : source.locate(located);
  return [{ severity: 'error', file: source.file, line, col, path: formatDataPath(path), message }];
}

function isCategoryMap(known: readonly string[]): boolean {
  return known.length > 0 && known.every((k) => isCategory(normalizeCategoryKey(k)));
}

function suggestKey(typed: string, allowed: readonly string[]): string {
  return didYouMean(typed, allowed) || (isCategoryMap(allowed) ? `; categories are ${allowed.join(', ')}` : '');
}

/** ['stores', '1', 'code'] → ['stores', 1, 'code'], numbers only where the data holds a list. */
function instancePathToDataPath(data: unknown, segments: readonly string[]): DataPath {
  const path: (string | number)[] = [];
  let current: unknown = data;
  for (const segment of segments) {
    const key = Array.isArray(current) ? Number(segment) : segment;
    path.push(key);
    current = current !== null && typeof current === 'object' ? (current as Record<string | number, unknown>)[key] : undefined;
  }
  return path;
}
