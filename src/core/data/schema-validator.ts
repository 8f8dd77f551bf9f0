import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { isCategory, normalizeCategoryKey } from '../../domain/categories.ts';
import { REPO_ROOT } from '../project-root.ts';
import { formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import { withoutEditorValues } from './editor-values-ref.ts';
import { wordSchemaError } from './schema-error-words.ts';
import { didYouMean } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

export type SchemaName = 'tenant' | 'catalog' | 'site';

const SCHEMA_DIR = path.join(REPO_ROOT, 'schemas');

let validators: Record<SchemaName, ValidateFunction> | undefined;

const SCHEMA_NAMES: readonly SchemaName[] = ['tenant', 'catalog', 'site'];
const DEFINITIONS_FILE = 'definitions.schema.json';
const COMPILE_OPTIONS = { allErrors: true, verbose: true, strict: true } as const;
/**
 * Texts for editors, which the YAML extension shows: hover (markdownDescription), and a failing
 * value's message (errorMessage, patternErrorMessage, which our wording reads too).
 */
const EDITOR_KEYWORDS = ['markdownDescription', 'errorMessage', 'patternErrorMessage'];
/** Where the validators' code is kept, by the digest of what it is compiled from (schemas, options, ajv's version). */
const COMPILED_DIR = path.join(REPO_ROOT, '.cache', 'schema-validators');

function getValidators(): Record<SchemaName, ValidateFunction> {
  validators ??= compiledValidators();
  return validators;
}

/**
 * The validators as ajv compiles them, compiled once per change of the schemas or of ajv: ajv
 * writes them as code (its standalone mode, the same code it runs when it compiles), kept in
 * `.cache/schema-validators/` and loaded by later runs. Compiling the three schemas was a third
 * of a second of every build and every `npm run validate`, before the first file was checked.
 */
function compiledValidators(): Record<SchemaName, ValidateFunction> {
  const read = (file: string) => readFileSync(path.join(SCHEMA_DIR, file), 'utf8');
  const definitions = read(DEFINITIONS_FILE);
  const schemas = Object.fromEntries(SCHEMA_NAMES.map((name) => [name, read(`${name}.schema.json`)])) as Record<SchemaName, string>;
  // Keyed by everything the code is compiled from, and the very texts compiled below: a schema saved while this runs cannot file one version's code under another's key.
  const digest = createHash('sha256')
    .update(JSON.stringify({ ajv: AJV_VERSION, options: COMPILE_OPTIONS, keywords: EDITOR_KEYWORDS, definitions, schemas }))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(COMPILED_DIR, `${digest}.cjs`);
  if (existsSync(cached)) {
    try {
      return require(cached) as Record<SchemaName, ValidateFunction>;
    } catch {
      // Unreadable (cut short by a full disk, say): compiled again below and written over.
    }
  }
  const ajv = schemaCompiler(definitions, schemas);
  const code = standaloneCode(ajv, Object.fromEntries(SCHEMA_NAMES.map((name) => [name, name])));
  try {
    mkdirSync(COMPILED_DIR, { recursive: true });
    // Whole or not at all: two builds may compile at once.
    const temporary = `${cached}.${process.pid}-${threadId}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, cached);
    return require(cached) as Record<SchemaName, ValidateFunction>;
  } catch {
    // A read-only checkout still validates: with the validators compiled now.
    return Object.fromEntries(SCHEMA_NAMES.map((name) => [name, ajv.getSchema(name)!])) as Record<SchemaName, ValidateFunction>;
  }
}

function schemaCompiler(definitions: string, schemas: Record<SchemaName, string>): Ajv2020 {
  const parse = (text: string) => withoutEditorValues(JSON.parse(text) as Record<string, unknown>);
  const ajv = new Ajv2020({ ...COMPILE_OPTIONS, code: { source: true } });
  for (const keyword of EDITOR_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  ajv.addSchema(parse(definitions), DEFINITIONS_FILE);
  for (const name of SCHEMA_NAMES) ajv.addSchema(parse(schemas[name]), name);
  for (const name of SCHEMA_NAMES) ajv.getSchema(name);
  return ajv;
}

const require = createRequire(import.meta.url);
/** Another version could compile the same schemas to other code: part of the cache key. */
const AJV_VERSION = (JSON.parse(readFileSync(require.resolve('ajv/package.json'), 'utf8')) as { version: string }).version;

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
