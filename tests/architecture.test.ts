// The layers of docs/architecture.md, as .dependency-cruiser.cjs writes them, over every folder
// of code. A wrong-way import (src/domain importing a page, an island importing a browser entry,
// the static server importing the build) or a cycle fails here, naming the two files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/fixture-project.ts';

function cruise(...paths: string[]): { status: number | null; output: string } {
  const bin = path.join(REPO_ROOT, 'node_modules', '.bin', 'depcruise');
  const run = spawnSync(bin, [...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the layers of docs/architecture.md', () => {
  it('hold for src, server, scripts and tests: no import against the table, no cycle', () => {
    const { status, output } = cruise('src', 'server', 'scripts', 'tests');
    expect(output).toMatch(/no dependency violations found/);
    expect(status).toBe(0);
  }, 60_000);

  it('fail on a wrong-way import, naming the rule and both files', () => {
    // A throwaway domain module that imports a page: the kind of import the check exists for.
    const dir = mkdtempSync(path.join(REPO_ROOT, 'src', 'domain', 'layer-check-'));
    try {
      writeFileSync(path.join(dir, 'wrong-way.ts'), "import type { PageModel } from '../../site/page-model.ts';\nexport type Wrong = PageModel;\n");
      const { status, output } = cruise(path.relative(REPO_ROOT, dir));
      expect(status).not.toBe(0);
      expect(output).toMatch(/domain-is-pure: src\/domain\/layer-check-\w+\/wrong-way\.ts → src\/site\/page-model\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fail on the dev server importing a command (cli starts dev, never the other way)', () => {
    const dir = mkdtempSync(path.join(REPO_ROOT, 'src', 'core', 'dev', 'layer-check-'));
    try {
      writeFileSync(path.join(dir, 'wrong-way.ts'), "import { runDev } from '../../cli/dev-command.ts';\nexport const wrong = runDev;\n");
      const { status, output } = cruise(path.relative(REPO_ROOT, dir));
      expect(status).not.toBe(0);
      expect(output).toMatch(/core-dev: src\/core\/dev\/layer-check-\w+\/wrong-way\.ts → src\/core\/cli\/dev-command\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // dependency-cruiser's swc parser does not tell a type import from a value import, so this one is read here.
  it('let browser code take only types from src/contracts (no schema, no TypeBox in a bundle)', () => {
    const browserFolders = ['domain', 'site', 'components', 'islands', 'runtime/client'].map((folder) => path.join(REPO_ROOT, 'src', folder));
    const files = browserFolders.flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(folder, file)),
    );
    const valueImports = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '[^']*\/contracts\/[^']*';/gm)].map(
        (match) => `${path.relative(REPO_ROOT, file)}: ${match[0]}`,
      ),
    );
    expect(
      files.some((file) => /import type [^;]*\/contracts\//.test(readFileSync(file, 'utf8'))),
      'the islands use the contracts',
    ).toBe(true);
    expect(valueImports).toEqual([]);
  });
});
