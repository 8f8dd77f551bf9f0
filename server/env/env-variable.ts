import path from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { REPO_ROOT } from '../../src/core/project-root.ts';

/** How a wrong value is quoted back: as typed, as a URL with its password hidden, or only by its length. */
export type Quoted = 'as-typed' | 'without-password' | 'length-only';

/**
 * One environment variable, declared once: the schema its text is checked against (read-env.ts),
 * and what the README's table says of it (env-table.ts). `T` is its value once read.
 */
export interface EnvVariable<T> {
  /** JSON Schema (TypeBox): type, range, pattern, default. ajv turns the text into a number or a boolean first. */
  schema: TSchema;
  /** What it sets, in the operator's words: the README's "what" column. */
  what: string;
  /** What a right value is: the error for a wrong one reads "NAME must be <expected>, got …". */
  expected: string;
  /** The README's default column, when the default is not a plain value (`the repository`, `generated`). */
  defaultText?: string;
  /** A deployment must set it (docs/security.md, "What a deployment must set"). */
  requiredInProduction?: boolean;
  quoted?: Quoted;
  /** Turns the text into what the schema checks (a list split at commas, a flag's words); by default the text itself. */
  prepare?: (text: string) => unknown;
  /** Type only: never set. */
  readonly value?: T;
}

/** The value an `EnvVariable` reads to. */
export type EnvValue<V> = V extends EnvVariable<infer T> ? T : never;

interface Described {
  what: string;
  requiredInProduction?: boolean;
}

export function wholeNumber(options: Described & { default: number; min: number; max: number; unit?: string }): EnvVariable<number> {
  const { min, max, unit, default: fallback, ...described } = options;
  return {
    ...described,
    schema: Type.Integer({ minimum: min, maximum: max, default: fallback }),
    expected: `a whole number ${unit ? `of ${unit} ` : ''}from ${min} to ${max}`,
  };
}

/** One of a few words. */
export function choice<const V extends readonly [string, ...string[]]>(values: V, options: Described & { default: V[number] }): EnvVariable<V[number]> {
  const { default: fallback, ...described } = options;
  return { ...described, schema: Type.String({ enum: [...values], default: fallback }), expected: orList(values) };
}

const FLAG_WORDS: Record<string, boolean> = { 1: true, true: true, yes: true, 0: false, false: false, no: false };

/** On or off, written 1/0, true/false or yes/no; off unless set. */
export function flag(options: Described): EnvVariable<boolean> {
  return {
    ...options,
    schema: Type.Boolean({ default: false }),
    expected: '1 or 0 (true or false)',
    defaultText: '`0`',
    prepare: (text) => FLAG_WORDS[text.toLowerCase()] ?? text,
  };
}

/** Free text; undefined when unset and there is no default. */
export function text(
  options: Described & { defaultText?: string; minLength?: number; pattern?: string; expected?: string; quoted?: Quoted },
): EnvVariable<string | undefined> {
  const { minLength, pattern, expected, ...rest } = options;
  return { ...rest, schema: Type.String({ ...(minLength ? { minLength } : {}), ...(pattern ? { pattern } : {}) }), expected: expected ?? 'some text' };
}

/** Text with a default. */
export function textOr(fallback: string, options: Described): EnvVariable<string> {
  return { ...options, schema: Type.String({ default: fallback }), expected: 'some text' };
}

/** A URL with one of `schemes`; quoted without its password. */
export function address(schemes: readonly string[], options: Described & { defaultText?: string; example?: string }): EnvVariable<string | undefined> {
  const { example, ...described } = options;
  return {
    ...described,
    schema: Type.String({ format: 'url', pattern: `^(${schemes.join('|')})://` }),
    expected: `an address starting ${orList(schemes.map((scheme) => `${scheme}://`))}${example ? ` (e.g. ${example})` : ''}`,
    quoted: 'without-password',
  };
}

/**
 * A file or folder; unset, `inRepository` inside the repository (the text given is resolved from
 * the working folder, as a command line's would be).
 */
export function place(inRepository: string, options: Described): EnvVariable<string> {
  return {
    ...options,
    schema: Type.String({ default: path.join(REPO_ROOT, inRepository) }),
    expected: 'a path',
    defaultText: inRepository === '' ? 'the repository' : `\`${inRepository}\``,
  };
}

/** Exact web origins separated by commas. */
export function origins(fallback: readonly string[], options: Described): EnvVariable<string[]> {
  return {
    ...options,
    schema: Type.Array(Type.String({ format: 'origin' }), { default: [...fallback] }),
    expected: 'origins separated by commas, each scheme://host[:port] with no path or trailing slash (e.g. https://shop.example.com)',
    prepare: (list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
  };
}

/** "a or b", "a, b or c". */
function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
