import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BuildContext } from '../build-context.ts';
import type { BundledClient } from '../bundle/bundle-phase.ts';
import type { FileLinker, ImagePipeline } from '../images/index.ts';
import type { PreparedImages } from '../images/site-images.ts';
import type { SiteReport } from '../shared/build-report.ts';
import type { KnownFolder } from '../publish/publish-site.ts';
import type { ManifestEntry } from '../shared/site-manifest.ts';
import type { SitePublishing } from '../publish/site-publishing.ts';
import { carriedSiteReport, measuredSiteReport, type SiteReportFacts } from '../publish/site-reports.ts';
import { IMAGE_FOLDER } from '../reuse/carried-images.ts';
import { isCarried } from '../reuse/reuse-plan.ts';
import { CarriedPages } from '../reuse/carried-pages.ts';
import type { SitePlan } from '../site-plan.ts';
import type { PageRenderPool } from './page-render-pool.ts';
import { prepareTenant } from './prepare-tenant.ts';
import { renderCode } from './render-code.ts';
import { ADMIN_FOLDER, writeAdminSite } from '../../editor/admin-site.ts';

export interface PagesRun extends SiteReportFacts {
  plans: readonly SitePlan[];
  images: ImagePipeline;
  prepared: PreparedImages;
  client: BundledClient;
  staging: string;
  /** The output before last, whose folders the writers may take (writeAtomically); none on a first build. */
  recycled: string | undefined;
  renderPool: PageRenderPool;
  linker: FileLinker;
  publishing: SitePublishing;
  /** Each tenant's image folder as the manifest lists it: carried from the previous output, or linked now (prepareTenant). */
  knownImages: Map<string, KnownFolder>;
  /** What the swap moves over from the previous output: the build adds the page folders it carries (carried-pages.ts). */
  carryOver: string[];
}

/** The sites the pages phase wrote or carried. */
export interface WrittenSites {
  /** Pages written, linked or carried, the 404 pages included. */
  pages: number;
  /** Their reports in the plans' order, once publishing has finished (SitePublishing.finished): a written site's is measured from its manifest. */
  reports(): Promise<SiteReport[]>;
}

/** Writes every site's pages into the staging folder (each published as soon as it is written). */
export async function pagesPhase(build: BuildContext, run: PagesRun): Promise<WrittenSites> {
  build.progress.phaseStarted('pages');
  // Pages are given their compressed siblings as they are written (page-file.ts), before any site is published.
  if (build.precompress) mkdirSync(run.reuse.compressionCache, { recursive: true });
  const sites = await build.clock.timed('pages', () => renderEachSite(build, run));
  await run.renderPool.close();
  const unchanged = run.plans.filter((plan) => isCarried(run.reuse, plan.id)).length;
  build.progress.phaseEnded({ phase: 'pages', pages: sites.pages, sites: run.plans.length, unchanged }, build.clock.ms.pages);
  return sites;
}

/**
 * Three stages: while one tenant's pages render, the next tenant's images are linked into its
 * folder (file-system calls, on libuv's threads) and the one before is compressed. Reports keep the plans' order.
 */
async function renderEachSite(build: BuildContext, run: PagesRun): Promise<WrittenSites> {
  let rendering: Promise<unknown> = Promise.resolve();
  let pages = 0;
  // Functions, not promises: a site whose publishing fails must not leave a rejected report promise unhandled.
  const reports: (() => Promise<SiteReport>)[] = [];
  try {
    for (const plan of run.plans) {
      if (isCarried(run.reuse, plan.id)) {
        const carried = carriedSiteReport(run, plan.id);
        pages += carried.pages;
        reports.push(async () => carried);
        continue;
      }
      const siteDir = path.join(run.staging, plan.id);
      const site = plan.tenant ? await startTenant(build, run, plan, siteDir, rendering) : await renderEntry(build, run, plan, siteDir, rendering);
      rendering = site.rendering;
      pages += site.pages;
      reports.push(async () => measuredSiteReport(run, plan.id, await site.published));
    }
    await rendering;
    return { pages, reports: () => Promise.all(reports.map((report) => report())) };
  } catch (error) {
    // The tenant still rendering, and the sites being published, write into the staging folder: let them stop before it goes.
    await rendering.catch(() => undefined);
    await run.publishing.settled();
    throw error;
  }
}

