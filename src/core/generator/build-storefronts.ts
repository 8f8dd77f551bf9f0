import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { listFiles } from '../data/list-files.ts';
import { buildContext, imageCacheDir } from './build-context.ts';
import type { BuildOptions, BuildResult } from './build-options.ts';
import { bundlePhase } from './bundle/bundle-phase.ts';
import { createImagePipeline } from './images/index.ts';
import { imagesPhase } from './images/images-phase.ts';
import { PreparedImages } from './images/site-images.ts';
import { writeOutput } from './write-output.ts';
import { FileDigestCache } from './shared/file-digest-cache.ts';
import { planReuse } from './reuse/reuse-plan.ts';
import { REPORT_FILE } from './shared/build-report.ts';
import { PageRenderPool, RENDER_THREAD_MODULE } from './render/page-render-pool.ts';
import { startLoadingRenderCode } from './render/render-code.ts';
import { compiledModule } from '../compiled-module.ts';
import type { BuildContext } from './build-context.ts';
import { planSites } from './site-plan.ts';
import { validatePhase } from './validate/validate-phase.ts';

/**
 * Validates, then writes dist/<tenant-id>/ for every (or every chosen) tenant, all or nothing.
 * The phases, in order: validate the data → plan the sites → prepare their images → bundle the
 * browser code → decide what earlier builds' output is reused → render and publish each site into
 * a staging folder, write the report and swap it in.
 */
export async function buildStorefronts(options: BuildOptions): Promise<BuildResult> {
  const build = buildContext(options);
  const renderPool = new PageRenderPool(build.renderThreads, () =>
    compiledModule(RENDER_THREAD_MODULE, { projectRoot: build.repoRoot, cacheDir: path.join(build.repoRoot, '.cache', 'compiled', 'render-thread') }),
  );
  try {
    if (rendersPages(build)) {
      startLoadingRenderCode();
      if (manyPages(build)) renderPool.start();
    }
    return await buildWith(build, renderPool);
  } finally {
    // The threads, if any started, end with the build, whether it succeeded or not.
    await renderPool.close();
  }
}

async function buildWith(build: BuildContext, renderPool: PageRenderPool): Promise<BuildResult> {
  const data = await validatePhase(build);
  const plans = planSites(build.root, data.project, data.chosen);
  const fileDigests = new FileDigestCache(path.join(build.repoRoot, '.cache', 'file-digests.json'));
  // Beside the code, not the data: a variant is keyed by its source's bytes and settings (variant-cache.ts), so a build of
  // another --root reuses the pictures it shares with any data folder built before instead of encoding them again.
  const images = createImagePipeline({ cacheDir: imageCacheDir(build), digests: fileDigests });
  const prepared = new PreparedImages(images);
  const imageCounts = await imagesPhase(build, plans, images, prepared);
  const client = await bundlePhase(build);
  const reuse = await planReuse(build, { project: data.project, plans, images, prepared, client, fileDigests });
  const report = await writeOutput(build, { data, plans, images, prepared, client, reuse, renderPool, imageCounts: imageCounts.perSite });
  const pages = [...report.tenants, report.entry].reduce((sum, site) => sum + site.pages, 0);
  return { tenants: data.chosen.map((tenant) => tenant.id), pages, images: imageCounts.totals, report };
}

/**
 * Catalogs of a few hundred products or more, told by their files' size before they are read
 * (the sample's three are about 60 KB, the bench's 650 KB): pages enough that the helper thread,
 * started now, pays for the second or more it takes to load. Smaller data (most tests' fixtures)
 * starts it on first use, or never (page-render-pool.ts).
 */
function manyPages(build: BuildContext): boolean {
  const folder = path.join(build.root, 'catalogs');
  try {
    const bytes = listFiles(folder)
      .filter((name) => name.endsWith('.yaml'))
      .reduce((sum, name) => sum + statSync(path.join(folder, name)).size, 0);
    return bytes >= MANY_PAGES_CATALOG_BYTES;
  } catch {
    // An unreadable folder or file is the validate phase's to report.
    return false;
  }
}
const MANY_PAGES_CATALOG_BYTES = 48 * 1024;

/**
 * A build that will surely render pages: every page asked for, or no previous build to carry a
 * site from. Any other build may carry every site and render nothing, and then never loads the
 * render code (renderCode).
 */
function rendersPages(build: BuildContext): boolean {
  return !build.reusePages || !existsSync(path.join(build.outDir, REPORT_FILE));
}
