import { formatDiagnostic } from '../../src/core/data/diagnostic.ts';
import { loadProject, type Project } from '../../src/core/data/load-project.ts';
import { TenantDirectory } from './tenant-directory.ts';

/**
 * The data the order API serves, loaded as `npm run validate` checks it, with its tenant
 * directory; or, when it cannot be served, the message for the operator. Shared by the API's
 * start and the operator's commands, so both refuse the same data in the same words.
 */
export function loadServedData(dataRoot: string): { project: Project; tenants: TenantDirectory } | { problem: string } {
  const loaded = loadProject(dataRoot);
  if (!loaded.project) {
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    return { problem: `The data in ${dataRoot} has errors; run npm run validate:\n${errors.join('\n')}` };
  }
  try {
    return { project: loaded.project, tenants: new TenantDirectory(loaded.project) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
