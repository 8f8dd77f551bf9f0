import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/project-root.ts';
import { currentEnvTable, envTable, namesInTable, TABLE_END, TABLE_START, withEnvTable } from './env-table.ts';
import { ORDER_API_VARIABLES } from './order-api-variables.ts';

const declared = Object.keys(ORDER_API_VARIABLES);
const requiredInProduction = Object.entries(ORDER_API_VARIABLES).flatMap(([name, variable]) => (variable.requiredInProduction ? [name] : []));
const readDoc = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The markdown table that follows `heading` (up to the first line that is not a row). */
function tableAfter(document: string, heading: string): string {
  const at = document.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`no heading "${heading}"`);
  const lines = document.slice(at + heading.length + 2).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows = lines.slice(first);
  return rows
    .slice(
      0,
      rows.findIndex((line) => !line.startsWith('|')),
    )
    .join('\n');
}

/** Which declared variables a document's list lacks, and which it names that the order API does not read. */
function difference(listed: readonly string[]) {
  return { missing: declared.filter((name) => !listed.includes(name)), notRead: listed.filter((name) => !declared.includes(name)) };
}

describe("the order API's variables in the docs", () => {
  it('README.md: the table is the one npm run docs:env writes from the declaration', () => {
    const table = currentEnvTable(readDoc('README.md'));
    expect(difference(namesInTable(table)), "README.md's variable table; run npm run docs:env").toEqual({ missing: [], notRead: [] });
    expect(table, "README.md's variable table differs from server/env/order-api-variables.ts; run npm run docs:env").toBe(envTable(ORDER_API_VARIABLES));
  });

  it('docs/security.md: "What a deployment must set" names every variable declared required in production, and only variables the API reads', () => {
    const listed = namesInTable(tableAfter(readDoc('docs/security.md'), '## What a deployment must set'));
    expect(requiredInProduction.length).toBeGreaterThan(0);
    expect(
      requiredInProduction.filter((name) => !listed.includes(name)),
      'required in production but not in docs/security.md',
    ).toEqual([]);
    expect(difference(listed).notRead, 'named in docs/security.md but not read by the order API').toEqual([]);
  });

  it('docs/publishing.md: the production table names every variable, and only those', () => {
    const listed = namesInTable(tableAfter(readDoc('docs/publishing.md'), '### Environment'));
    expect(difference(listed), 'docs/publishing.md, "Environment"').toEqual({ missing: [], notRead: [] });
  });

  it('would name the variable a table lacks and the one it has too many', () => {
    const withoutPort = envTable(ORDER_API_VARIABLES)
      .split('\n')
      .filter((row) => !row.startsWith('| `PORT`'));
    expect(difference(namesInTable([...withoutPort, '| `ORDER_RATE_LIMIT` | `10` | a typo |'].join('\n')))).toEqual({
      missing: ['PORT'],
      notRead: ['ORDER_RATE_LIMIT'],
    });
  });

  it('npm run docs:env rewrites only what is between the markers, and refuses a README without them', () => {
    const readme = `intro\n${TABLE_START}\n| old | table |\n${TABLE_END}\n\n## Next\n`;
    expect(withEnvTable(readme, '| new |')).toBe(`intro\n${TABLE_START}\n| new |\n${TABLE_END}\n\n## Next\n`);
    expect(() => withEnvTable('no markers here', '| new |')).toThrow(/has no table of the order API's variables/);
  });
});
