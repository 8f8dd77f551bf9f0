import path from 'node:path';
import type { Tenant } from '../../../domain/tenant.ts';
import type { Diagnostic } from '../../data/diagnostic.ts';
import { refreshEditorValues } from '../../data/editor-values.ts';
import { loadProject, type Project } from '../../data/load-project.ts';
import { ParsedDataCache } from '../../data/parsed-data-cache.ts';
import { isPlaceholderApi, PLACEHOLDER_API_ORIGIN } from '../../data/order-api-address.ts';
import { reportLoad } from '../../data/report-load.ts';
import type { BuildContext } from '../build-context.ts';
import { BuildInputError } from '../build-input-error.ts';
import { checkImages } from '../images/index.ts';

export interface ValidData {
  project: Project;
  /** The tenants this build writes: every one, or those `only` names. */
  chosen: Tenant[];
  /** The tenants `only` leaves out: their previous folders stay as they are. */
  leftAsTheyWere: string[];
  warnings: Diagnostic[];
}

/** Loads and checks the data and the options; the build stops here, before anything is written, on any error. */
export async function validatePhase(build: BuildContext): Promise<ValidData> {
  build.progress.phaseStarted('validate');
  // Images are read here too, so an unusable one stops the build with the data's other errors, before anything is written.
  // The data of files unchanged since an earlier build is not parsed again (parsed-data-cache.ts); beside the code, as the other caches.
  const parsed = new ParsedDataCache(path.join(build.repoRoot, '.cache', 'parsed-data'));
  const result = await build.clock.timed('validate', async () => checkImages(build.root, loadProject(build.root, parsed)));
  refreshEditorValues(build.root, result);
  if (!reportLoad(result) || !result.project) throw new BuildInputError('the data has errors; the previous output is unchanged');
  const { project } = result;
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
  const { chosen, leftAsTheyWere } = chooseTenants(project, build.only);
  refusePlaceholderApi(chosen, build);
  refuseOnePathForTwoSites(chosen, build);
  build.progress.phaseEnded({ phase: 'validate', tenants: project.tenants.length, warnings: warnings.length }, build.clock.ms.validate);
  return { project, chosen, leftAsTheyWere, warnings };
}

/** The warnings in a tenant's own file (tenants/<id>.yaml). */
export function ownWarnings(data: ValidData, id: string): number {
  return data.warnings.filter((d) => d.file === `tenants/${id}.yaml`).length;
}

function chooseTenants(project: Project, only: readonly string[]): Pick<ValidData, 'chosen' | 'leftAsTheyWere'> {
  const known = project.tenants.map((tenant) => tenant.id);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new BuildInputError(`unknown tenant ${unknown.map((id) => `"${id}"`).join(', ')}; tenants are ${known.join(', ')}`);
  if (only.length === 0) return { chosen: project.tenants, leftAsTheyWere: [] };
  return { chosen: project.tenants.filter((tenant) => only.includes(tenant.id)), leftAsTheyWere: known.filter((id) => !only.includes(id)) };
}

/**
 * A storefront calling the example address shows every page and places no order: refused
 * unless asked for, so it is never published by mistake.
 */
function refusePlaceholderApi(chosen: readonly Tenant[], { apiOrigin, allowPlaceholderApi }: BuildContext): void {
  const placeholder = allowPlaceholderApi ? [] : chosen.filter((tenant) => isPlaceholderApi(apiOrigin ?? tenant.serverHostname));
  if (placeholder.length === 0) return;
  const files = placeholder.map((tenant) => `tenants/${tenant.id}.yaml`).join(', ');
  throw new BuildInputError(
    `${files}: server_hostname is the example address ${PLACEHOLDER_API_ORIGIN}, where no order API answers; write your order API's address (or build with --allow-placeholder-api for pages that are not published)`,
  );
}

/**
 * A tenant without a route prefix is served at the base path itself: under one `--base-path`
 * two of them would be one site's path, each build overwriting the other's links.
 */
function refuseOnePathForTwoSites(chosen: readonly Tenant[], { location }: BuildContext): void {
  const atBase = chosen.filter((tenant) => tenant.routePrefix === '');
  if (location.basePath === '/' || atBase.length < 2) return;
  const ids = atBase.map((tenant) => tenant.id).sort();
  throw new BuildInputError(
    `${ids.join(', ')} have no route_prefix, so --base-path ${location.basePath} would serve them all at ${location.basePath}: build each with its own --base-path and --tenant, or build a preview plan with --plan (npm run --silent preview:plan -- --pull-request <n> > plan.json)`,
  );
}
