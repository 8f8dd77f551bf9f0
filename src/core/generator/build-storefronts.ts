import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Tenant } from '../../domain/tenant.ts';
import type { PageModel } from '../../site/page-model.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { ENTRY_SITE } from '../../site/entry-target.ts';
import { basePath } from '../../site/routes.ts';
import { PRODUCTION, type SiteLocation } from '../../site/site-location.ts';
import { loadProject, type Project } from '../data/load-project.ts';
import { isPlaceholderApi, PLACEHOLDER_API_ORIGIN } from '../data/order-api-address.ts';
import { refreshEditorValues } from '../data/editor-values.ts';
import { reportLoad } from '../data/report-load.ts';
import { writeAtomically } from './publish/atomic-output.ts';
import { carriedImageFolder, IMAGE_FOLDER, imageFolderDigest } from './reuse/carried-images.ts';
import { SILENT_PROGRESS, type BuildPhase, type BuildProgress } from './build-progress.ts';
import { measureSite, writeReport, type BuildReport, type SiteReport } from './publish/build-report.ts';
import { bundleClientCached } from './bundle/bundle-client.ts';
import type { ClientAssets } from './bundle/client-assets.ts';
import { checkImages, createImagePipeline, FileLinker, type ImagePipeline, UnusableImagesError } from './images/index.ts';
import { copyClientAssets, publisher } from './publish/publish-assets.ts';
import { FileDigestCache } from './reuse/file-digest-cache.ts';
import { PageRenderPool } from './render/page-render-pool.ts';
import type { TenantRenderJob } from './render/page-render-worker.ts';
import { productImageKey } from './images/product-image-key.ts';
import { keepPage, PageStore, type PageSlot } from './reuse/page-store.ts';
import { publishSite, type KnownFolder, type ManifestEntry } from './publish/publish-site.ts';
import { entrySiteInputDigest, previousSites, siteInputDigest } from './reuse/site-inputs.ts';
import { entryHeaderImage, PreparedImages, tenantImageRequests, tenantImageSources, type ImageRequest, type TenantImageSources } from './images/site-images.ts';
import { UserError } from '../user-error.ts';

export interface BuildOptions {
  /** Where tenants/ and catalogs/ are. */
  root: string;
  /** Where src/ is: the code that renders and the browser bundles. */
  repoRoot: string;
  /** The output folder, normally <root>/dist. */
  outDir: string;
  /** Build only these tenant ids and keep the others' previous output; all when empty. */
  only?: readonly string[];
  /** Replaces every tenant's server_hostname, so a local build talks to a local order API. */
  apiOrigin?: string;
  /** Where the sites are served and whether they are a preview (`--base-path`, `--preview`); production by default. */
  location?: SiteLocation;
  /** Build tenants whose order API is the example address (`--allow-placeholder-api`): pages to look at, never to publish. */
  allowPlaceholderApi?: boolean;
  /** Told about each phase as it runs; nothing by default. */
  progress?: BuildProgress;
  /** Write .br and .gz siblings of the text files (default true; `--no-precompress`). */
  precompress?: boolean;
  /**
   * Reuse what was built before: pages from `.cache/pages/`, an unchanged tenant's folder and an image folder from the
   * previous output (default true). `--no-page-cache` renders and writes every page of every tenant; the image and
   * client bundle caches still serve.
   */
  reusePages?: boolean;
  /** Threads that render pages (`--workers N`, default 1: the build's own thread). The output is the same either way. */
  renderThreads?: number;
  /** Where compressed bytes are kept (default `.cache/precompressed/` beside the code; `--compression-cache DIR`). */
  compressionCache?: string;
}

export interface BuildResult {
  tenants: string[];
  pages: number;
  /** Variant files of the distinct images used: encoded now, or found in the cache. */
  images: { encoded: number; reused: number };
  /** What was written to <outDir>/report.json. */
  report: BuildReport;
}

export class BuildInputError extends UserError {}


