import path from 'node:path';
import type { Tenant } from '../../domain/tenant.ts';
import { ENTRY_SITE } from '../../site/entry-target.ts';
import { tenantImageSources } from '../generator/images/site-images.ts';
import { checkImages } from '../generator/images/index.ts';
import { formatDiagnostic, type Diagnostic } from '../data/diagnostic.ts';
import { refreshEditorValues } from '../data/editor-values.ts';
import { loadProject, SourceCache, type Project } from '../data/load-project.ts';

/** The entry screen's key among the sites a change can affect (tenant ids cannot start with '_'). */
export const ENTRY_KEY = ENTRY_SITE;

export interface DataChange {
  /** Sites (tenant ids, ENTRY_KEY) whose pages changed and should reload. */
  sites: string[];
  /** The errors now in the data ([] when valid); while there are any, the last good project is kept. */
  errors: Diagnostic[];
  /** Whether the errors differ from before the change (shown or cleared in the pages). */
  errorsChanged: boolean;
}

/**
 * The data `npm run dev` renders from, in memory: loaded with the same loader as the build and
 * `npm run validate`, reloaded on every change. A change that leaves errors keeps the last
 * good project, so the pages keep showing it under the error overlay.
 */
export class DevData {
  project: Project;
  errors: Diagnostic[] = [];
  /** Bumped whenever what pages render from may have changed (data or images). */
  version = 0;
  private digests: Map<string, string>;

  private constructor(
    readonly root: string,
    project: Project,
    private readonly cache: SourceCache,
  ) {
    this.project = project;
    this.digests = siteDigests(project);
  }

  /**
   * Loads the data and checks its images as `npm run validate` does; undefined (after printing the
   * problems) when it has errors, as the build refuses it.
   */
  static async load(root: string): Promise<{ data?: DevData; diagnostics: Diagnostic[] }> {
    const cache = new SourceCache();
    const result = await checkImages(root, loadProject(root, cache));
    refreshEditorValues(root, result);
    return { data: result.project ? new DevData(root, result.project, cache) : undefined, diagnostics: result.diagnostics };
  }

  /**
   * Reloads after `files` (absolute paths) changed. Images are checked again too, but the image
   * check's cache (by size and modification time) reads only the files that changed.
   */
  async reload(files: readonly string[]): Promise<DataChange> {
    const result = await checkImages(this.root, loadProject(this.root, this.cache));
    refreshEditorValues(this.root, result);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    const errorsChanged = errors.map(formatDiagnostic).join('\n') !== this.errors.map(formatDiagnostic).join('\n');
    this.errors = errors;
    const sites = new Set<string>();
    if (result.project) {
      const digests = siteDigests(result.project);
      for (const [site, digest] of digests) if (this.digests.get(site) !== digest) sites.add(site);
      this.project = result.project;
      this.digests = digests;
    }
    // An edited image changes no data, only the pages that show it.
    for (const site of sitesShowing(this.root, this.project, files)) sites.add(site);
    if (sites.size > 0) this.version += 1;
    return { sites: [...sites].sort(), errors, errorsChanged };
  }
}

/** Per site, everything its pages are rendered from: a site whose digest did not change need not reload. */
function siteDigests(project: Project): Map<string, string> {
  const json = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (item instanceof Map ? [...item] : item instanceof Set ? [...item] : item));
  const supplier = json(project.supplier);
  const digests = new Map<string, string>(
    project.tenants.map((tenant) => [tenant.id, `${supplier}\0${json(tenant)}\0${json(project.catalogs.get(tenant.catalogId))}`]),
  );
  digests.set(
    ENTRY_KEY,
    `${supplier}\0${json(project.tenants.map((tenant) => [tenant.id, tenant.routePrefix, tenant.companyName, tenant.password !== undefined, tenant.serverHostname]))}`,
  );
  return digests;
}

/** The sites whose pages show one of `files` (product photos, logos, the entry header). */
function sitesShowing(root: string, project: Project, files: readonly string[]): string[] {
  const images = new Set(files.filter((file) => !file.endsWith('.yaml') && !file.endsWith('.yml')).map((file) => path.resolve(file)));
  if (images.size === 0) return [];
  const shows = (tenant: Tenant) => {
    const catalog = project.catalogs.get(tenant.catalogId);
    if (!catalog) return false;
    const sources = tenantImageSources(root, tenant, catalog);
    return (
      [...sources.products, ...sources.logos].some(({ source }) => images.has(source)) || (sources.companyLogo !== undefined && images.has(sources.companyLogo))
    );
  };
  const sites = project.tenants.filter(shows).map((tenant) => tenant.id);
  if (project.supplier.entryHeaderImage && images.has(path.join(root, 'tenants', 'logos', project.supplier.entryHeaderImage))) sites.push(ENTRY_KEY);
  return sites;
}
