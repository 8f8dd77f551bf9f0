import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROBOTS_FILE } from '../generator/shared/site-manifest.ts';
import { HEADERS_FILE, parseHeadersFile } from '../headers-file.ts';
import { UserError } from '../user-error.ts';
import type { FolderFile, HostFolder } from './host-limits.ts';
import {
  HOST_NAMES,
  REDIRECTS_FILE,
  ROOT_NOT_FOUND,
  ROOT_NOT_FOUND_PAGE,
  sharedHeaderRules,
  sharedHeadersFile,
  sharedRedirectsFile,
  WRITTEN_BY,
  type SharedHost,
} from './shared-host-rules.ts';

/** A prefixed tenant's built folder and where it goes on the shared host. */
export interface SharedTenant {
  id: string;
  /** Its route_prefix: the folder is served at /<prefix>/. */
  prefix: string;
  /** Its built folder, dist/<id>/. */
  dir: string;
}

interface PlannedFile extends FolderFile {
  /** The built file it is a link to, or the text written. */
  from: { file: string } | { text: string };
}

/** A host's folder, planned but not written: checked against the host's limits first. */
export interface HostPlan extends HostFolder {
  host: SharedHost;
  files: PlannedFile[];
  headers: string;
  /** The tenants' built folders the files come from. */
  sources: string[];
}

/** The shared host's folder: every prefixed tenant under its prefix. */
export interface SharedHostPlan extends HostPlan {
  redirects: string;
  headerRules: number;
}

/** A tenant without a route_prefix: its built folder is served at the root of a host of its own. */
export interface OwnHostTenant {
  id: string;
  /** Its built folder, dist/<id>/. */
  dir: string;
}

/**
 * Neither host picks a precompressed sibling (both compress themselves), so the `.br`/`.gz` files
 * would only count against the file limits; each tenant's `_headers` is replaced by the root's.
 */
function published(file: string): boolean {
  return !/\.(br|gz)$/.test(file) && file !== HEADERS_FILE;
}

