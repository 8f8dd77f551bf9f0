import { logoImageFile, productImageFile } from '../../../domain/image-names.ts';
import { productColors } from '../../../domain/product.ts';
import type { Tenant } from '../../../domain/tenant.ts';
import { visibleProducts } from '../../../domain/visible-products.ts';
import { basePath } from '../../../site/routes.ts';
import type { Project } from '../../data/load-project.ts';
import { publishTargets, type PublishTarget } from './publish-layout.ts';

/** Where previews go in the bucket, beside `_shared/` and the tenants' own folders (no tenant id starts with '_'). */
export const PREVIEW_SPACE = '_previews';

/** A pull request's build of one tenant: its production folder moved under the pull request's preview folder. */
export interface PreviewTarget extends PublishTarget {
  /** The build's `--base-path`: where the tenant's route prefix goes ('/_previews/pr-12/_shared/'). */
  basePath: string;
  /** The build's `--preview`: what every page says it previews. */
  preview: string;
}

/** `_previews/pr-12`: everything of one pull request, removed as one when it closes. */
export function previewFolder(pullRequest: number): string {
  if (!Number.isSafeInteger(pullRequest) || pullRequest < 1) throw new RangeError(`a pull request number is a whole number from 1, got ${pullRequest}`);
  return `${PREVIEW_SPACE}/pr-${pullRequest}`;
}

/**
 * The production layout under the pull request's folder: `_previews/pr-12/_shared/guardian`,
 * `_previews/pr-12/first`. A host that serves the bucket as it is (no origin path) serves each
 * preview at its key, so a page's base is `/<key>/` and one host shows every tenant of the
 * preview, those without a prefix included. Keys never hold one another, as in production.
 */
export function previewTargets(tenants: readonly Tenant[], pullRequest: number): PreviewTarget[] {
  const folder = previewFolder(pullRequest);
  const production = new Map(publishTargets(tenants).map((target) => [target.tenant, target]));
  return tenants.map((tenant) => {
    const { key } = production.get(tenant.id) as PublishTarget;
    const previewKey = `${folder}/${key}`;
    // The key less the route prefix: the prefix goes below it, as on the production host.
    const under = `/${tenant.routePrefix === '' ? previewKey : previewKey.slice(0, -(tenant.routePrefix.length + 1))}/`;
    const base = basePath(tenant.routePrefix, under);
    if (base !== `/${previewKey}/`) throw new Error(`internal: the preview of ${tenant.id} links to ${base} but goes to ${previewKey}`);
    return { tenant: tenant.id, base, key: previewKey, basePath: under, preview: `pull request #${pullRequest}` };
  });
}

/** Changes that no page is made from. */
const NOT_BUILT = [/^docs\//, /^tests\//, /^\.vscode\//, /(^|\/)[^/]+\.md$/];

/**
 * The tenants whose pages a change can alter, from the paths it touches (as `git diff --name-only`
 * prints them): a tenant file its tenant; a catalog the tenants that use it; a product picture the
 * tenants that show that product; a logo the tenants that use it; docs and tests none; anything
 * else (code, schemas, the site file, the lockfile, the workflow) every tenant.
 */
export function affectedTenants(project: Project, changed: readonly string[]): Tenant[] {
  const affected = new Set<string>();
  for (const file of changed) {
    if (NOT_BUILT.some((pattern) => pattern.test(file))) continue;
    const tenants = tenantsOfDataFile(project, file);
    if (tenants === 'all') return [...project.tenants];
    for (const tenant of tenants) affected.add(tenant.id);
  }
  return project.tenants.filter((tenant) => affected.has(tenant.id));
}

function tenantsOfDataFile(project: Project, file: string): Tenant[] | 'all' {
  const own = /^tenants\/([^/_][^/]*)\.yaml$/.exec(file);
  // A removed tenant file names no tenant left to preview.
  if (own) return project.tenants.filter((tenant) => tenant.id === own[1]);
  const logo = /^tenants\/logos\/([^/]+)$/.exec(file);
  if (logo)
    return project.tenants.filter(
      (tenant) =>
        tenant.companyLogo === logo[1] ||
        Object.values(tenant.embroideries)
          .flat()
          .some((name) => logoImageFile(name) === logo[1]),
    );
  const picture = /^catalogs\/images\/([^/]+)$/.exec(file);
  if (picture) {
    return project.tenants.filter((tenant) => {
      const catalog = project.catalogs.get(tenant.catalogId);
      return (
        catalog !== undefined &&
        visibleProducts(tenant, catalog).some((product) => productColors(product).some((color) => productImageFile(product.code, color) === picture[1]))
      );
    });
  }
  const catalog = /^catalogs\/([^/]+)\.yaml$/.exec(file);
  if (catalog) return project.tenants.filter((tenant) => tenant.catalogId === catalog[1]);
  return 'all';
}
