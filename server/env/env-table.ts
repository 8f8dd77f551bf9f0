import type { EnvVariable } from './env-variable.ts';

export const TABLE_START = '<!-- order-api-variables: written by `npm run docs:env` from server/env/order-api-variables.ts; edit them there -->';
export const TABLE_END = '<!-- /order-api-variables -->';

/** The README's table of the order API's variables: name, default, what it sets (bold when a deployment must set it). */
export function envTable(declared: Record<string, EnvVariable<unknown>>): string {
  const rows = Object.entries(declared).map(([name, variable]) => {
    const what = variable.requiredInProduction ? `**set it in production**: ${variable.what}` : variable.what;
    const fallback = defaultOf(variable);
    return `| \`${name}\` |${fallback ? ` ${fallback} ` : ' '}| ${what} |`;
  });
  return ['| variable | default | what |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `document` with the text between the table's markers replaced by `table`. */
export function withEnvTable(document: string, table: string): string {
  currentEnvTable(document);
  const before = document.slice(0, document.indexOf(TABLE_START));
  const after = document.slice(document.indexOf(TABLE_END) + TABLE_END.length);
  return `${before}${TABLE_START}\n${table}\n${TABLE_END}${after}`;
}

/** The table as it stands between the markers. */
export function currentEnvTable(document: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`The README has no table of the order API's variables between ${TABLE_START} and ${TABLE_END}`);
  return document.slice(start + TABLE_START.length, end).trim();
}

/** The variable names a markdown table lists in its first column (`NAME`, or `A`, `B` on one row). */
export function namesInTable(table: string): string[] {
  return table.split('\n').flatMap((row) => {
    const first = /^\|([^|]*)\|/.exec(row)?.[1] ?? '';
    return [...first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!);
  });
}

function defaultOf(variable: EnvVariable<unknown>): string {
  if (variable.defaultText !== undefined) return variable.defaultText;
  const value: unknown = variable.schema.default;
  if (value === undefined) return '';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}
