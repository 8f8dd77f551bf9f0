import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { REPO_ROOT } from '../project-root.ts';
import type { Diagnostic } from './diagnostic.ts';
import { withoutEditorValues } from './editor-values-ref.ts';
import { SCHEMA_NAMES, schemaDiagnostics, type SchemaName } from './schema-diagnostics.ts';
import type { YamlSource } from './yaml-source.ts';

export type { SchemaName };

const SCHEMA_DIR = path.join(REPO_ROOT, 'schemas');

let validators: Record<SchemaName, ValidateFunction> | undefined;

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
  const { definitions, schemas, cached } = compileInputs();
  if (existsSync(cached)) {
    try {
      return require(cached) as Record<SchemaName, ValidateFunction>;
    } catch {
      // Unreadable (cut short by a full disk, say): compiled again below and written over.
    }
  }
  const ajv = schemaCompiler(definitions, schemas);
  const code = standaloneCode(ajv, EXPORTS);
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

/** The schemas' texts, and where their compiled code is kept: by the digest of everything it is compiled from. */
function compileInputs(): { definitions: string; schemas: Record<SchemaName, string>; cached: string } {
  const read = (file: string) => readFileSync(path.join(SCHEMA_DIR, file), 'utf8');
  const definitions = read(DEFINITIONS_FILE);
  const schemas = Object.fromEntries(SCHEMA_NAMES.map((name) => [name, read(`${name}.schema.json`)])) as Record<SchemaName, string>;
  // Keyed by the very texts compiled: a schema saved while this runs cannot file one version's code under another's key.
  const digest = createHash('sha256')
    .update(JSON.stringify({ ajv: AJV_VERSION, options: COMPILE_OPTIONS, keywords: EDITOR_KEYWORDS, definitions, schemas }))
    .digest('hex')
    .slice(0, 16);
  return { definitions, schemas, cached: path.join(COMPILED_DIR, `${digest}.cjs`) };
}

/** The digest of what the validators are compiled from (the schemas, the options, ajv's version): equal keys, equal verdicts on equal data. */
export function validatorsKey(): string {
  return path.basename(compileInputs().cached, '.cjs');
}

/** Each schema's validator is exported under the schema's name. */
const EXPORTS = Object.fromEntries(SCHEMA_NAMES.map((name) => [name, name]));

/**
 * The validators' code (ajv standalone, CommonJS, exporting tenant, catalog and site) for the
 * browser editor's bundle: the same validators as `npm run validate`, compiled ahead, since
 * compiling in the browser would need eval, which the editor page's CSP does not allow.
 */
export function schemaValidatorsCode(): string {
  const { definitions, schemas, cached } = compileInputs();
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  return standaloneCode(schemaCompiler(definitions, schemas), EXPORTS);
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
  return schemaDiagnostics(source, getValidators()[schema]);
}
