import type { ApiContext } from './api-context.ts';
import { HttpError } from './http-error.ts';
import type { TenantEntry } from './tenant-directory.ts';

/** The tenant a body's `companyName` names, or a 400 saying no tenant has that name. */
export function requireTenant(ctx: Pick<ApiContext, 'tenants'>, companyName: string): TenantEntry {
  const entry = ctx.tenants.find(companyName);
  if (!entry) throw new HttpError(400, `companyName: no storefront has the company name "${companyName}"`);
  return entry;
}
