import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { REPO_ROOT } from '../../project-root.ts';

/** The part of a field's JSON Schema the template reads. */
export interface FieldSchema {
  description?: string;
  type?: string;
  examples?: unknown[];
  required?: string[];
  properties?: Record<string, FieldSchema>;
  items?: FieldSchema;
}

/** The part of schemas/tenant.schema.json the template reads: which fields exist, which are required, what each means. */
export interface TenantSchema {
  required?: string[];
  properties: Record<string, FieldSchema>;
}

/**
 * Fields never given a value, even a placeholder: one committed in the file would be a live,
 * guessable secret. They are written last, commented out, under a paragraph saying why.
 */
const SECRETS = ['password', 'admin_password', 'bypass_codes'];

const WIDTH = 100;

let tenantSchema: TenantSchema | undefined;

/** schemas/tenant.schema.json, the one description of a tenant file's fields. */
export function readTenantSchema(): TenantSchema {
  tenantSchema ??= JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'tenant.schema.json'), 'utf8')) as TenantSchema;
  return tenantSchema;
}

/**
 * tenants/<id>.yaml as the command writes it: each field of the schema, in the schema's order,
 * under its description; the given values filled in (and the placeholder logo), every other
 * field commented out with the schema's example, secrets last and empty.
 */
export function tenantFileText(id: string, values: Record<string, string | undefined>, schema: TenantSchema = readTenantSchema()): string {
  const filled: Record<string, string | undefined> = { ...values, company_logo: `${id}.png` };
  const notes = valueNotes(id, filled);
  const fields = Object.entries(schema.properties);
  const open = fields.filter(([key]) => !SECRETS.includes(key));
  const secrets = fields.filter(([key]) => SECRETS.includes(key));
  return [
    ...header(id),
    ...open.flatMap(([key, field]) => fieldBlock(key, field, filled[key], notes[key], schema.required?.includes(key) === true)),
    ...(secrets.length > 0 ? secretsParagraph() : []),
    ...secrets.flatMap(([key, field]) => fieldBlock(key, field, undefined, undefined, false)),
  ].join('\n');
}

function header(id: string): string[] {
  return [
    '# yaml-language-server: $schema=../schemas/tenant.schema.json',
    `# tenants/${id}.yaml: one dealership group's storefront, built into dist/${id}/.`,
    '# Each field is described in schemas/tenant.schema.json (hover in VS Code); the comments here',
    '# are those descriptions. Uncomment what this group needs, then run `npm run validate`.',
    '',
  ];
}

function secretsParagraph(): string[] {
  return comment(
    "Secrets are left out on purpose: a placeholder committed here would be a live, guessable secret. Choose each one yourself: at least 10 characters, unrelated to any other group's (the validator warns otherwise). Without password and admin_password nobody can see this group's order history.",
  ).concat('');
}

/** What the filled-in values mean for this tenant, beside them. */
function valueNotes(id: string, values: Record<string, string | undefined>): Record<string, string | undefined> {
  const prefix = values.route_prefix;
  return {
    route_prefix: prefix === undefined ? undefined : prefix === '' ? 'served at the host root' : `served under /${prefix}/`,
    catalog: values.catalog === undefined ? undefined : `catalogs/${values.catalog}.yaml`,
    company_logo: `tenants/logos/${id}.png: a placeholder, replace it`,
  };
}

function fieldBlock(key: string, field: FieldSchema, value: string | undefined, note: string | undefined, required: boolean): string[] {
  // A required field without a value has no line the validator would accept: it is left out.
  if (required && value === undefined) return [];
  const entry =
    value === undefined ? exampleLines(key, field).map((text) => `# ${text}`) : [`${key}: ${scalar(value)}${note === undefined ? '' : `  # ${note}`}`];
  return [...comment(field.description ?? key), ...partLines(field), ...entry, ''];
}

/** The parts of a list item or a map, each with its description, so an example can be extended without the schema at hand. */
function partLines(field: FieldSchema): string[] {
  const parts = field.items?.properties ?? field.properties;
  if (parts === undefined) return [];
  const required = field.items?.required ?? field.required ?? [];
  if (field.items === undefined) return comment(`Keys: ${Object.keys(parts).join(', ')}.`);
  return Object.entries(parts).flatMap(([key, part]) => comment(`  ${key}${required.includes(key) ? '' : ' (optional)'}: ${part.description ?? ''}`.trimEnd()));
}

/** The field as YAML, from the schema's first example; a switch is shown on, anything else empty. */
function exampleLines(key: string, field: FieldSchema): string[] {
  const example = field.examples?.[0] ?? (field.type === 'boolean' ? true : field.type === 'array' ? [] : undefined);
  if (example === undefined) return [`${key}:`];
  if (Array.isArray(example) && example.some(isMap)) return [`${key}:`, ...example.map((item) => `  - ${flow(item)}`)];
  if (isMap(example)) return [`${key}:`, ...Object.entries(example).map(([part, value]) => `  ${part}: ${flow(value)}`)];
  return [`${key}: ${flow(example)}`];
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flow(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow', flowCollectionPadding: false, lineWidth: 0 }).trimEnd();
}

/** A YAML scalar on one line, quoted only when YAML needs it. */
function scalar(value: string): string {
  const plain = stringify(value, { lineWidth: 0 }).trimEnd();
  return plain.includes('\n') ? JSON.stringify(value) : plain;
}

/** `# ` lines, wrapped at word boundaries; a leading indent is kept on every line. */
function comment(text: string): string[] {
  const indent = /^ */.exec(text)?.[0] ?? '';
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/\s+/)) {
    if (current !== '' && indent.length + current.length + word.length + 3 > WIDTH) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  lines.push(current);
  // A part's description continues under its text, past the part's name.
  const hanging = indent === '' ? '' : `${indent}  `;
  return lines.map((line, index) => `# ${index === 0 ? indent : hanging}${line}`.trimEnd());
}
