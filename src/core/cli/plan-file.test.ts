import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlanFile } from './plan-file.ts';

const planFile = (text: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'plan-file-')), 'plan.json');
  writeFileSync(file, text);
  return file;
};

describe('a plan file', () => {
  it('gives deploy:plan and preview:plan entries as they were printed', () => {
    const entries = [
      {
        tenant: 'guardian',
        base: '/_previews/pr-1/_shared/guardian/',
        key: '_previews/pr-1/_shared/guardian',
        basePath: '/_previews/pr-1/_shared/',
        preview: 'pull request #1',
      },
    ];
    expect(readPlanFile(planFile(JSON.stringify({ include: entries })), '--plan', { needsKey: true })).toEqual(entries);
  });

  it('is refused, naming the option and the file, when it is not JSON, not a plan, or lacks the key a deploy needs', () => {
    expect(() => readPlanFile(planFile('{'), '--plan')).toThrow(/^--plan .*plan\.json: .*\(expected the JSON that deploy:plan or preview:plan prints\)$/);
    expect(() => readPlanFile(planFile('{"include":[{"tenant":3}]}'), '--plan')).toThrow(/expected \{"include":\[\{"tenant":…\},…\]\}/);
    expect(() => readPlanFile(planFile('{"include":[{"tenant":"guardian"}]}'), '--prune', { needsKey: true })).toThrow(
      /^--prune .*: expected \{"include":\[\{"tenant":…,"key":…\},…\]\}/,
    );
  });
});
