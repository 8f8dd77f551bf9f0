import { parseArgs } from 'node:util';
import { loadProject } from '../data/load-project.ts';
import { affectedTenants } from '../generator/deploy/preview-targets.ts';
import { publishTargets } from '../generator/deploy/publish-layout.ts';
import { projectRoot } from '../project-root.ts';
import { readChangedFiles } from './changed-files.ts';

/**
 * `npm run --silent deploy:plan [-- --changed-files FILE] [--root DIR]` prints
 * `{"include":[{"tenant","base","key"},…]}` on one line: the tenants a release builds and
 * publishes, read with the same loader as the build. Without --changed-files every tenant; with
 * it (the paths changed since the last release, one a line, as `git diff --name-only` prints
 * them) only those the change can alter, as preview:plan chooses them. Nothing else goes to stdout.
 */
export function runDeployPlan(argv: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { 'changed-files': { type: 'string' }, root: { type: 'string' } } }));
  } catch (error) {
    console.error(`deploy:plan: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const changed = readChangedFiles('deploy:plan', values['changed-files']);
  if (changed === 'unreadable') return 1;
  const { project, diagnostics } = loadProject(projectRoot(values.root));
  if (!project) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    console.error(`deploy:plan: the data has ${errors} error${errors === 1 ? '' : 's'}; run npm run validate`);
    return 1;
  }
  const tenants = changed === undefined ? project.tenants : affectedTenants(project, changed);
  console.log(JSON.stringify({ include: publishTargets(tenants) }));
  return 0;
}
