import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../domain/tenant.ts';
import { crossCheck, WHOLE_FILE, type ParsedProject } from './cross-checks.ts';
import { compareDiagnostics, type Diagnostic } from './diagnostic.ts';
import type { CatalogFile, SiteFile, TenantFile } from './file-shapes.ts';
import { imageUses, unusedImages, type ImageUse } from './image-uses.ts';
import { listFiles } from './list-files.ts';
import { validateAgainstSchema, type SchemaName } from './schema-validator.ts';
import { catalogFromFile, productColorsFromFile, supplierFactsFromFile, tenantFromFile, type ProductColors } from './to-domain.ts';
import { checkPlacementAreas } from './placement-area-checks.ts';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';

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

export const SITE_FILE = 'tenants/_site.yaml';
const ID = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Parsed and schema-checked files by path, kept between loads by a long-running process
 * (`npm run dev`): a file whose text has not changed is not parsed again. Parsing is most of a
 * load, so after one save only the saved file costs anything.
 */
export class SourceCache {
  private readonly files = new Map<string, { text: string; source: YamlSource; schemaErrors: Diagnostic[] }>();

  get(file: string, text: string, parse: () => { source: YamlSource; schemaErrors: Diagnostic[] }): { source: YamlSource; schemaErrors: Diagnostic[] } {
    const cached = this.files.get(file);
    if (cached && cached.text === text) return cached;
    const fresh = { text, ...parse() };
    this.files.set(file, fresh);
    return fresh;
  }
}

/**
 * Reads tenants/, catalogs/ and their images under `root`, and reports every problem at once.
 * `overrides` (relative path → text) stand in for files on disk, or add files: how a catalog edit
 * (`npm run catalog:import`, `npm run prices`) is checked by these same rules before it is written.
 * `onlyCatalog` reads that one of catalogs/ (the others are known by name only, as tenants name
 * them): what an edit of it can change, since no rule compares two catalogs. The result then has
 * no project, and no unused-image warnings (the unread catalogs may use those images).
 */
export function loadProject(root: string, cache?: SourceCache, overrides?: ReadonlyMap<string, string>, onlyCatalog?: string): LoadResult {
  const diagnostics: Diagnostic[] = [];
  const fileError = (file: string, message: string) => diagnostics.push({ severity: 'error', file, line: 1, col: 1, path: '(file)', message });

  // Files with errors of their own, and where those errors are: the cross-file checks must not
  // report their consequences (a store "unknown" only because the file defining it is unreadable).
  const failed = new Map<string, ReadonlySet<string>>();

  const load = (relative: string, schema: SchemaName): YamlSource => {
    const text = overrides?.get(relative) ?? readFileSync(path.join(root, relative), 'utf8');
    const parse = () => {
      const parsed = parseYamlSource(relative, text);
      return { source: parsed, schemaErrors: parsed.diagnostics.length === 0 ? validateAgainstSchema(parsed, schema) : [] };
    };
    const { source, schemaErrors } = cache ? cache.get(path.join(root, relative), text, parse) : parse();
    diagnostics.push(...source.diagnostics);
    diagnostics.push(...schemaErrors);
    // A file the YAML parser rejects has no data at all, whatever path its error names.
    if (source.diagnostics.length > 0) failed.set(relative, new Set([WHOLE_FILE]));
    else if (schemaErrors.length > 0) failed.set(relative, new Set(schemaErrors.map((d) => d.path)));
    const expected = `# yaml-language-server: $schema=../schemas/${schema}.schema.json`;
    if (
      !source.text
        .split('\n')
        .slice(0, 5)
        .some((line) => line.trim() === expected)
    ) {
      diagnostics.push({
        severity: 'warning',
        file: relative,
        line: 1,
        col: 1,
        path: '(file)',
        message: `should start with the line "${expected}" so editors can check it while typing`,
      });
    }
    return source;
  };

  const loadFolder = (folder: string, schema: SchemaName, skip: (name: string) => boolean, read: (id: string) => boolean = () => true) => {
    const sources = new Map<string, YamlSource>();
    const ignored = new Set<string>();
    const unread = new Set<string>();
    const added = [...(overrides?.keys() ?? [])].filter((file) => path.posix.dirname(file) === folder).map((file) => path.posix.basename(file));
    for (const name of [...new Set([...listFiles(path.join(root, folder)), ...added])].sort()) {
      const relative = `${folder}/${name}`;
      if (skip(name)) continue;
      if (/\.yml$/i.test(name)) {
        fileError(relative, `is ignored: data files must end in .yaml (rename it to ${name.replace(/\.yml$/i, '.yaml')})`);
        ignored.add(name.slice(0, -'.yml'.length));
        continue;
      }
      if (!name.endsWith('.yaml')) continue;
      const id = name.slice(0, -'.yaml'.length);
      if (!ID.test(id)) {
        fileError(relative, `the file name is the ${schema} id and must be lowercase letters, digits and dashes, got "${id}"`);
        ignored.add(id);
        continue;
      }
      if (read(id)) sources.set(id, load(relative, schema));
      else unread.add(id);
    }
    return { sources, ignored, unread };
  };

  let supplierFile: YamlSource | undefined;
  if (existsSync(path.join(root, SITE_FILE))) supplierFile = load(SITE_FILE, 'site');
  else fileError(SITE_FILE, 'is missing: it holds the supplier-wide facts (main phone, support e-mail, postal address)');

  const tenants = loadFolder('tenants', 'tenant', (name) => name.startsWith('_'));
  const catalogs = loadFolder(
    'catalogs',
    'catalog',
    () => false,
    (id) => onlyCatalog === undefined || id === onlyCatalog,
  );
  const parsed: ParsedProject = {
    supplierFile,
    tenants: tenants.sources,
    catalogs: catalogs.sources,
    logoFiles: new Set(listFiles(path.join(root, 'tenants/logos'))),
    productImageFiles: new Set(listFiles(path.join(root, 'catalogs/images'))),
    failed,
    ignoredTenants: tenants.ignored,
    ignoredCatalogs: catalogs.ignored,
    unreadCatalogs: catalogs.unread,
  };
  // A tenant file ignored for its name already has its error; "no tenant files" would repeat it.
  if (parsed.tenants.size === 0 && tenants.ignored.size === 0) fileError('tenants/', 'has no tenant files: add tenants/<tenant-id>.yaml');
  diagnostics.push(...crossCheck(parsed), ...checkPlacementAreas(parsed), ...(onlyCatalog === undefined ? unusedImages(parsed) : []));
  diagnostics.sort(compareDiagnostics);

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
