import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { isCategory, normalizeCategoryKey } from '../../domain/categories.ts';
import { REPO_ROOT } from '../project-root.ts';
import { formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import { withoutEditorValues } from './editor-values-ref.ts';
import { wordSchemaError } from './schema-error-words.ts';
import { didYouMean } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

export type SchemaName = 'tenant' | 'catalog' | 'site';

const SCHEMA_DIR = path.join(REPO_ROOT, 'schemas');

function readSchema(file: string): Record<string, unknown> {
  return withoutEditorValues(JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as Record<string, unknown>);
}

let validators: Record<SchemaName, ValidateFunction> | undefined;

function getValidators(): Record<SchemaName, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
    // Texts for editors, which the YAML extension shows: hover (markdownDescription), and a
    // failing value's message (errorMessage, patternErrorMessage, which our wording reads too).
    for (const keyword of ['markdownDescription', 'errorMessage', 'patternErrorMessage']) ajv.addKeyword({ keyword, schemaType: 'string' });
    ajv.addSchema(readSchema('definitions.schema.json'), 'definitions.schema.json');
    validators = {
      tenant: ajv.compile(readSchema('tenant.schema.json')),
      catalog: ajv.compile(readSchema('catalog.schema.json')),
      site: ajv.compile(readSchema('site.schema.json')),
    };
  }
  return validators;
}

/** Validates a parsed file against its JSON Schema; every error becomes a positioned diagnostic. */
export function validateAgainstSchema(source: YamlSource, schema: SchemaName): Diagnostic[] {
  const validate = getValidators()[schema];
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
