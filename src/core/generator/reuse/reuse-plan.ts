import { existsSync } from 'node:fs';
import path from 'node:path';
import { ENTRY_SITE } from '../../../site/entry-target.ts';
import type { Project } from '../../data/load-project.ts';
import { imageCacheDir, type BuildContext } from '../build-context.ts';
import type { BundledClient } from '../bundle/bundle-phase.ts';
import type { ImagePipeline } from '../images/index.ts';
import type { PreparedImages } from '../images/site-images.ts';
import type { SiteReport } from '../shared/build-report.ts';
import type { ManifestEntry } from '../shared/site-manifest.ts';
import { catalogOf, type SitePlan } from '../site-plan.ts';
import { carriedImageFolder, IMAGE_FOLDER, imageFolderDigest, imageFolderStamp } from './carried-images.ts';
import { previousManifest } from './carried-pages.ts';
import type { FileDigestCache } from '../shared/file-digest-cache.ts';
import { PageCache } from './page-cache.ts';
import { RenderReasons } from './render-reasons.ts';
import { entrySiteInputDigest, previousReport, tenantInputDigest } from './site-inputs.ts';

/** Everything this build takes from earlier builds instead of making it again, each mechanism by name. */
export interface ReusePlan {
  /** Tenants made from the same inputs as last time: each keeps its previous folder, moved over at the swap. */
  unchangedTenants: ReadonlySet<string>;
  /** The entry screen's site, carried like an unchanged tenant: a build that changed nothing renders nothing. */
  entrySiteCarried: boolean;
  /** Rebuilt tenants whose images are the same: each keeps its previous image folder (these manifest entries). */
  carriedImageFolders: ReadonlyMap<string, ManifestEntry[]>;
  /** The previous manifest of each rebuilt tenant whose folder may give pages and images (carried-pages.ts, carried-images.ts). */
  previousManifests: ReadonlyMap<string, ManifestEntry[]>;
  /** Pages rendered before, by the digest of their inputs (.cache/pages/). */
  pageCache: PageCache;
  /** Compressed bytes by the digest of their content (.cache/precompressed/). */
  compressionCache: string;
  /** Digests of published files and image sources by inode, size and mtime (.cache/file-digests.json). */
  fileDigests: FileDigestCache;
  /** Recorded in report.json, for the next build's decisions: each site's input digest, each tenant's image folder digest. */
  inputDigests: ReadonlyMap<string, string>;
  imageFolderDigests: ReadonlyMap<string, string>;
  /** The stamp of each image folder this build takes from the previous output as it is (carried-images.ts imageFolderStamp), where it can vouch for it. */
  imageFolderStamps: ReadonlyMap<string, string>;
  /** What the build in the output folder recorded of each site. */
  previous: ReadonlyMap<string, SiteReport>;
  /** Why each page rendered now is rendered, from what the previous build recorded of its inputs. */
  reasons: RenderReasons;
}

/** What the reuse decisions are made from, for one site. */
export interface SiteReuseFacts {
  id: string;
  isTenant: boolean;
  /** The digest of its inputs now, and the one the previous build recorded. */
  inputs: string;
  previousInputs: string | undefined;
  /** Its folder is in the output folder. */
  folderExists: boolean;
  /** An image of it was encoded now under a name published before: the cache object was damaged, and the files published from it may share it. */
  imagesEncodedNow: boolean;
}

/**
 * Which sites keep their previous folder whole, and which tenants may keep their previous image
 * folder (carriedImageFolder checks the files). `--no-page-cache` carries nothing.
 */
export function decideReuse(sites: readonly SiteReuseFacts[], reusePages: boolean): { carriedSites: string[]; imageFoldersToTry: string[] } {
  const reusable = sites.filter((site) => reusePages && !site.imagesEncodedNow);
  const carriedSites = reusable.filter((site) => site.previousInputs === site.inputs && site.folderExists).map((site) => site.id);
  const imageFoldersToTry = reusable.filter((site) => site.isTenant && !carriedSites.includes(site.id)).map((site) => site.id);
  return { carriedSites, imageFoldersToTry };
}

export interface ReuseInputs {
  project: Project;
  plans: readonly SitePlan[];
  images: ImagePipeline;
  prepared: PreparedImages;
  client: BundledClient;
  fileDigests: FileDigestCache;
}

