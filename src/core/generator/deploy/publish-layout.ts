import type { Tenant } from '../../../domain/tenant.ts';
import { basePath } from '../../../site/routes.ts';

/**
 * Where prefixed tenants go in the bucket: one URL space that every host serving them maps to
 * (its CDN origin path). A tenant id cannot start with '_', so no tenant's own folder is called this.
 */
export const SHARED_SPACE = '_shared';

export interface PublishTarget {
  /** The tenant id: `npm run build -- --tenant <id>` writes dist/<id>/. */
  tenant: string;
  /** The path the site is served under, as its pages link to it: '/guardian/' or '/'. */
  base: string;
  /**
   * Where dist/<id>/ goes under the bucket (no leading or trailing '/'). A page links to
   * `<base>assets/…`, so the folder must sit under its base in whatever URL space serves it:
   * prefixed tenants under `_shared/<prefix>`, each tenant without a prefix at the root of its
   * own space `<id>` (they all want '/', so each has a host of its own).
   */
  key: string;
}

/** One entry per tenant, in tenant id order: the CI build matrix and the deploy destinations. */
export function publishTargets(tenants: readonly Tenant[]): PublishTarget[] {
  return tenants.map((tenant) => ({
    tenant: tenant.id,
    base: basePath(tenant.routePrefix),
    key: tenant.routePrefix === '' ? tenant.id : `${SHARED_SPACE}/${tenant.routePrefix}`,
  }));
}
