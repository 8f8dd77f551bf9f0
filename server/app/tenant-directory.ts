import type { Project } from '../../src/core/data/load-project.ts';
import type { ProductLookup } from '../../src/domain/pricing.ts';
import type { Catalog, Product } from '../../src/domain/product.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { visibleProducts } from '../../src/domain/visible-products.ts';
import type { KnownTenant } from '../storage/tenant-rekey.ts';

export interface TenantEntry {
  tenant: Tenant;
  catalog: Catalog;
  findProduct: ProductLookup;
}

/**
 * The tenants the storefront can name, found by `companyName` (the tenant file's
 * `company_name`, which requests carry), each with a lookup into its own catalog, so an order
 * can only contain products of the catalog that tenant's storefront shows (restricted ones only
 * where allowed). Orders are stored under the tenant's id (its file name), which stays when the
 * company name is edited: `byId` finds an order's tenant, or none for an order whose tenant file
 * is gone.
 */
export class TenantDirectory {
  private readonly byCompany = new Map<string, TenantEntry>();
  private readonly byTenantId = new Map<string, TenantEntry>();

  constructor(project: Project) {
    for (const tenant of project.tenants) {
      const catalog = project.catalogs.get(tenant.catalogId);
      if (!catalog) throw new Error(`tenant ${tenant.id} names catalog ${tenant.catalogId}, which was not loaded`);
      const other = this.byCompany.get(tenant.companyName);
      if (other) {
        throw new Error(
          `tenants/${other.tenant.id}.yaml and tenants/${tenant.id}.yaml have the same company_name "${tenant.companyName}"; the order API finds tenants by it, so it must be unique`,
        );
      }
      const products = new Map<string, Product>(visibleProducts(tenant, catalog).map((p) => [p.code, p]));
      const entry: TenantEntry = { tenant, catalog, findProduct: (code) => products.get(code) };
      this.byCompany.set(tenant.companyName, entry);
      this.byTenantId.set(tenant.id, entry);
    }
  }

  find(companyName: string): TenantEntry | undefined {
    return this.byCompany.get(companyName);
  }

  byId(tenantId: string): TenantEntry | undefined {
    return this.byTenantId.get(tenantId);
  }

  /** Id and company name of every tenant, as the migrations and the operator's commands need them. */
  known(): KnownTenant[] {
    return this.all().map(({ tenant }) => ({ id: tenant.id, companyName: tenant.companyName }));
  }

  /** Every tenant, in the order the data lists them. */
  all(): TenantEntry[] {
    return [...this.byCompany.values()];
  }

  get size(): number {
    return this.byCompany.size;
  }
}
