import { lstatSync, mkdirSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, type ManifestEntry } from '../shared/site-manifest.ts';

/** A tenant's previous manifest, as its folder in the output lists it; undefined when it cannot be read. */
export function previousManifest(outDir: string, id: string): ManifestEntry[] | undefined {
  try {
    return JSON.parse(readFileSync(path.join(outDir, id, MANIFEST_FILE), 'utf8')) as ManifestEntry[];
  } catch {
    return undefined;
  }
}

/**
 * The page folders of a rebuilt tenant that the build takes whole from the previous output, moved
 * into the new one at the swap (atomic-output.ts, carryOver) like an unchanged tenant's folder:
 * one rename for a page and its compressed siblings, instead of a folder made, a link from the
 * page store and two from the compression cache, each stated for the manifest. So a one-product
 * edit costs the pages that show the product, not every page of the tenants selling it.
 *
 * A folder is taken when it holds one page and its siblings only (an item page's `item/K500/`;
 * not `catalog/mens/`, which holds its later pages' folders, nor `search/`, with the search index), the page in it is the very file
 * the page store holds for the page's inputs now (the same inode: the previous build linked it
 * from there), and its files are the ones the previous manifest lists, whose entries the new
 * manifest takes as they are.
 */
export class CarriedPages {
  /** Taken folders, relative to the output: `acme/item/K500`. */
  readonly folders: string[] = [];
  /** The manifest entries of the files in them. */
  readonly entries: ManifestEntry[] = [];
  private readonly byFolder = new Map<string, ManifestEntry[]>();
  private readonly madeParents = new Set<string>();

  /**
   * `previousSite`: the tenant's folder in the output; `siteDir`: its folder in the staging
   * folder, where the taken folders' parents are made ready for the swap.
   */
  constructor(
    private readonly id: string,
    private readonly previousSite: string,
    private readonly siteDir: string,
    manifest: readonly ManifestEntry[],
  ) {
    for (const entry of manifest) {
      const folder = path.posix.dirname(entry.path);
      let entries = this.byFolder.get(folder);
      if (!entries) this.byFolder.set(folder, (entries = []));
      entries.push(entry);
    }
  }

  /** Takes the folder of the page `file` (relative to the site) when it may be carried whole, `kept` the page store's file of it; answers whether it did. */
  take(file: string, kept: Stats): boolean {
    const folder = path.posix.dirname(file);
    const listed = folder === '.' ? undefined : this.byFolder.get(folder);
    // The page and its compressed siblings only: a folder with other files (search/, with the search index) gets them written now.
    if (!listed?.some((entry) => entry.path === file) || !listed.every((entry) => entry.path.startsWith(file))) return false;
    try {
      const published = lstatSync(path.join(this.previousSite, file));
      if (published.ino !== kept.ino || published.dev !== kept.dev) return false;
      // Names only (a folder there would not be a listed file's name): no stray file is carried into the new output.
      const found = readdirSync(path.join(this.previousSite, folder));
      if (found.length !== listed.length || found.some((name) => !listed.some((item) => item.path === `${folder}/${name}`))) return false;
    } catch {
      return false;
    }
    // Most share a parent (`item/`): made once.
    const parent = path.dirname(folder);
    if (!this.madeParents.has(parent)) {
      mkdirSync(path.join(this.siteDir, parent), { recursive: true });
      this.madeParents.add(parent);
    }
    this.folders.push(`${this.id}/${folder}`);
    this.entries.push(...listed);
    return true;
  }
}
