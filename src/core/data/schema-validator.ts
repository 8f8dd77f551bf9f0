import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { isCategory, normalizeCategoryKey } from '../../domain/categories.ts';
import { REPO_ROOT } from '../project-root.ts';
import { describeValue, formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import { didYouMean } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

export type SchemaName = 'tenant' | 'catalog' | 'site';

const SCHEMA_DIR = path.join(REPO_ROOT, 'schemas');

function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as Record<string, unknown>;
}

let validators: Record<SchemaName, ValidateFunction> | undefined;

function getValidators(): Record<SchemaName, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
    // Our own annotation: the phrase a merchandiser reads when a pattern does not match.
    ajv.addKeyword({ keyword: 'x-error', schemaType: 'string' });
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
  const path = instancePathToDataPath(source.data, error.instancePath);
  const at = (p: DataPath, key = false): Diagnostic => {
    const { line, col } = key ? source.locateKey(p) : source.locate(p);
    return { severity: 'error', file: source.file, line, col, path: formatDataPath(p), message: '' };
  };
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const got = `got ${describeValue(error.data)}`;
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      return [{ ...at(path), path: formatDataPath([...path, field]), message: `missing required field "${field}"` }];
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const known = Object.keys((schema.properties as object | undefined) ?? {});
      const isCategoryMap = known.length > 0 && known.every((k) => isCategory(normalizeCategoryKey(k)));
      const what = isCategoryMap ? 'unknown category' : 'unknown field';
      const hint = didYouMean(field, known) || (isCategoryMap ? `; categories are ${known.join(', ')}` : '');
      return [{ ...at([...path, field], true), message: `${what} "${field}"${hint}` }];
    }
    case 'type':
      return [{ ...at(path), message: `must be ${typeWords(String(params.type))}, ${got}` }];
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const hint = typeof error.data === 'string' ? didYouMean(error.data, allowed) : '';
      return [{ ...at(path), message: `must be one of ${allowed.join(', ')}; ${got}${hint}` }];
    }
    case 'minLength':
    case 'maxLength': {
      if (schema.minLength !== undefined && schema.minLength === schema.maxLength) {
        return [{ ...at(path), message: `must be exactly ${String(schema.minLength)} characters, ${got}` }];
      }
      if (error.keyword === 'minLength' && params.limit === 1) return [{ ...at(path), message: 'must not be empty' }];
      const bound = error.keyword === 'minLength' ? 'at least' : 'at most';
      return [{ ...at(path), message: `must be ${bound} ${String(params.limit)} characters, ${got}` }];
    }
    case 'pattern': {
      const phrase = typeof schema['x-error'] === 'string' ? schema['x-error'] : 'has the wrong form';
      return [{ ...at(path), message: `${phrase}, ${got}` }];
    }
    case 'minimum':
      return [{ ...at(path), message: `must be ${String(params.limit)} or more, ${got}` }];
    case 'minItems':
    case 'minProperties':
      return [{ ...at(path), message: params.limit === 1 ? 'must not be empty' : `must have at least ${String(params.limit)} entries` }];
    case 'uniqueItems': {
      const later = Math.max(Number(params.i), Number(params.j));
      const earlier = Math.min(Number(params.i), Number(params.j));
      const value = Array.isArray(error.data) ? error.data[later] : undefined;
      return [{ ...at([...path, later]), path: formatDataPath([...path, later]), message: `repeats ${describeValue(value)}, already listed as entry ${earlier + 1}` }];
    }
    default:
      return [{ ...at(path), message: error.message ?? `fails the ${error.keyword} rule` }];
  }
}

function typeWords(type: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a map of fields',
  };
  return type.split(',').map((t) => words[t] ?? t).join(' or ');
}

/** '/stores/1/code' → ['stores', 1, 'code'], numbers only where the data holds a list. */
function instancePathToDataPath(data: unknown, pointer: string): DataPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let current: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key = Array.isArray(current) ? Number(segment) : segment;
    path.push(key);
    current = current !== null && typeof current === 'object' ? (current as Record<string | number, unknown>)[key] : undefined;
  }
  return path;
}