interface SitePlan {
  id: string;
  requests: ImageRequest[];
  tenant?: { tenant: Tenant; sources: TenantImageSources };
}

/** Validates, then writes dist/<tenant-id>/ for every (or every chosen) tenant, all or nothing. */
export async function buildStorefronts({ root, repoRoot, outDir, only = [], apiOrigin, location = PRODUCTION, allowPlaceholderApi = false, progress = SILENT_PROGRESS, precompress = true, reusePages = true, renderThreads, compressionCache }: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const phasesMs: Record<BuildPhase, number> = { validate: 0, images: 0, bundle: 0, pages: 0, write: 0 };
  const timed = async <T>(phase: BuildPhase, run: () => Promise<T> | T): Promise<T> => {
    const from = performance.now();
    const value = await run();
    phasesMs[phase] += performance.now() - from;
    return value;
  };

  progress.phaseStarted('validate');
  // Images are read here too, so an unusable one stops the build with the data's other errors, before anything is written.
  const result = await timed('validate', async () => checkImages(root, loadProject(root)));
  refreshEditorValues(root, result);
  if (!reportLoad(result) || !result.project) throw new BuildInputError('the data has errors; the previous output is unchanged');
  const { project } = result;
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
  const ownWarnings = (id: string) => warnings.filter((d) => d.file === `tenants/${id}.yaml`).length;

  const known = project.tenants.map((tenant) => tenant.id);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new BuildInputError(`unknown tenant ${unknown.map((id) => `"${id}"`).join(', ')}; tenants are ${known.join(', ')}`);
  const chosen = only.length > 0 ? project.tenants.filter((tenant) => only.includes(tenant.id)) : project.tenants;
  const carryOver = only.length > 0 ? known.filter((id) => !only.includes(id)) : [];
  // A storefront calling the example address shows every page and places no order: refused
  // unless asked for, so it is never published by mistake.
  const placeholder = allowPlaceholderApi ? [] : chosen.filter((tenant) => isPlaceholderApi(apiOrigin ?? tenant.serverHostname));
  if (placeholder.length > 0) {
    const files = placeholder.map((tenant) => `tenants/${tenant.id}.yaml`).join(', ');
    throw new BuildInputError(`${files}: server_hostname is the example address ${PLACEHOLDER_API_ORIGIN}, where no order API answers; write your order API's address (or build with --allow-placeholder-api for pages that are not published)`);
  }
  progress.phaseEnded({ phase: 'validate', tenants: project.tenants.length, warnings: warnings.length }, phasesMs.validate);

  const plans: SitePlan[] = chosen.map((tenant) => {
    const sources = tenantImageSources(root, tenant, catalogOf(project, tenant));
    return { id: tenant.id, requests: tenantImageRequests(sources), tenant: { tenant, sources } };
  });
  const header = entryHeaderImage(root, project.site);
  plans.push({ id: ENTRY_SITE, requests: header ? [header] : [] });

  // Digests of published files and of image sources, by inode, size and mtime: what a rebuild need not read again.
  const fileDigests = new FileDigestCache(path.join(repoRoot, '.cache', 'file-digests.json'));
  const images = createImagePipeline({ cacheDir: path.join(root, '.cache', 'images'), digests: fileDigests });
  const prepared = new PreparedImages(images);
  const imageStats = new Map<string, { encoded: number; reused: number }>();
  progress.phaseStarted('images', plans.reduce((sum, plan) => sum + plan.requests.length, 0));
  await timed('images', async () => {
    const unusable = new Map<string, string>();
    // One site after the other, so the pipeline's counts before and after are that site's own.
    for (const plan of plans) {
      const before = images.stats();
      // The other sites' images are still tried, so every image that cannot be encoded is named at once.
      await prepared.prepareAll(plan.requests, () => progress.imageDone()).catch((error: unknown) => {
        if (!(error instanceof UnusableImagesError)) throw error;
        for (const problem of error.problems) unusable.set(problem.file, `${path.relative(root, problem.file).split(path.sep).join('/')}: ${problem.reason}`);
      });
      const after = images.stats();
      imageStats.set(plan.id, { encoded: after.encoded - before.encoded, reused: after.reused - before.reused });
    }
    if (unusable.size > 0) throw new BuildInputError(`images that cannot be used; the previous output is unchanged:\n${[...unusable.values()].sort().map((line) => `  ${line}`).join('\n')}`);
  });
  // Counted once per distinct image, as the cache holds them; the report's per-site figures count each site's copies.
  const variants = prepared.variantCount();
  const imageTotals = { encoded: images.stats().encoded, reused: variants - images.stats().encoded };
  progress.phaseEnded({ phase: 'images', variants, ...imageTotals }, phasesMs.images);

  progress.phaseStarted('bundle');
  const client = await timed('bundle', () => bundleClientCached(repoRoot));
  progress.phaseEnded({ phase: 'bundle', cached: client.cached }, phasesMs.bundle);

  // A tenant made from the same inputs as last time keeps its previous folder, hard-linked.
  const previous = previousSites(outDir);
  const digests = new Map(
    plans.map((plan) => {
      const shared = { root, site: project.site, images: plan.requests, prepared, clientDir: client.dir, apiOrigin, location, precompress };
      if (!plan.tenant) return [plan.id, entrySiteInputDigest({ ...shared, tenants: project.tenants })];
      const { tenant } = plan.tenant;
      return [plan.id, siteInputDigest({ ...shared, tenant, catalog: catalogOf(project, tenant) })];
    }),
  );
  // Images encoded now under names published before had a damaged cache object, which the files published from it may share.
  const imagesEncodedNow = (plan: SitePlan) => plan.requests.some(({ source, preset }) => prepared.get(source, preset).variants.some((variant) => images.encodedNow(variant.file)));
  // `--no-page-cache` carries nothing from the previous output either: every page of every tenant is rendered and written.
  const carries = (plan: SitePlan) => reusePages && !imagesEncodedNow(plan);
  // The entry screen's site too: a build that changed nothing renders nothing, so it loads no rendering code (renderCode).
  const unchanged = plans.filter((plan) => previous.get(plan.id)?.inputs === digests.get(plan.id) && existsSync(path.join(outDir, plan.id)) && carries(plan));
  // A tenant rebuilt with the same images keeps its previous image folder, moved over at the swap.
  const imageFolders = new Map(plans.flatMap((plan) => (plan.tenant ? [[plan.id, imageFolderDigest(plan.requests, prepared)]] : [])));
  const carriedImages = new Map<string, ManifestEntry[]>();
  for (const plan of plans) {
    const digest = imageFolders.get(plan.id);
    if (digest === undefined || unchanged.includes(plan) || !carries(plan)) continue;
    const entries = await carriedImageFolder(outDir, plan.id, previous.get(plan.id)?.imageFolder, digest, fileDigests);
    if (entries) carriedImages.set(plan.id, entries);
  }

  let pages = 0;
  let report: BuildReport | undefined;
  // Beside the code, like the compression cache: a page's bytes depend on its inputs and the code only.
  const pageStore = new PageStore(reusePages ? path.join(repoRoot, '.cache', 'pages') : undefined, path.basename(client.dir));
  const renderPool = new PageRenderPool(renderThreads);
  const linker = new FileLinker();
  // Each tenant's image folder as the manifest lists it: carried from the previous output, or linked now (prepareTenant).
  const knownImages = new Map<string, KnownFolder>([...carriedImages].map(([id, files]) => [id, { folder: IMAGE_FOLDER, files }]));
  let writeStarted = performance.now();
  try {
    await writeAtomically(
      outDir,
      async (staging) => {
        phasesMs.write += performance.now() - writeStarted;
        progress.phaseStarted('pages');
        const sites: SiteReport[] = [];
        // CDN files and .br/.gz siblings. The compression cache sits beside the code, not the data: its bytes depend only on
        // content, so every data folder shares it.
        const cacheDir = compressionCache ?? path.join(repoRoot, '.cache', 'precompressed');
        // A site is published as soon as its pages are written, so its compression (on libuv's threads) runs on the other
        // core while the next tenant renders on this one. The report does not count the additions (measureSite).
        const publishing: Promise<void>[] = [];
        const publishWhenWritten = (plan: SitePlan, written: Promise<void>) => {
          const published = written.then(() => publishSite(path.join(staging, plan.id), { precompress, cacheDir, digests: fileDigests, known: knownImages.get(plan.id) }));
          // Awaited after the pages phase, or before the staging folder goes; until then a failure is not unhandled.
          published.catch(() => undefined);
          publishing.push(published);
        };
        // Every site's publishing finished, failed or not, before the first failure is thrown: the staging folder goes then.
        const allPublished = async () => {
          const failed = (await Promise.allSettled(publishing)).find((result) => result.status === 'rejected');
          if (failed) throw failed.reason;
        };
        await timed('pages', async () => {
          // Three stages: while one tenant's pages render, the next tenant's images are linked into
          // its folder (file-system calls, on libuv's threads) and the one before is compressed. Reports keep the plans' order.
          let rendering: Promise<void> = Promise.resolve();
          const measured: (() => SiteReport)[] = [];
          const measure = (plan: SitePlan, siteDir: string) => () => {
            const site = measureSite(siteDir, knownImages.get(plan.id));
            pages += site.pages;
            return {
              id: plan.id,
              pages: site.pages,
              images: { files: site.imageFiles, ...imageStats.get(plan.id)! },
              bytes: site.bytes,
              warnings: ownWarnings(plan.id),
              inputs: digests.get(plan.id),
              imageFolder: imageFolders.get(plan.id),
            };
          };
          try {
            for (const plan of plans) {
              const siteDir = path.join(staging, plan.id);
              const reused = unchanged.includes(plan) ? previous.get(plan.id) : undefined;
              if (reused) {
                pages += reused.pages;
                measured.push(() => ({ ...reused, images: { files: reused.images.files, ...imageStats.get(plan.id)! }, warnings: ownWarnings(plan.id), unchanged: true }));
                continue;
              }
              if (plan.tenant) {
                const { render, imageFiles } = await prepareTenant({ project, ...plan.tenant, requests: plan.requests, siteDir, images, prepared, client, apiOrigin, location, progress, pages: pageStore, renderPool, linker, imagesCarried: carriedImages.has(plan.id), searchCache: path.join(repoRoot, '.cache', 'search-index') });
                if (imageFiles) knownImages.set(plan.id, { folder: IMAGE_FOLDER, files: imageFiles });
                await rendering;
                rendering = render();
                // Handled where it is awaited; until then, a failure must not count as unhandled (which ends the process).
                rendering.catch(() => undefined);
                publishWhenWritten(plan, rendering);
              } else {
                await rendering;
                progress.siteStarted(plan.id, 1);
                const { renderEntrySite } = await renderCode();
                await renderEntrySite({ project, root, siteDir, images, prepared, client, apiOrigin, location });
                progress.pageDone(plan.id);
                publishWhenWritten(plan, Promise.resolve());
              }
              measured.push(measure(plan, siteDir));
            }
            await rendering;
            sites.push(...measured.map((site) => site()));
          } catch (error) {
            // The tenant still rendering, and the sites being published, write into the staging folder: let them stop before it goes.
            await rendering.catch(() => undefined);
            await Promise.allSettled(publishing);
            throw error;
          }
        });
        await renderPool.close();
        progress.phaseEnded({ phase: 'pages', pages, sites: plans.length, unchanged: unchanged.length }, phasesMs.pages);

        progress.phaseStarted('write');
        // What is left of publishing once every page is written: the last tenant's, and whatever did not keep up.
        await timed('write', async () => {
          await allPublished();
          fileDigests.save();
        });
        writeStarted = performance.now();
        report = {
          partial: only.length > 0,
          tenants: sites.filter((site) => site.id !== ENTRY_SITE),
          entry: sites.find((site) => site.id === ENTRY_SITE)!,
          warnings: warnings.length,
          phasesMs: roundedMs(phasesMs),
          totalMs: Math.round(performance.now() - started),
        };
        // Inside the staging folder: a failed build keeps the previous report with the previous output.
        writeReport(staging, report);
      },
      { carryOver: [...carryOver, ...unchanged.map((plan) => plan.id), ...[...carriedImages.keys()].map((id) => `${id}/${IMAGE_FOLDER}`)] },
    );
  } finally {
    // The threads, if any started, end with the build, whether it succeeded or not.
    await Promise.all([renderPool.close(), linker.close()]);
  }
  phasesMs.write += performance.now() - writeStarted;
  progress.phaseEnded({ phase: 'write', outDir }, phasesMs.write);
  if (!report) throw new Error('internal: the build finished without writing its report');
  return { tenants: chosen.map((tenant) => tenant.id), pages, images: imageTotals, report };
}

