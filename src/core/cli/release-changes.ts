import { PREVIEW_SPACE } from '../generator/deploy/preview-targets.ts';
import { SHARED_SPACE } from '../generator/deploy/publish-layout.ts';
import type { ListedObject } from './s3-objects.ts';

/** Where the release ledgers live, beside the sites' folders and never inside one. */
export const LEDGER_SPACE = '_deploys';

/**
 * The four kinds of file a release sends, in the order it sends them: hashed assets first (new
 * names, invisible to every page online), then the other files, the pages, and each site's
 * manifest.json last (a folder whose manifest is the new one has all its new files).
 */
export const FILE_CLASSES = ['asset', 'other', 'page', 'manifest'] as const;
export type FileClass = (typeof FILE_CLASSES)[number];

export function fileClass(file: string): FileClass {
  if (file.startsWith('assets/')) return 'asset';
  if (file === 'manifest.json') return 'manifest';
  return file.endsWith('.html') ? 'page' : 'other';
}

/** A file of a built site as the release sends it. */
export interface SiteFile {
  /** Inside the site folder, '/' separators. */
  path: string;
  size: number;
  /** What the bucket lists for these bytes (object-etag.ts). */
  etag: string;
  sha256: string;
}

/** One built site and the folder of the bucket it goes to. */
export interface ReleaseSite {
  tenant: string;
  /** Inside the bucket folder, as deploy:plan prints it: `_shared/guardian`, `first`, `_previews/pr-12/_shared/guardian`. */
  key: string;
  /** The built folder on this machine (dist/<tenant>). */
  dir: string;
  files: readonly SiteFile[];
}

/** Every file of the sites by its key inside the bucket folder (`_shared/guardian/index.html`). */
export function filesByKey(sites: readonly ReleaseSite[]): Map<string, SiteFile> {
  return new Map(sites.flatMap((site) => site.files.map((file) => [`${site.key}/${file.path}`, file] as const)));
}

export interface Upload {
  site: ReleaseSite;
  file: SiteFile;
  /** Inside the bucket folder. */
  key: string;
  kind: FileClass;
}

export interface ReleaseChanges {
  /** In FILE_CLASSES order. */
  uploads: Upload[];
  /** Files the bucket already holds with these bytes. */
  unchanged: number;
  /** Pages and other files no site of the release has any more: deleted once the new ones are up. */
  dropped: string[];
  /**
   * Assets no page of the release names any more, and every object of a folder no tenant publishes
   * to now (a removed tenant, a changed route prefix): kept for the grace period, then deleted.
   */
  unreferenced: string[];
  /** Whether a ledger entry is about an object this release decides on: the others are carried as they are. */
  inScope: (key: string) => boolean;
}

const TENANT_FOLDER = /^[a-z0-9][a-z0-9-]*$/;

/**
 * What a release must do, from the bucket's listing alone: a file is sent when the bucket lacks
 * it or lists other bytes for it (its ETag), whatever the size, so an object damaged or
 * overwritten in the bucket is put right by the next release; nothing else is sent. `repair`
 * names keys a full check found damaged although their ETag matches. `currentKeys`, when given,
 * are the folders of every tenant of the data: any other tenant folder (`_shared/<prefix>/`,
 * `<tenant-id>/`) is pruned. Previews, ledgers and anything else of the bucket are never touched.
 */
export function releaseChanges({
  sites,
  listing,
  currentKeys,
  repair = new Set(),
}: {
  sites: readonly ReleaseSite[];
  listing: ReadonlyMap<string, ListedObject>;
  currentKeys?: readonly string[];
  repair?: ReadonlySet<string>;
}): ReleaseChanges {
  const uploads: Upload[] = [];
  let unchanged = 0;
  const sent = new Set<string>();
  for (const site of sites) {
    for (const file of site.files) {
      const key = `${site.key}/${file.path}`;
      sent.add(key);
      const listed = listing.get(key);
      if (listed === undefined || listed.etag !== file.etag || listed.size !== file.size || repair.has(key))
        uploads.push({ site, file, key, kind: fileClass(file.path) });
      else unchanged += 1;
    }
  }
  uploads.sort((a, b) => FILE_CLASSES.indexOf(a.kind) - FILE_CLASSES.indexOf(b.kind) || compare(a.key, b.key));

  const siteOf = (key: string) => sites.find((site) => key.startsWith(`${site.key}/`));
  const pruned = (key: string) => currentKeys !== undefined && prunable(key, currentKeys);
  const dropped: string[] = [];
  const unreferenced: string[] = [];
  for (const key of [...listing.keys()].sort(compare)) {
    if (sent.has(key)) continue;
    const site = siteOf(key);
    if (site) (key.startsWith(`${site.key}/assets/`) ? unreferenced : dropped).push(key);
    else if (pruned(key)) unreferenced.push(key);
  }
  return { uploads, unchanged, dropped, unreferenced, inScope: (key) => siteOf(key) !== undefined || pruned(key) };
}

/** An object of a tenant folder that no tenant of the data publishes to. */
function prunable(key: string, currentKeys: readonly string[]): boolean {
  if (currentKeys.some((current) => key.startsWith(`${current}/`))) return false;
  const [first = '', second = '', ...rest] = key.split('/');
  if (first === SHARED_SPACE) return rest.length > 0 && TENANT_FOLDER.test(second);
  if (first === PREVIEW_SPACE || first === LEDGER_SPACE) return false;
  return second !== '' && TENANT_FOLDER.test(first);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
