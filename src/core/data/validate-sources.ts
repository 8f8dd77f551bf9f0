import { crossCheck, WHOLE_FILE, type ParsedProject } from './cross-checks.ts';
import { compareDiagnostics, type Diagnostic } from './diagnostic.ts';
import { unusedImages } from './image-uses.ts';
import { checkPlacementAreas } from './placement-area-checks.ts';
import type { SchemaName } from './schema-diagnostics.ts';
import { parseYamlSource, yamlSourceWithData, type YamlSource } from './yaml-source.ts';

export const SITE_FILE = 'tenants/_site.yaml';
const ID = /^[a-z0-9][a-z0-9-]*$/;

/** A file parsed and checked against its schema. */
export interface CheckedSource {
  source: YamlSource;
  schemaErrors: Diagnostic[];
}

/**
 * Where checkSources keeps parsed files: `parse` reads and checks a file's text; `withData` makes
 * the source of that text from data known for it (a store that keeps data, not sources).
 */
export interface SourceStore {
  get(file: string, text: string, parse: () => CheckedSource, withData: (data: unknown) => YamlSource): CheckedSource;
}

/**
 * Parsed and schema-checked files by path, kept between loads by a long-running process
 * (`npm run dev`): a file whose text has not changed is not parsed again. Parsing is most of a
 * load, so after one save only the saved file costs anything.
 */
export class SourceCache implements SourceStore {
  private readonly files = new Map<string, { text: string; source: YamlSource; schemaErrors: Diagnostic[] }>();

  get(file: string, text: string, parse: () => CheckedSource): CheckedSource {
    const cached = this.files.get(file);
    if (cached && cached.text === text) return cached;
    const fresh = { text, ...parse() };
    this.files.set(file, fresh);
    return fresh;
  }
}

/** The data files as they are to be checked: on disk (loadProject) or edited in a browser (src/editor/). */
export interface SourceFiles {
  /** The names of the files directly in tenants/ and in catalogs/ (kidz.yaml, _site.yaml), whatever they end in. */
  tenantNames: readonly string[];
  catalogNames: readonly string[];
  /** A file's text by its repository path (tenants/kidz.yaml); undefined when it does not exist. */
  read(relative: string): string | undefined;
  /** File names present in tenants/logos/ and catalogs/images/. */
  logoFiles: ReadonlySet<string>;
  productImageFiles: ReadonlySet<string>;
}

export interface SourceCheckOptions {
  /** A parsed file's schema errors: the validators compiled on disk, or the ones in the editor's bundle. */
  checkSchema(source: YamlSource, schema: SchemaName): Diagnostic[];
  cache?: SourceStore;
  /** The cache's key of a file (its absolute path on disk); the repository path when absent. */
  cacheKey?(relative: string): string;
  /** Reads only this catalog; see loadProject. */
  onlyCatalog?: string;
}

/**
 * Every rule of `npm run validate` that needs no disk (YAML, schemas, cross-file rules, logo
 * areas, which image files exist): loadProject runs it on the files on disk, the browser editor on
 * the files as they are being edited, so both say the same words. Diagnostics come sorted.
 */
export function checkSources(files: SourceFiles, options: SourceCheckOptions): { diagnostics: Diagnostic[]; parsed: ParsedProject } {
  const diagnostics: Diagnostic[] = [];
  const fileError = (file: string, message: string) => diagnostics.push({ severity: 'error', file, line: 1, col: 1, path: '(file)', message });

  // Files with errors of their own, and where those errors are: the cross-file checks must not
  // report their consequences (a store "unknown" only because the file defining it is unreadable).
  const { cache } = options;
  const failed = new Map<string, ReadonlySet<string>>();

  const load = (relative: string, schema: SchemaName): YamlSource => {
    const text = files.read(relative) ?? '';
    const parse = () => {
      const parsed = parseYamlSource(relative, text);
      return { source: parsed, schemaErrors: parsed.diagnostics.length === 0 ? options.checkSchema(parsed, schema) : [] };
    };
    const withData = (data: unknown) => yamlSourceWithData(relative, text, data);
    const { source, schemaErrors } = cache ? cache.get(options.cacheKey?.(relative) ?? relative, text, parse, withData) : parse();
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

  const loadFolder = (
    folder: string,
    names: readonly string[],
    schema: SchemaName,
    skip: (name: string) => boolean,
    read: (id: string) => boolean = () => true,
  ) => {
    const sources = new Map<string, YamlSource>();
    const ignored = new Set<string>();
    const unread = new Set<string>();
    for (const name of [...new Set(names)].sort()) {
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
  if (files.read(SITE_FILE) !== undefined) supplierFile = load(SITE_FILE, 'site');
  else fileError(SITE_FILE, 'is missing: it holds the supplier-wide facts (main phone, support e-mail, postal address)');

  const tenants = loadFolder('tenants', files.tenantNames, 'tenant', (name) => name.startsWith('_'));
  const catalogs = loadFolder(
    'catalogs',
    files.catalogNames,
    'catalog',
    () => false,
    (id) => options.onlyCatalog === undefined || id === options.onlyCatalog,
  );
  const parsed: ParsedProject = {
    supplierFile,
    tenants: tenants.sources,
    catalogs: catalogs.sources,
    logoFiles: files.logoFiles,
    productImageFiles: files.productImageFiles,
    failed,
    ignoredTenants: tenants.ignored,
    ignoredCatalogs: catalogs.ignored,
    unreadCatalogs: catalogs.unread,
  };
  // A tenant file ignored for its name already has its error; "no tenant files" would repeat it.
  if (parsed.tenants.size === 0 && tenants.ignored.size === 0) fileError('tenants/', 'has no tenant files: add tenants/<tenant-id>.yaml');
  diagnostics.push(...crossCheck(parsed), ...checkPlacementAreas(parsed), ...(options.onlyCatalog === undefined ? unusedImages(parsed) : []));
  diagnostics.sort(compareDiagnostics);

  return { diagnostics, parsed };
}
