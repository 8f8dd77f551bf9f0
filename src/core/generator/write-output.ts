import { ENTRY_SITE } from '../../site/entry-target.ts';
import type { BuildContext } from './build-context.ts';
import { FileLinker } from './images/index.ts';
import { pagesPhase, type PagesRun } from './render/pages-phase.ts';
import { IMAGE_FOLDER } from './reuse/carried-images.ts';
import type { ReusePlan } from './reuse/reuse-plan.ts';
import type { ValidData } from './validate/validate-phase.ts';
import { writeAtomically } from './publish/atomic-output.ts';
import { writeReport, type BuildReport, type PagesRendered, type SiteReport } from './shared/build-report.ts';
import type { KnownFolder } from './publish/publish-site.ts';
import { SitePublishing } from './publish/site-publishing.ts';

export type SitesToWrite = Omit<PagesRun, 'staging' | 'recycled' | 'linker' | 'publishing' | 'knownImages' | 'carryOver'>;

/** Renders and publishes every site into a staging folder that replaces the output at the end: all or nothing. Answers the report. */
export async function writeOutput(build: BuildContext, sites: SitesToWrite): Promise<BuildReport> {
  const linker = new FileLinker();
  let report: BuildReport | undefined;
  // The pages phase adds the page folders it carries; the swap reads the list once the writer has finished.
  const carryOver = carriedFolders(sites.data, sites.reuse);
  build.clock.start('write');
  try {
    await writeAtomically(
      build.outDir,
      async (staging, recycled) => {
        build.clock.stop();
        report = await writeStaging(build, {
          ...sites,
          staging,
          recycled,
          linker,
          publishing: publishingOf(build, sites.reuse, staging),
          knownImages: knownImagesOf(sites.reuse),
          carryOver,
        });
      },
      { carryOver },
    );
  } finally {
    // The linker's thread ends with the build, whether it succeeded or not (the render threads with buildStorefronts).
    await linker.close();
  }
  build.clock.stop();
  build.progress.phaseEnded({ phase: 'write', outDir: build.outDir }, build.clock.ms.write);
  if (!report) throw new Error('internal: the build finished without writing its report');
  return report;
}

async function writeStaging(build: BuildContext, run: PagesRun): Promise<BuildReport> {
  const sites = await pagesPhase(build, run);
  build.progress.phaseStarted('write');
  // What is left of publishing once every page is written: the last tenant's, and whatever did not keep up.
  await build.clock.timed('write', async () => {
    await run.publishing.finished();
    run.reuse.fileDigests.save();
  });
  build.clock.start('write');
  const report = {
    ...buildReport(build, run.data, await sites.reports(), run.renderPool.rendered),
    changed: run.reuse.reasons.changed(),
    recorded: run.reuse.reasons.now,
  };
  // Inside the staging folder: a failed build keeps the previous report with the previous output.
  writeReport(run.staging, report);
  return report;
}

function buildReport(build: BuildContext, data: ValidData, sites: readonly SiteReport[], pagesRendered: PagesRendered): BuildReport {
  return {
    partial: build.only.length > 0,
    tenants: sites.filter((site) => site.id !== ENTRY_SITE),
    entry: sites.find((site) => site.id === ENTRY_SITE)!,
    warnings: data.warnings.length,
    phasesMs: build.clock.rounded(),
    totalMs: build.clock.totalMs(),
    pagesRendered: { ...pagesRendered },
  };
}

function publishingOf({ precompress }: BuildContext, reuse: ReusePlan, staging: string): SitePublishing {
  return new SitePublishing(staging, { precompress, cacheDir: reuse.compressionCache, digests: reuse.fileDigests, rememberWritten: reuse.pageCache.keeps });
}

function knownImagesOf(reuse: ReusePlan): Map<string, KnownFolder> {
  return new Map([...reuse.carriedImageFolders].map(([id, files]) => [id, { folder: IMAGE_FOLDER, files }]));
}

/** Folders of the previous output moved into the new one at the swap: tenants not built, unchanged sites, carried image folders. */
function carriedFolders(data: ValidData, reuse: ReusePlan): string[] {
  const carriedSites = [...reuse.unchangedTenants, ...(reuse.entrySiteCarried ? [ENTRY_SITE] : [])];
  return [...data.leftAsTheyWere, ...carriedSites, ...[...reuse.carriedImageFolders.keys()].map((id) => `${id}/${IMAGE_FOLDER}`)];
}
