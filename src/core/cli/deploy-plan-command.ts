import { loadProject } from '../data/load-project.ts';
import { publishTargets } from '../generator/deploy/publish-layout.ts';
import { projectRoot } from '../project-root.ts';

/**
 * `npm run --silent deploy:plan` prints `{"include":[{"tenant","base","key"},…]}` on one line:
 * a GitHub Actions matrix with one job per tenant, read with the same loader as the build, so
 * CI builds exactly the tenants `npm run build` knows. Nothing else goes to stdout.
 */
export function runDeployPlan(argv: string[]): number {
  const rootFlag = argv.indexOf('--root');
  const root = projectRoot(rootFlag >= 0 ? argv[rootFlag + 1] : undefined);
  const { project, diagnostics } = loadProject(root);
  if (!project) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    console.error(`deploy:plan: the data has ${errors} error${errors === 1 ? '' : 's'}; run npm run validate`);
    return 1;
  }
  console.log(JSON.stringify({ include: publishTargets(project.tenants) }));
  return 0;
}