/**
 * The code that renders pages (React and every page's component, the search index), loaded on
 * first use: a build whose sites are all unchanged renders nothing, and loading that code was
 * about a tenth of such a build's CPU time at catalog scale (docs/performance.md, Cold builds).
 */
function renderCode() {
  loadingRenderCode ??= Promise.all([import('./render/render-tenant.tsx'), import('./render/render-entry-site.tsx'), import('./render/search-index-asset.ts'), import('./render/tenant-page-model.ts')]).then(
    ([tenant, entry, search, model]) => ({ ...tenant, ...entry, ...search, ...model }),
  );
  return loadingRenderCode;
}
let loadingRenderCode: Promise<RenderCode> | undefined;
type RenderCode = typeof import('./render/render-tenant.tsx') & typeof import('./render/render-entry-site.tsx') & typeof import('./render/search-index-asset.ts') & typeof import('./render/tenant-page-model.ts');

function catalogOf(project: Project, tenant: Tenant) {
  const catalog = project.catalogs.get(tenant.catalogId);
  if (!catalog) throw new Error(`internal: tenant ${tenant.id} has no catalog after validation`);
  return catalog;
}

function roundedMs(phasesMs: Record<BuildPhase, number>): Record<BuildPhase, number> {
  return Object.fromEntries(Object.entries(phasesMs).map(([phase, ms]) => [phase, Math.round(ms)])) as Record<BuildPhase, number>;
}

