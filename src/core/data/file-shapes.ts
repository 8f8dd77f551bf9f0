import type { Catalog, Product, SupplierSiteFacts, Tenant } from './file-shapes.generated.ts';

/**
 * The shapes of the YAML files once they have passed their JSON Schemas (schemas/*.schema.json),
 * generated from those schemas (file-shapes.generated.ts, `npm run schemas:types`). Field names
 * are the files' own; nothing outside src/core/data reads these.
 */
export type TenantFile = Tenant;
export type CatalogFile = Catalog;
export type ProductFile = Product;
export type SiteFile = SupplierSiteFacts;
