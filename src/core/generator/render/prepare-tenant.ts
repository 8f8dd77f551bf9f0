import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Tenant } from '../../../domain/tenant.ts';
import type { PageModel } from '../../../site/page-model.ts';
import type { PictureData } from '../../../site/picture-data.ts';
import { basePath } from '../../../site/routes.ts';
import type { BuildContext } from '../build-context.ts';
import type { FileLinker, ImagePipeline } from '../images/index.ts';
import { productImageKey } from '../images/product-image-key.ts';
import type { ImageRequest, PreparedImages, TenantImageSources } from '../images/site-images.ts';
import { copyClientAssets, publisher, type PreviousAssets } from '../publish/publish-assets.ts';
import type { ManifestEntry } from '../shared/site-manifest.ts';
import { IMAGE_FOLDER } from '../reuse/carried-images.ts';
import type { PageCache, PageInputs, PageSlot } from '../reuse/page-cache.ts';
import type { RenderReasons } from '../reuse/render-reasons.ts';
import type { CarriedPages } from '../reuse/carried-pages.ts';
import { writePage, type PagePrecompression } from './page-file.ts';
import { writeDigested, type WrittenFile } from '../shared/written-file.ts';
import type { BundledClient } from '../bundle/bundle-phase.ts';
import { PageQueue } from './page-queue.ts';
import type { PageRenderPool } from './page-render-pool.ts';
import type { TenantRenderJob } from './page-render-worker.ts';
import { renderCode } from './render-code.ts';
import { catalogOf } from '../site-plan.ts';
import type { Project } from '../../data/load-project.ts';

export interface TenantBuild {
  project: Project;
  tenant: Tenant;
  sources: TenantImageSources;
  /** Every image file its pages show, each once. */
  requests: readonly ImageRequest[];
  /** The digest of the names of their variant files (carried-images.ts imageFolderDigest): tenants of one catalog mostly share it. */
  imagesDigest: string;
  siteDir: string;
  /** The same site's folder in the output before last, whose page and image folders it may take; none on a first build. */
  recycledSiteDir: string | undefined;
  images: ImagePipeline;
  prepared: PreparedImages;
  client: BundledClient;
  /** Pages rendered before, by the digest of their inputs. */
  pages: PageCache;
  /** Where each page rendered now is recorded with the input that changed. */
  reasons: RenderReasons;
  /** The page folders taken whole from the previous output; none without a previous folder of the tenant. */
  carried: CarriedPages | undefined;
  renderPool: PageRenderPool;
  linker: FileLinker;
  /** The tenant's folder in the output now, whose copies of the bundle's files may be linked (copyClientAssets); none with `--no-page-cache`. */
  previousAssets: PreviousAssets | undefined;
  /** Its image folder comes from the previous output at the swap: the pictures are described, not published. */
  imagesCarried: boolean;
  /** How its pages are precompressed as they are written; none with `--no-precompress`. */
  precompress: PagePrecompression | undefined;
}

type TenantPictures = Pick<TenantRenderJob, 'companyLogo' | 'logos' | 'productImages'>;

/**
 * Lays out one tenant's folder (images, assets, pages reused from the store) and answers the
 * step that renders its other pages, so the caller can start the next tenant meanwhile, and the
 * manifest entries of the image files it linked (none when its image folder is carried over).
 * The render step answers the files written now (pages, catalog price and search files) with
 * their digests, for the manifest; `pages` counts every page, linked or rendered.
 */
export async function prepareTenant(
  build: BuildContext,
  tenantBuild: TenantBuild,
): Promise<{ render: () => Promise<WrittenFile[]>; imageFiles?: ManifestEntry[]; pages: number }> {
  const { project, tenant, siteDir, recycledSiteDir, linker, client, imagesCarried } = tenantBuild;
  const { bundledAssets, searchIndexAsset, tenantPageModel, tenantPages, writeSearchIndex } = await renderCode();
  const { apiOrigin, location, progress } = build;
  const catalog = catalogOf(project, tenant);
  // Linked on the linker's thread while the rest is prepared here: for the first tenant nothing
  // else overlaps it, and the build's thread stood idle through its ~14,000 links.
  const linking = imagesCarried ? undefined : linkImages(imageFolderOf(tenantBuild), linker, siteDir, recycledSiteDir);
  // Handled where it is awaited, below; a failure before that must not count as unhandled.
  linking?.catch(() => undefined);
  const pictures = await describePictures(build, tenantBuild);
  const model: PageModel = tenantPageModel(
    project.supplier,
    tenant,
    catalog,
    {
      companyLogo: pictures.companyLogo,
      logos: pictures.logos,
      productImage: (code, color, side) => pictures.productImages[productImageKey(code, color, side)],
    },
    apiOrigin,
    location,
  );
  const job: TenantRenderJob = {
    supplier: project.supplier,
    tenant,
    catalog,
    ...pictures,
    apiOrigin,
    location,
    assets: client.assets,
    catalogPrices: model.catalogPrices,
    precompress: tenantBuild.precompress,
  };
  const pending = tenantPages(model, catalog, bundledAssets(client.assets, model.config.base));
  progress.siteStarted(tenant.id, pending.length);
  const toRender = linkStoredPages(build, tenantBuild, pending);
  const assets: WrittenFile[] = [
    ...copyClientAssets(client, siteDir, build.precompress, tenantBuild.previousAssets),
    { file: model.catalogPrices.file, ...writeDigested(path.join(siteDir, model.catalogPrices.file), model.catalogPrices.json) },
    ...writeSearchIndex(siteDir, searchIndexAsset(model, catalog.priced, path.join(build.repoRoot, '.cache', 'search-index'))),
  ];
  const imageFiles = await linking;
  return { render: async () => [...assets, ...(await renderPages(build, tenantBuild, job, toRender))], imageFiles, pages: pending.length };
}

