import type { Tenant } from '../../domain/tenant.ts';
import { ENTRY_SITE } from '../../site/entry-target.ts';
import type { Project } from '../data/load-project.ts';
import { entryHeaderImage, tenantImageRequests, tenantImageSources, type ImageRequest, type TenantImageSources } from './images/site-images.ts';

/** One site of dist/ this build writes: a tenant's, or the entry screen's (no `tenant`). */
export interface SitePlan {
  id: string;
  /** Every image file its pages show, each once. */
  requests: ImageRequest[];
  tenant?: { tenant: Tenant; sources: TenantImageSources };
}

/** The chosen tenants' sites in order, then the entry screen's site. */
export function planSites(root: string, project: Project, chosen: readonly Tenant[]): SitePlan[] {
  const plans: SitePlan[] = chosen.map((tenant) => {
    const sources = tenantImageSources(root, tenant, catalogOf(project, tenant));
    return { id: tenant.id, requests: tenantImageRequests(sources), tenant: { tenant, sources } };
  });
  const header = entryHeaderImage(root, project.supplier);
  plans.push({ id: ENTRY_SITE, requests: header ? [header] : [] });
  return plans;
}

export function catalogOf(project: Project, tenant: Tenant) {
  const catalog = project.catalogs.get(tenant.catalogId);
  if (!catalog) throw new Error(`internal: tenant ${tenant.id} has no catalog after validation`);
  return catalog;
}
