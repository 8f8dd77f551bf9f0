import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixtureProject } from '../../../tests/helpers/fixture-project.ts';
import { REPO_ROOT } from '../project-root.ts';
import { listFiles } from './list-files.ts';
import { loadProject } from './load-project.ts';
import { schemaDiagnostics, type SchemaName } from './schema-diagnostics.ts';
import { schemaValidatorsCode } from './schema-validator.ts';
import { checkSources } from './validate-sources.ts';

// The browser editor's validator: checkSources on texts in memory, with the schema validators
// from the code compiled into its bundle. It must say what `npm run validate` says, word for word.
mkdirSync(path.join(REPO_ROOT, '.cache'), { recursive: true });
// Inside the repository, where the code's require('ajv/dist/runtime/…') finds ajv, as the bundler does.
const folder = mkdtempSync(path.join(REPO_ROOT, '.cache', 'bundled-validators-'));
const bundled = path.join(folder, 'validators.cjs');
writeFileSync(bundled, schemaValidatorsCode());
const validators = createRequire(import.meta.url)(bundled) as Record<SchemaName, ValidateFunction>;
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function inMemory(root: string) {
  const texts = new Map<string, string>();
  for (const dir of ['tenants', 'catalogs'])
    for (const name of listFiles(path.join(root, dir))) texts.set(`${dir}/${name}`, readFileSync(path.join(root, dir, name), 'utf8'));
  return checkSources(
    {
      tenantNames: listFiles(path.join(root, 'tenants')),
      catalogNames: listFiles(path.join(root, 'catalogs')),
      read: (relative) => texts.get(relative),
      logoFiles: new Set(listFiles(path.join(root, 'tenants/logos'))),
      productImageFiles: new Set(listFiles(path.join(root, 'catalogs/images'))),
    },
    { checkSchema: (source, schema) => schemaDiagnostics(source, validators[schema]) },
  ).diagnostics;
}

describe('checkSources with the bundled schema validators', () => {
  it('reports exactly what loadProject reports, on every broken fixture', () => {
    const fixtures = readdirSync(path.join(FIXTURES, 'broken'));
    expect(fixtures.length).toBeGreaterThan(20);
    for (const name of fixtures) {
      const root = fixtureProject(name);
      try {
        const expected = loadProject(root).diagnostics;
        expect(expected.length, name).toBeGreaterThan(0);
        expect(inMemory(root), name).toEqual(expected);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
  });
});