/** Every file of a built tenant folder that the host serves, with its size, under `under` ('' for the host's root). */
function tenantFiles(tenant: { id: string; dir: string }, under: string): PlannedFile[] {
  if (!existsSync(path.join(tenant.dir, HEADERS_FILE)) || !existsSync(path.join(tenant.dir, 'index.html'))) {
    throw new UserError(`${tenant.dir} is not a built storefront (no index.html or _headers): run npm run build -- --tenant ${tenant.id}`);
  }
  return readdirSync(tenant.dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(tenant.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(published)
    .sort()
    .map((file) => {
      const source = path.join(tenant.dir, file);
      return { path: under === '' ? file : `${under}/${file}`, size: statSync(source).size, from: { file: source } };
    });
}

/**
 * Plans the folder of a tenant without a route_prefix for a host of its own (a Pages project, a
 * Netlify site): its built folder at the root without the `.br`/`.gz` siblings, which these hosts
 * would serve as files of their own (`/index.html.br`), and with its own `_headers`, whose rules
 * are relative to the root, marked as written by this command so the next run may replace it.
 * Its own `404.html` and `robots.txt` are at the root already, where both hosts look for them.
 */
export function planOwnHost(host: SharedHost, tenant: OwnHostTenant): HostPlan {
  const files = tenantFiles(tenant, '');
  const headers = `${WRITTEN_BY} for ${HOST_NAMES[host]}: ${tenant.id} at the root of a host of its own.\n${readFileSync(path.join(tenant.dir, HEADERS_FILE), 'utf8')}`;
  return {
    host,
    files: [{ path: HEADERS_FILE, size: Buffer.byteLength(headers), from: { text: headers } }, ...files],
    headers,
    sources: [tenant.dir],
  };
}

/**
 * Plans the folder for one shared host: each tenant's files under its route_prefix, and at the
 * root `_headers`, `_redirects`, `robots.txt` and a neutral `404.html`. `home` (a prefix) sends
 * the bare host to that tenant.
 */
export function planSharedHost(host: SharedHost, tenants: readonly SharedTenant[], home?: string): SharedHostPlan {
  const { headers, redirects, headerRules } = sharedHostConfig(host, tenants, home);
  // Every tenant's robots.txt is the same: it disallows everything.
  const robots = readFileSync(path.join((tenants[0] as SharedTenant).dir, ROBOTS_FILE), 'utf8');
  const root: PlannedFile[] = [
    [HEADERS_FILE, headers],
    [REDIRECTS_FILE, redirects],
    [ROBOTS_FILE, robots],
    [ROOT_NOT_FOUND, ROOT_NOT_FOUND_PAGE],
  ].map(([file, text]) => ({ path: file as string, size: Buffer.byteLength(text as string), from: { text: text as string } }));
  return {
    host,
    files: [...root, ...tenants.flatMap((tenant) => tenantFiles(tenant, tenant.prefix))],
    headers,
    redirects,
    headerRules,
    sources: tenants.map((tenant) => tenant.dir),
  };
}

/** The host's `_headers` and `_redirects` for these tenants, made from their built `_headers`. */
export function sharedHostConfig(
  host: SharedHost,
  tenants: readonly SharedTenant[],
  home?: string,
): { headers: string; redirects: string; headerRules: number } {
  if (tenants.length === 0) throw new UserError('no prefixed tenant to publish: a shared host serves tenants under /<route_prefix>/');
  const rules = sharedHeaderRules(
    tenants.map((tenant) => {
      const file = path.join(tenant.dir, HEADERS_FILE);
      if (!existsSync(file)) throw new UserError(`${tenant.dir} is not a built storefront (no _headers): run npm run build -- --tenant ${tenant.id}`);
      return { tenant: tenant.id, rules: parseHeadersFile(readFileSync(file, 'utf8')) };
    }),
  );
  return { headers: sharedHeadersFile(host, rules), redirects: sharedRedirectsFile(host, home), headerRules: rules.length };
}

/**
 * Writes the plan into `out`: built files as hard links (copies across file systems), beside
 * `out` first and then renamed over it, so a failed run leaves the previous folder whole. A
 * folder this command did not write is never replaced.
 */
export function writeSharedHost(plan: HostPlan, out: string): void {
  const target = path.resolve(out);
  const inside = plan.sources.find((dir) => !path.relative(path.resolve(dir), target).startsWith('..'));
  if (inside) throw new UserError(`--out ${out} is inside the built folder ${inside}: choose a folder outside dist/`);
  if (existsSync(target) && readdirSync(target).length > 0 && !isOurs(target)) {
    throw new UserError(
      `${out} is not a folder npm run shared-host wrote (its _headers does not start with "${WRITTEN_BY}"): remove it or choose another --out`,
    );
  }
  const staging = `${target}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const made = new Set<string>();
  try {
    for (const file of plan.files) {
      const destination = path.join(staging, file.path);
      const parent = path.dirname(destination);
      if (!made.has(parent)) {
        mkdirSync(parent, { recursive: true });
        made.add(parent);
      }
      if ('text' in file.from) writeFileSync(destination, file.from.text);
      else linkOrCopy(file.from.file, destination);
    }
    const previous = `${target}.previous-${process.pid}`;
    if (existsSync(target)) renameSync(target, previous);
    renameSync(staging, target);
    rmSync(previous, { recursive: true, force: true });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

function isOurs(folder: string): boolean {
  const headers = path.join(folder, HEADERS_FILE);
  return existsSync(headers) && readFileSync(headers, 'utf8').startsWith(WRITTEN_BY);
}

function linkOrCopy(source: string, destination: string): void {
  try {
    linkSync(source, destination);
  } catch (error) {
    // Another file system, or one without hard links.
    if (!['EXDEV', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    copyFileSync(source, destination);
  }
}

/** An existing folder as a host would be given it, for `--check`. */
export function readHostFolder(dir: string): HostFolder {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UserError(`${dir} is not a folder`);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { path: path.relative(dir, file).split(path.sep).join('/'), size: statSync(file).size };
    });
  const text = (name: string) => (existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : undefined);
  return { files, headers: text(HEADERS_FILE), redirects: text(REDIRECTS_FILE) };
}