export async function planReuse(build: BuildContext, { project, plans, images, prepared, client, fileDigests }: ReuseInputs): Promise<ReusePlan> {
  const { sites: previous, recorded } = previousReport(build.outDir);
  const inputDigests = siteInputDigests(build, project, plans, prepared, client);
  const imageFolderDigests = new Map(plans.flatMap((plan) => (plan.tenant ? [[plan.id, imageFolderDigest(plan.requests, prepared)] as const] : [])));
  // Nothing encoded now (every image came from the cache, as in most builds): no site's images were, and its thousands of names need no look-up.
  const anyEncodedNow = images.stats().encoded > 0;
  const facts = plans.map((plan) => ({
    id: plan.id,
    isTenant: plan.tenant !== undefined,
    inputs: inputDigests.get(plan.id)!,
    previousInputs: previous.get(plan.id)?.inputs,
    folderExists: existsSync(path.join(build.outDir, plan.id)),
    imagesEncodedNow:
      anyEncodedNow && plan.requests.some(({ source, preset }) => prepared.get(source, preset).variants.some((variant) => images.encodedNow(variant.file))),
  }));
  const { carriedSites, imageFoldersToTry } = decideReuse(facts, build.reusePages);
  const carriedImageFolders = new Map<string, ManifestEntry[]>();
  const previousManifests = new Map<string, ManifestEntry[]>();
  const imageCache = imageCacheDir(build);
  for (const id of imageFoldersToTry) {
    const manifest = previousManifest(build.outDir, id);
    if (manifest) previousManifests.set(id, manifest);
    const stamps = { previous: previous.get(id)?.imageFolderStamp, imageCache };
    const entries = await carriedImageFolder(build.outDir, id, previous.get(id)?.imageFolder, imageFolderDigests.get(id)!, fileDigests, manifest, stamps);
    if (entries) carriedImageFolders.set(id, entries);
  }
  // Taken as they are (a tenant's whole folder, or its image folder): stamped for the next build's one check.
  const imageFolderStamps = new Map<string, string>();
  for (const id of [...carriedSites, ...carriedImageFolders.keys()]) {
    const stamp = imageFolderStamp(path.join(build.outDir, id, IMAGE_FOLDER), imageCache);
    if (stamp) imageFolderStamps.set(id, stamp);
  }
  return {
    unchangedTenants: new Set(carriedSites.filter((id) => id !== ENTRY_SITE)),
    entrySiteCarried: carriedSites.includes(ENTRY_SITE),
    carriedImageFolders,
    previousManifests,
    // Beside the code, not the data: a page's bytes depend on its inputs and the code only.
    pageCache: new PageCache(build.reusePages ? path.join(build.repoRoot, '.cache', 'pages') : undefined, path.basename(client.dir)),
    // Beside the code too: compressed bytes depend only on content, so every data folder shares them.
    compressionCache: build.compressionCache ?? path.join(build.repoRoot, '.cache', 'precompressed'),
    fileDigests,
    inputDigests,
    imageFolderDigests,
    imageFolderStamps,
    previous,
    reasons: new RenderReasons(
      recorded,
      new Map([...previous].map(([id, site]) => [id, site.frame])),
      path.basename(client.dir),
      project.catalogs.values(),
      build.reusePages,
    ),
  };
}

/** The entry screen's site is carried like an unchanged tenant's. */
export function isCarried(reuse: ReusePlan, id: string): boolean {
  return id === ENTRY_SITE ? reuse.entrySiteCarried : reuse.unchangedTenants.has(id);
}

function siteInputDigests(
  build: BuildContext,
  project: Project,
  plans: readonly SitePlan[],
  prepared: PreparedImages,
  client: BundledClient,
): Map<string, string> {
  const { root, apiOrigin, location, precompress } = build;
  return new Map(
    plans.map((plan) => {
      const common = { root, supplier: project.supplier, images: plan.requests, prepared, clientDir: client.dir, apiOrigin, location, precompress };
      if (!plan.tenant) return [plan.id, entrySiteInputDigest({ ...common, tenants: project.tenants })];
      const { tenant } = plan.tenant;
      return [plan.id, tenantInputDigest({ ...common, tenant, catalog: catalogOf(project, tenant) })];
    }),
  );
}
