import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import type { EnvValue, EnvVariable } from './env-variable.ts';
import { redact } from './redact-password.ts';

export type EnvValues<D extends Record<string, EnvVariable<unknown>>> = { [K in keyof D]: EnvValue<D[K]> };

/**
 * Reads the `declared` variables from `env` through one JSON Schema (ajv turns numbers' and
 * flags' text into values, checks ranges and patterns, and fills in defaults). Blank counts
 * as unset. Each wrong variable gives one problem naming it, what it must be and what it was
 * (a secret only by its length, a URL without its password); all of them are reported at once.
 */
export function readEnv<D extends Record<string, EnvVariable<unknown>>>(declared: D, env: NodeJS.ProcessEnv): { values: EnvValues<D>; problems: string[] } {
  const typed: Record<string, string> = {};
  const prepared: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(declared)) {
    const value = env[name]?.trim();
    if (!value) continue;
    typed[name] = value;
    prepared[name] = variable.prepare ? variable.prepare(value) : value;
  }
  const validate = compiled(declared);
  // ajv's errors stay on the compiled function until its next call: read them at once.
  const valid = validate(prepared);
  const errors = valid ? [] : [...(validate.errors ?? [])];
  const problems = [...new Set(errors.map((error) => problemOf(declared, typed, prepared, error)))];
  return { values: prepared as EnvValues<D>, problems };
}

const validators = new WeakMap<object, ReturnType<Ajv2020['compile']>>();

function compiled(declared: Record<string, EnvVariable<unknown>>) {
  let validate = validators.get(declared);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, coerceTypes: true, useDefaults: true, strict: true });
    ajv.addFormat('url', (value: string) => URL.canParse(value));
    ajv.addFormat('origin', isOrigin);
    const properties = Object.fromEntries(Object.entries(declared).map(([name, variable]) => [name, variable.schema]));
    validate = ajv.compile({ type: 'object', properties });
    validators.set(declared, validate);
  }
  return validate;
}

/** scheme://host[:port], exactly as a browser sends it in `Origin`. */
function isOrigin(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === value;
  } catch {
    return false;
  }
}

function problemOf(
  declared: Record<string, EnvVariable<unknown>>,
  typed: Record<string, string>,
  prepared: Record<string, unknown>,
  error: ErrorObject,
): string {
  const [name = '', item] = error.instancePath.split('/').slice(1);
  const variable = declared[name];
  if (!variable) return `${name || 'environment'}: ${error.message ?? 'is not valid'}`;
  // One entry of a list: quote that entry, not the whole list.
  const wrong = item === undefined ? (typed[name] ?? '') : String((prepared[name] as unknown[])[Number(item)]);
  return `${name} must be ${variable.expected}, got ${quote(wrong, variable)}`;
}

function quote(value: string, variable: EnvVariable<unknown>): string {
  if (variable.quoted === 'length-only') return `${value.length} characters`;
  return `"${variable.quoted === 'without-password' ? redact(value) : value}"`;
}
