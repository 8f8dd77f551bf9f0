import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../domain/tenant.ts';
import type { ParsedProject } from './cross-checks.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { CatalogFile, SiteFile, TenantFile } from './file-shapes.ts';
import { imageUses, type ImageUse } from './image-uses.ts';
import { listFiles } from './list-files.ts';
import { validateAgainstSchema } from './schema-validator.ts';
import { catalogFromFile, productColorsFromFile, supplierFactsFromFile, tenantFromFile, type ProductColors } from './to-domain.ts';
import { checkSources, type SourceFiles, type SourceStore } from './validate-sources.ts';
import type { YamlSource } from './yaml-source.ts';

export { SITE_FILE, SourceCache } from './validate-sources.ts';

/** Everything the build and the order API need, validated and in domain types. */
export interface Project {
  /** The supplier-wide facts of tenants/_site.yaml. */
  supplier: SupplierFacts;
  /** In tenant id order. */
  tenants: Tenant[];
  catalogs: Map<string, Catalog>;
}

export interface ProjectStats {
  tenants: number;
  catalogs: number;
  products: number;
  stores: number;
  images: number;
}

export interface LoadResult {
  /** Errors and warnings, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Present only when there is no error. */
  project?: Project;
  stats: ProjectStats;
  /**
   * Where the data names each image file that exists, for checkImages (src/core/generator/images/),
   * which reads the files: reading images is asynchronous and needs sharp, so it is a step of its
   * own after this synchronous load rather than part of it.
   */
  imageUses: ImageUse[];
  /**
   * The code and colours of each product, by catalog id, of every catalog whose own file reads
   * and passes its schema, present even while files have errors: `npm run images:add` matches
   * photos to them precisely while photos are missing, which is an error. Not whole products:
   * a price the cross-file checks refuse cannot become Money.
   */
  readableCatalogs: Map<string, ProductColors[]>;
}

/**
 * Reads tenants/, catalogs/ and their images under `root`, and reports every problem at once.
 * `overrides` (relative path → text) stand in for files on disk, or add files: how a catalog edit
 * (`npm run catalog:import`, `npm run prices`) is checked by these same rules before it is written.
 * `onlyCatalog` reads that one of catalogs/ (the others are known by name only, as tenants name
 * them): what an edit of it can change, since no rule compares two catalogs. The result then has
 * no project, and no unused-image warnings (the unread catalogs may use those images).
 */
export function loadProject(root: string, cache?: SourceStore, overrides?: ReadonlyMap<string, string>, onlyCatalog?: string): LoadResult {
  const onDisk = (folder: string) => listFiles(path.join(root, folder));
  const inFolder = (folder: string) =>
    [...(overrides?.keys() ?? [])].filter((file) => path.posix.dirname(file) === folder).map((file) => path.posix.basename(file));
  const files: SourceFiles = {
    tenantNames: [...onDisk('tenants'), ...inFolder('tenants')],
    catalogNames: [...onDisk('catalogs'), ...inFolder('catalogs')],
    read: (relative) => {
      const override = overrides?.get(relative);
      if (override !== undefined) return override;
      const file = path.join(root, relative);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
    logoFiles: new Set(onDisk('tenants/logos')),
    productImageFiles: new Set(onDisk('catalogs/images')),
  };
  const { diagnostics, parsed } = checkSources(files, {
    checkSchema: validateAgainstSchema,
    cache,
    cacheKey: (relative) => path.join(root, relative),
    onlyCatalog,
  });
  const { supplierFile } = parsed;

  const hasErrors = diagnostics.some((d) => d.severity === 'error');
  const project = hasErrors || !supplierFile || onlyCatalog !== undefined ? undefined : toProject(supplierFile, parsed);
  return { diagnostics, project, stats: statsOf(parsed), imageUses: imageUses(parsed), readableCatalogs: readableCatalogs(parsed) };
}

function toProject(supplierFile: YamlSource, parsed: ParsedProject): Project {
  return {
    supplier: supplierFactsFromFile(supplierFile.data as SiteFile),
    tenants: [...parsed.tenants].map(([id, source]) => tenantFromFile(id, source.data as TenantFile)),
    catalogs: new Map([...parsed.catalogs].map(([id, source]) => [id, catalogFromFile(id, source.data as CatalogFile, parsed.productImageFiles)])),
  };
}

function readableCatalogs(parsed: ParsedProject): Map<string, ProductColors[]> {
  const readable = [...parsed.catalogs].filter(([, source]) => !parsed.failed.has(source.file));
  return new Map(readable.map(([id, source]) => [id, productColorsFromFile(source.data as CatalogFile)]));
}

function statsOf(parsed: ParsedProject): ProjectStats {
  const count = (sources: Map<string, YamlSource>, field: string) =>
    [...sources.values()].reduce((sum, s) => {
      const list = (s.data as Record<string, unknown> | undefined)?.[field];
      return sum + (Array.isArray(list) ? list.length : 0);
    }, 0);
  return {
    tenants: parsed.tenants.size,
    catalogs: parsed.catalogs.size,
    products: count(parsed.catalogs, 'products'),
    stores: count(parsed.tenants, 'stores'),
    images: parsed.logoFiles.size + parsed.productImageFiles.size,
  };
}