interface TenantBuild {
  project: Project;
  tenant: Tenant;
  sources: TenantImageSources;
  /** Every image file its pages show, each once. */
  requests: readonly ImageRequest[];
  siteDir: string;
  images: ImagePipeline;
  prepared: PreparedImages;
  client: { assets: ClientAssets; dir: string };
  apiOrigin?: string;
  location: SiteLocation;
  progress: BuildProgress;
  /** Pages rendered before, by the digest of their inputs. */
  pages: PageStore;
  renderPool: PageRenderPool;
  linker: FileLinker;
  /** Its image folder comes from the previous output at the swap: the pictures are described, not published. */
  imagesCarried: boolean;
  /** Search indexes by the digest of their documents (search-index-asset.ts). */
  searchCache: string;
}

/**
 * Lays out one tenant's folder (images, assets, pages reused from the store) and answers the
 * step that renders its other pages, so the caller can start the next tenant meanwhile, and the
 * manifest entries of the image files it linked (none when its image folder is carried over).
 */
async function prepareTenant({ project, tenant, sources, requests, siteDir, images, prepared, client, apiOrigin, location, progress, pages, renderPool, linker, imagesCarried, searchCache }: TenantBuild): Promise<{ render: () => Promise<void>; imageFiles?: ManifestEntry[] }> {
  const { bundledAssets, searchIndexAsset, tenantPageModel, tenantPages, writeSearchIndex } = await renderCode();
  const catalog = catalogOf(project, tenant);
  const base = basePath(tenant.routePrefix, location.basePath);
  // The pages only need the pictures described; the files are linked all at once below, off this thread.
  const publish = publisher(images, prepared, path.join(siteDir, IMAGE_FOLDER), `${base}${IMAGE_FOLDER}/`, { emit: false });
  const imageFiles = imagesCarried ? undefined : await linkImages(requests, images, prepared, linker, siteDir);

  const productImages: Record<string, PictureData> = {};
  await Promise.all(
    sources.products.map(async ({ code, color, side, source }) => {
      productImages[productImageKey(code, color, side)] = await publish(source, 'product');
    }),
  );
  // Built in name order, not completion order: the same data must give the same bytes.
  const logoImages = await Promise.all(sources.logos.map(({ source }) => publish(source, 'logo')));
  const logos: Record<string, PictureData> = Object.fromEntries(sources.logos.map(({ name }, index) => [name, logoImages[index] as PictureData]));
  const companyLogo = sources.companyLogo ? await publish(sources.companyLogo, 'logo') : undefined;

  const job: TenantRenderJob = { site: project.site, tenant, catalog, companyLogo, logos, productImages, apiOrigin, location, assets: client.assets };
  const model: PageModel = tenantPageModel(project.site, tenant, catalog, { companyLogo, logos, productImage: (code, color, side) => productImages[productImageKey(code, color, side)] }, apiOrigin, location);
  const pending = tenantPages(model, catalog, bundledAssets(client.assets, model.config.base));
  progress.siteStarted(tenant.id, pending.length);
  // Pages rendered before from equal inputs are linked from the store; the others are rendered.
  const toRender: { page: (typeof pending)[number]; slot: PageSlot }[] = [];
  // Each page has a folder of its own; made once each, not tried again for every page under it.
  const folders = new Set<string>();
  for (const page of pending) {
    const target = path.join(siteDir, page.file);
    const folder = path.dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    const slot = pages.link(page.inputs, target);
    if (slot) toRender.push({ page, slot });
    else progress.pageDone(tenant.id);
  }
  copyClientAssets(client, path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, model.catalogPrices.file), model.catalogPrices.json);
  writeSearchIndex(siteDir, searchIndexAsset(model, catalog.priced, searchCache));
  const render = async () => {
    if (renderPool.wants(toRender.length)) {
      await renderPool.render(job, toRender.map(({ page, slot }) => ({ file: page.file, slot })), (count) => {
        for (let done = 0; done < count; done++) progress.pageDone(tenant.id);
      });
      return;
    }
    for (const { page, slot } of toRender) {
      keepPage(slot, page.render().html);
      progress.pageDone(tenant.id);
      // Rendering is synchronous: a turn of the event loop lets a progress bar redraw and the next tenant's files be linked.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  return { render, imageFiles };
}

/**
 * Links every variant of a tenant's images into its image folder, each name once, and answers
 * their manifest entries: the sizes and digests the image cache checked its objects against, so
 * neither the manifest nor the report reads or stats the 14,000 files of a catalog-scale tenant.
 */
async function linkImages(requests: readonly ImageRequest[], images: ImagePipeline, prepared: PreparedImages, linker: FileLinker, siteDir: string): Promise<ManifestEntry[]> {
  const objects = new Map(requests.flatMap(({ source, preset }) => images.variantObjects(prepared.get(source, preset)).map((variant) => [variant.file, variant] as const)));
  await linker.link(
    path.join(siteDir, IMAGE_FOLDER),
    [...objects.values()].map(({ object, file }) => [object, file] as const),
  );
  return [...objects.values()].map(({ file, size, sha256 }) => ({ path: `${IMAGE_FOLDER}/${file}`, size, sha256 }));
}