/** A site whose pages are being written: its rendering, its publishing (answering the manifest's entries) and its number of pages. */
interface StartedSite {
  rendering: Promise<unknown>;
  published: Promise<ManifestEntry[]>;
  pages: number;
}

/**
 * Lays out the tenant's folder, then starts rendering its pages once the tenant before has
 * finished; answers that rendering in an object, so awaiting the answer does not await it.
 */
async function startTenant(build: BuildContext, run: PagesRun, plan: SitePlan, siteDir: string, before: Promise<unknown>): Promise<StartedSite> {
  const { project } = run.data;
  const manifest = run.reuse.previousManifests.get(plan.id);
  const carried = manifest && new CarriedPages(plan.id, path.join(build.outDir, plan.id), siteDir, manifest);
  const tenantBuild = {
    project,
    ...plan.tenant!,
    requests: plan.requests,
    imagesDigest: run.reuse.imageFolderDigests.get(plan.id)!,
    siteDir,
    recycledSiteDir: run.recycled && path.join(run.recycled, plan.id),
    images: run.images,
    prepared: run.prepared,
    client: run.client,
    pages: run.reuse.pageCache,
    reasons: run.reuse.reasons,
    carried,
    renderPool: run.renderPool,
    linker: run.linker,
    previousAssets: build.reusePages ? { siteDir: path.join(build.outDir, plan.id), digests: run.reuse.fileDigests } : undefined,
    imagesCarried: run.reuse.carriedImageFolders.has(plan.id),
    precompress: build.precompress ? { cacheDir: run.reuse.compressionCache } : undefined,
  };
  const { render, imageFiles, pages } = await prepareTenant(build, tenantBuild);
  if (imageFiles) run.knownImages.set(plan.id, { folder: IMAGE_FOLDER, files: imageFiles });
  await before;
  const rendering = render();
  // Handled where it is awaited; until then, a failure must not count as unhandled (which ends the process).
  rendering.catch(() => undefined);
  if (carried) run.carryOver.push(...carried.folders);
  const published = run.publishing.whenWritten(plan.id, rendering, run.knownImages.get(plan.id), carried?.entries);
  return { rendering, published, pages };
}

/** The entry site's pages (the entry screen, the order desk, the editor when set up), rendered on this thread once the tenant before has finished. */
async function renderEntry(build: BuildContext, run: PagesRun, plan: SitePlan, siteDir: string, before: Promise<unknown>): Promise<StartedSite> {
  await before;
  const { renderEntrySite, ENTRY_SITE_PAGES, DESK_FOLDER, deskApiBase } = await renderCode();
  const { project } = run.data;
  const { root, apiOrigin, location, precompress } = build;
  // A preview reaches no order API, so it has no editor to sign in to.
  const repository = location.preview === undefined ? project.supplier.editorRepository : undefined;
  const pages = ENTRY_SITE_PAGES + (repository ? 1 : 0);
  for (const file of ['index.html', `${DESK_FOLDER}/index.html`, ...(repository ? [`${ADMIN_FOLDER}/index.html`] : [])])
    run.reuse.reasons.entryPage(plan.id, file);
  build.progress.siteStarted(plan.id, pages);
  const assets = await renderEntrySite({
    project,
    root,
    siteDir,
    images: run.images,
    prepared: run.prepared,
    client: run.client,
    precompress,
    apiOrigin,
    location,
  });
  if (repository) {
    const github = { orderApi: deskApiBase(project, apiOrigin, location), repository, previewOrigin: project.supplier.editorPreviewOrigin };
    await writeAdminSite(siteDir, { title: `${project.supplier.supplierName}: catalog editor`, github });
  }
  run.renderPool.rendered.build += pages;
  for (let page = 0; page < pages; page++) build.progress.pageDone(plan.id);
  // Its bundle's files are told, with the siblings made with the bundle; publishing reads the rest.
  const published = run.publishing.whenWritten(plan.id, Promise.resolve(assets), run.knownImages.get(plan.id));
  return { rendering: Promise.resolve(), published, pages };
}