/** The pages only need the pictures described; the files are linked all at once (linkImages), off this thread. */
async function describePictures({ location }: BuildContext, { tenant, sources, siteDir, images, prepared }: TenantBuild): Promise<TenantPictures> {
  const base = basePath(tenant.routePrefix, location.basePath);
  const publish = publisher(images, prepared, path.join(siteDir, IMAGE_FOLDER), `${base}${IMAGE_FOLDER}/`, { emit: false });
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
  return { companyLogo, logos, productImages };
}

interface PendingPage {
  file: string;
  inputs: PageInputs;
  /** The codes of the products it shows, to name the changed ones as the reason it is rendered. */
  products: readonly string[];
  render(): { html: string };
}

/** Pages rendered before from equal inputs are linked from the store; answers the others, to render, each recorded with the reason. */
function linkStoredPages<P extends PendingPage>(
  { progress }: BuildContext,
  { tenant, siteDir, recycledSiteDir, pages, reasons, carried }: TenantBuild,
  pending: readonly P[],
): { page: P; slot: PageSlot }[] {
  // The frame is one object for all the tenant's pages, digested once (shared-digest.ts); without a store nothing is digested.
  reasons.tenantFrame(tenant.id, pages.keeps && pending[0] ? pages.frameDigest(pending[0].inputs) : undefined);
  const toRender: { page: P; slot: PageSlot }[] = [];
  for (const page of pending) {
    const target = path.join(siteDir, page.file);
    const slot = pages.link(
      () => page.inputs,
      target,
      recycledSiteDir && path.join(recycledSiteDir, page.file),
      carried && ((kept) => carried.take(page.file, kept)),
    );
    if (slot) {
      toRender.push({ page, slot });
      reasons.tenantPage(tenant.id, tenant.catalogId, page.file, page.products);
    } else progress.pageDone(tenant.id);
  }
  return toRender;
}

/**
 * Renders and writes the pages: the helper threads, if any, and this thread take chunks from one
 * queue, so this thread renders what the helpers have not taken between its other work (the next
 * tenant's folders and images, publishing the one before).
 */
async function renderPages(
  { progress }: BuildContext,
  { tenant, renderPool }: TenantBuild,
  job: TenantRenderJob,
  toRender: readonly { page: PendingPage; slot: PageSlot }[],
): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  const helperDone = (files: readonly WrittenFile[]) => {
    written.push(...files);
    renderPool.rendered.helpers += files.length;
    for (let done = 0; done < files.length; done++) progress.pageDone(tenant.id);
  };
  // The page goes along for this thread; a helper is sent only its name and slot (page-render-pool.ts).
  const queue = new PageQueue(toRender.map(({ page, slot }) => ({ file: page.file, slot, page })));
  const key = randomUUID();
  const renderHere = async () => {
    for (let chunk = queue.take(); chunk; chunk = queue.take()) {
      for (const { file, slot, page } of chunk) {
        written.push(...writePage(file, slot, page.render().html, job.precompress));
        renderPool.rendered.build += 1;
        progress.pageDone(tenant.id);
        // Rendering is synchronous: a turn of the event loop lets a progress bar redraw, the helpers be sent chunks, and the next tenant's files be linked.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  };
  const threads = [...renderPool.helpersFor(toRender.length).map((helper) => helper.renderFrom(key, job, queue, helperDone)), renderHere()];
  // A thread that fails leaves the rest of the queue untaken; the others finish their chunk, so nothing writes into the folder after this answers.
  for (const thread of threads) thread.catch(() => queue.stop());
  const failed = (await Promise.allSettled(threads)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return written;
}

/** A tenant's image folder: each variant file once, with the cache object it is linked from, and its manifest entries. */
interface ImageFolder {
  links: (readonly [object: string, file: string])[];
  entries: ManifestEntry[];
}

/**
 * Worked out once for the tenants whose images are the same (the same digest of the same names,
 * each name one cache object): at catalog scale some 14,000 files a tenant.
 */
function imageFolderOf({ requests, imagesDigest, images, prepared }: TenantBuild): ImageFolder {
  let folders = imageFolders.get(prepared);
  if (!folders) imageFolders.set(prepared, (folders = new Map()));
  let folder = folders.get(imagesDigest);
  if (folder) return folder;
  const objects = new Map(
    requests.flatMap(({ source, preset }) => images.variantObjects(prepared.get(source, preset)).map((variant) => [variant.file, variant] as const)),
  );
  folder = {
    links: [...objects.values()].map(({ object, file }) => [object, file] as const),
    entries: [...objects.values()].map(({ file, size, sha256 }) => ({ path: `${IMAGE_FOLDER}/${file}`, size, sha256 })),
  };
  folders.set(imagesDigest, folder);
  return folder;
}
/** By the build's prepared images, whose objects the folders name. */
const imageFolders = new WeakMap<PreparedImages, Map<string, ImageFolder>>();

/**
 * Links every variant of a tenant's images into its image folder, each name once, and answers
 * their manifest entries: the sizes and digests the image cache checked its objects against, so
 * neither the manifest nor the report reads or stats the 14,000 files of a catalog-scale tenant.
 */
async function linkImages({ links, entries }: ImageFolder, linker: FileLinker, siteDir: string, recycledSiteDir: string | undefined): Promise<ManifestEntry[]> {
  await linker.link(path.join(siteDir, IMAGE_FOLDER), links, recycledSiteDir && path.join(recycledSiteDir, IMAGE_FOLDER));
  return entries;
}
