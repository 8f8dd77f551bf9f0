import type { ErrorObject } from 'ajv';

/**
 * How an ajv error reads in English, for both places that check JSON Schemas: the data
 * validator (a merchandiser's YAML, schemas/*.json) and the order API (request bodies,
 * src/contracts/order-api-requests.ts). Each caller says *where* its own way (file:line:col and
 * a data path, or `cart[0].quantity`); what is wrong is worded here, once.
 */
export interface SchemaProblem {
  /** The JSON pointer's segments of what the problem is about (a missing or unknown field included). */
  at: string[];
  /** The problem is the key itself (an unknown field), not its value. */
  onKey: boolean;
  message: string;
}

export interface WordingHints {
  /** What an unknown key is called where `known` are the allowed ones ('field' unless told). */
  keyNoun?(known: readonly string[]): string;
  /** Text after an enum's list of allowed values: a suggestion, or '' for none. */
  suggestValue?(typed: string, allowed: readonly string[]): string;
  /** Text after "unknown field "x"": a suggestion, or '' for none. */
  suggestKey?(typed: string, known: readonly string[]): string;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of fields',
  null: 'nothing',
};

/** A value as an error message quotes it: short, and never the whole of a long text. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map of fields';
  return String(value);
}

/**
 * A number typed the way a spreadsheet or another locale writes it: "12,99" is 12.99 in most of
 * Europe, but "1,299" may be a thousand; either way the fix is the writer's, never a guess here.
 */
function numberHint(type: unknown, data: unknown): string {
  if (
    typeof data !== 'string' ||
    !String(type)
      .split(',')
      .some((t) => t === 'number' || t === 'integer')
  )
    return '';
  const comma = /^\s*\$?\s*(\d+),(\d+)\s*$/.exec(data);
  if (!comma) return '';
  const [, whole, fraction = ''] = comma;
  if (fraction.length === 3) return ` (write ${whole}${fraction} for a thousands figure or ${whole}.${fraction}: no thousands separators, a decimal point)`;
  return ` (use a decimal point: ${whole}.${fraction})`;
}

function typeWords(type: unknown): string {
  return String(type)
    .split(',')
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(' or ');
}

/** The instance path's segments, unescaped: '/stores/1/code' → ['stores', '1', 'code']. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One ajv error in words (with `verbose: true`, so the value and the schema are at hand). */
export function wordSchemaError(error: ErrorObject, hints: WordingHints = {}): SchemaProblem {
  const at = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const got = `got ${describeValue(error.data)}`;
  const problem = (message: string, where = at, onKey = false): SchemaProblem => ({ at: where, onKey, message });

  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      return problem(`missing required field "${field}"`, [...at, field]);
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      const known = Object.keys((schema.properties as object | undefined) ?? {});
      const noun = hints.keyNoun?.(known) ?? 'field';
      return problem(`unknown ${noun} "${field}"${hints.suggestKey?.(field, known) ?? ''}`, [...at, field], true);
    }
    case 'type':
      return problem(`must be ${typeWords(params.type)}, ${got}${numberHint(params.type, error.data)}`);
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const hint = typeof error.data === 'string' ? (hints.suggestValue?.(error.data, allowed) ?? '') : '';
      return problem(`must be one of ${allowed.join(', ')}; ${got}${hint}`);
    }
    case 'minLength':
    case 'maxLength': {
      if (schema.minLength !== undefined && schema.minLength === schema.maxLength)
        return problem(`must be exactly ${String(schema.minLength)} characters, ${got}`);
      if (error.keyword === 'minLength' && params.limit === 1) return problem('must not be empty');
      const bound = error.keyword === 'minLength' ? 'at least' : 'at most';
      return problem(`must be ${bound} ${String(params.limit)} characters, ${got}`);
    }
    case 'pattern': {
      // The phrase a person reads when a pattern does not match: `patternErrorMessage` in the
      // data schemas (the keyword VS Code's YAML extension shows too), `x-error` in the order API's.
      const phrase = [schema.patternErrorMessage, schema['x-error']].find((text) => typeof text === 'string');
      return problem(`${typeof phrase === 'string' ? phrase : 'has the wrong form'}, ${got}`);
    }
    case 'minimum':
      return problem(`must be ${String(params.limit)} or more, ${got}`);
    case 'maximum':
      return problem(`must be ${String(params.limit)} or less, ${got}`);
    case 'minItems':
    case 'minProperties':
      return problem(params.limit === 1 ? 'must not be empty' : `must have at least ${String(params.limit)} entries`);
    case 'maxItems':
    case 'maxProperties':
      return problem(`must have at most ${String(params.limit)} entries`);
    case 'uniqueItems': {
      const later = Math.max(Number(params.i), Number(params.j));
      const earlier = Math.min(Number(params.i), Number(params.j));
      const value = Array.isArray(error.data) ? (error.data as unknown[])[later] : undefined;
      return problem(`repeats ${describeValue(value)}, already listed as entry ${earlier + 1}`, [...at, String(later)]);
    }
    default:
      return problem(error.message ?? `fails the ${error.keyword} rule`);
  }
}
