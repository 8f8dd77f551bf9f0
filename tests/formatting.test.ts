// The formatter's check (Biome, biome.json): the tree as committed is formatted, and the same check
// refuses a badly formatted file, so a change that skipped `npm run format` fails `npm test`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../src/core/project-root.ts';

const ROOT = projectRoot();
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

function formatCheck(cwd: string, extra: string[] = []) {
  const result = spawnSync(BIOME, ['format', ...extra, '.'], { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the formatter', () => {
  it('finds the whole tree formatted (run `npm run format` when this fails)', () => {
    const checked = formatCheck(ROOT);
    expect(checked.status, checked.output).toBe(0);
  });

  it('refuses a badly formatted file, naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'format-'));
    copyFileSync(path.join(ROOT, 'biome.json'), path.join(dir, 'biome.json'));
    writeFileSync(path.join(dir, 'price-label.ts'), 'export const priceLabel = (cents:number)=>{return "$"+(cents/100).toFixed(2)}\n');
    const checked = formatCheck(dir, ['--vcs-enabled=false']);
    expect(checked.status).not.toBe(0);
    expect(checked.output).toContain('price-label.ts');

    writeFileSync(path.join(dir, 'price-label.ts'), "export const priceLabel = (cents: number) => {\n  return '$' + (cents / 100).toFixed(2);\n};\n");
    expect(formatCheck(dir, ['--vcs-enabled=false']).status).toBe(0);
  });
});
