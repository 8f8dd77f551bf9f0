import { parseArgs } from 'node:util';
import { loadProject } from '../data/load-project.ts';
import { affectedTenants, previewTargets } from '../generator/deploy/preview-targets.ts';
import { projectRoot } from '../project-root.ts';
import { readChangedFiles } from './changed-files.ts';

/**
 * `npm run --silent preview:plan -- --pull-request 12 [--changed-files FILE] [--root DIR]` prints
 * `{"include":[{"tenant","base","key","basePath","preview"},…]}` on one line: the pull request's
 * build matrix, one job per tenant the change affects (all without --changed-files; FILE lists the
 * changed paths one a line, as `git diff --name-only` prints them). Nothing else goes to stdout.
 */
export function runPreviewPlan(argv: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { 'pull-request': { type: 'string' }, 'changed-files': { type: 'string' }, root: { type: 'string' } } }));
  } catch (error) {
    console.error(`preview:plan: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const number = Number(values['pull-request']);
  if (!/^[1-9]\d{0,8}$/.test(values['pull-request'] ?? '')) {
    console.error(`preview:plan: --pull-request must be the pull request's number (1, 2, …), got ${JSON.stringify(values['pull-request'] ?? '')}`);
    return 1;
  }
  const changed = readChangedFiles('preview:plan', values['changed-files']);
  if (changed === 'unreadable') return 1;
  const { project, diagnostics } = loadProject(projectRoot(values.root));
  if (!project) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    console.error(`preview:plan: the data has ${errors} error${errors === 1 ? '' : 's'}; run npm run validate`);
    return 1;
  }
  const tenants = changed === undefined ? project.tenants : affectedTenants(project, changed);
  console.log(JSON.stringify({ include: previewTargets(tenants, number) }));
  return 0;
}
