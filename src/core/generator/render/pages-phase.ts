import path from 'node:path';
import type { BuildContext } from '../build-context.ts';
import type { BundledClient } from '../bundle/bundle-phase.ts';
import type { FileLinker, ImagePipeline } from '../images/index.ts';
import type { PreparedImages } from '../images/site-images.ts';
import type { SiteReport } from '../publish/build-report.ts';
import type { KnownFolder } from '../publish/publish-site.ts';
import type { SitePublishing } from '../publish/site-publishing.ts';
import { carriedSiteReport, measuredSiteReport, type SiteReportFacts } from '../publish/site-reports.ts';
import { IMAGE_FOLDER } from '../reuse/carried-images.ts';
import { isCarried } from '../reuse/reuse-plan.ts';
import type { SitePlan } from '../site-plan.ts';
import type { PageRenderPool } from './page-render-pool.ts';
import { prepareTenant } from './prepare-tenant.ts';
import { renderCode } from './render-code.ts';

export interface PagesRun extends SiteReportFacts {
  plans: readonly SitePlan[];
  images: ImagePipeline;
  prepared: PreparedImages;
  client: BundledClient;
  staging: string;
  renderPool: PageRenderPool;
  linker: FileLinker;
  publishing: SitePublishing;
  /** Each tenant's image folder as the manifest lists it: carried from the previous output, or linked now (prepareTenant). */
  knownImages: Map<string, KnownFolder>;
}

/** Writes every site's pages into the staging folder (each published as soon as it is written); answers the sites' reports. */
export async function pagesPhase(build: BuildContext, run: PagesRun): Promise<SiteReport[]> {
  build.progress.phaseStarted('pages');
  const sites = await build.clock.timed('pages', () => renderEachSite(build, run));
  await run.renderPool.close();
  const pages = sites.reduce((sum, site) => sum + site.pages, 0);
  const unchanged = run.plans.filter((plan) => isCarried(run.reuse, plan.id)).length;
  build.progress.phaseEnded({ phase: 'pages', pages, sites: run.plans.length, unchanged }, build.clock.ms.pages);
  return sites;
}

/**
 * Three stages: while one tenant's pages render, the next tenant's images are linked into its
 * folder (file-system calls, on libuv's threads) and the one before is compressed. Reports keep the plans' order.
 */
async function renderEachSite(build: BuildContext, run: PagesRun): Promise<SiteReport[]> {
  let rendering: Promise<void> = Promise.resolve();
  const measured: (() => SiteReport)[] = [];
  try {
    for (const plan of run.plans) {
      if (isCarried(run.reuse, plan.id)) {
        measured.push(() => carriedSiteReport(run, plan.id));
        continue;
      }
      const siteDir = path.join(run.staging, plan.id);
      if (plan.tenant) ({ rendering } = await startTenant(build, run, plan, siteDir, rendering));
      else await renderEntry(build, run, plan, siteDir, rendering);
      measured.push(() => measuredSiteReport(run, plan.id, siteDir, run.knownImages.get(plan.id)));
    }
    await rendering;
    return measured.map((site) => site());
  } catch (error) {
    // The tenant still rendering, and the sites being published, write into the staging folder: let them stop before it goes.
    await rendering.catch(() => undefined);
    await run.publishing.settled();
    throw error;
  }
}

/**
 * Lays out the tenant's folder, then starts rendering its pages once the tenant before has
 * finished; answers that rendering in an object, so awaiting the answer does not await it.
 */
async function startTenant(build: BuildContext, run: PagesRun, plan: SitePlan, siteDir: string, before: Promise<void>): Promise<{ rendering: Promise<void> }> {
  const { project } = run.data;
  const tenantBuild = {
    project,
    ...plan.tenant!,
    requests: plan.requests,
    siteDir,
    images: run.images,
    prepared: run.prepared,
    client: run.client,
    pages: run.reuse.pageCache,
    renderPool: run.renderPool,
    linker: run.linker,
    imagesCarried: run.reuse.carriedImageFolders.has(plan.id),
  };
  const { render, imageFiles } = await prepareTenant(build, tenantBuild);
  if (imageFiles) run.knownImages.set(plan.id, { folder: IMAGE_FOLDER, files: imageFiles });
  await before;
  const rendering = render();
  // Handled where it is awaited; until then, a failure must not count as unhandled (which ends the process).
  rendering.catch(() => undefined);
  run.publishing.whenWritten(plan.id, rendering, run.knownImages.get(plan.id));
  return { rendering };
}

/** The entry screen's one page, rendered on this thread once the tenant before has finished. */
async function renderEntry(build: BuildContext, run: PagesRun, plan: SitePlan, siteDir: string, before: Promise<void>): Promise<void> {
  await before;
  build.progress.siteStarted(plan.id, 1);
  const { renderEntrySite } = await renderCode();
  const { root, apiOrigin, location } = build;
  await renderEntrySite({ project: run.data.project, root, siteDir, images: run.images, prepared: run.prepared, client: run.client, apiOrigin, location });
  run.renderPool.rendered.build += 1;
  build.progress.pageDone(plan.id);
  run.publishing.whenWritten(plan.id, Promise.resolve(), run.knownImages.get(plan.id));
}
