import type { Catalog } from '../../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import type { CatalogPricesAsset } from '../../../site/page-model.ts';
import type { PictureData } from '../../../site/picture-data.ts';
import type { SiteLocation } from '../../../site/site-location.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';
import { bundledAssets, tenantPages } from './render-tenant.tsx';
import { tenantPageModel } from './tenant-page-model.ts';
import type { PageSlot } from '../reuse/page-cache.ts';
import { writePage, type PagePrecompression } from './page-file.ts';
import type { WrittenFile } from '../shared/written-file.ts';
import { UserError } from '../../user-error.ts';
import { productImageKey } from '../images/product-image-key.ts';
import { PageQueue } from './page-queue.ts';

/** Everything a tenant's pages are rendered from, as plain data a worker thread can be sent. */
export interface TenantRenderJob {
  supplier: SupplierFacts;
  tenant: Tenant;
  catalog: Catalog;
  companyLogo?: PictureData;
  logos: Record<string, PictureData>;
  /** By productImageKey(code, color). */
  productImages: Record<string, PictureData>;
  apiOrigin?: string;
  location: SiteLocation;
  assets: ClientAssets;
  /** The tenant's catalog price file, as the build's thread worked it out. */
  catalogPrices: CatalogPricesAsset;
  /** How pages are precompressed as they are written; none with `--no-precompress`. */
  precompress?: PagePrecompression;
}

/**
 * What the build's thread sends a page-rendering thread (page-render-pool.ts): a tenant's data
 * once, then the list of its pages to render, with the shared index of the next one (page-queue.ts).
 */
export type RenderRequest =
  | { kind: 'tenant'; key: string; job: TenantRenderJob }
  | { kind: 'pages'; id: number; key: string; pages: { file: string; slot: PageSlot }[]; next: SharedArrayBuffer };

/**
 * Each chunk's pages as they are written, with their digests (paths relative to the site folder),
 * then that the list is done; or the message of a problem in the data, or an internal error.
 */
export type RenderReply = { id: number } & (
  | { written: WrittenFile[] }
  | { done: true }
  | { userError: string }
  | { error: { message: string; stack?: string } }
);

/** Answers a request of the build's thread with `reply`; the pages are rendered and written here, a chunk at a time. */
export function answerRequest(request: RenderRequest, reply: (answer: RenderReply) => void): void {
  if (request.kind === 'tenant') {
    tenant = { key: request.key, job: request.job, pages: undefined };
    return;
  }
  const queue = new PageQueue(request.pages, request.next);
  try {
    if (tenant?.key !== request.key) throw new Error(`internal: the pages of tenant ${request.key} came before its data`);
    tenant.pages ??= tenantPagesByFile(tenant.job);
    for (let chunk = queue.take(); chunk; chunk = queue.take()) reply({ id: request.id, written: renderChunk(tenant.job, tenant.pages, chunk) });
    reply({ id: request.id, done: true });
  } catch (error) {
    // The other threads stop taking chunks too: the build fails with this error.
    queue.stop();
    // An error's class does not cross threads: a problem in the data is answered as one.
    if (error instanceof UserError) return reply({ id: request.id, userError: error.message });
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    reply({ id: request.id, error: { message, stack } });
  }
}

function renderChunk(job: TenantRenderJob, built: Map<string, TenantPage>, pages: readonly { file: string; slot: PageSlot }[]): WrittenFile[] {
  return pages.flatMap(({ file, slot }) => {
    const page = built.get(file);
    if (!page) throw new Error(`internal: tenant ${job.tenant.id} has no page ${file}`);
    return writePage(file, slot, page.render().html, job.precompress);
  });
}

type TenantPage = ReturnType<typeof tenantPages>[number];

/** The tenant this thread renders pages of; its pages are built at its first chunk. */
let tenant: { key: string; job: TenantRenderJob; pages: Map<string, TenantPage> | undefined } | undefined;

function tenantPagesByFile(job: TenantRenderJob): Map<string, TenantPage> {
  const model = tenantPageModel(
    job.supplier,
    job.tenant,
    job.catalog,
    { companyLogo: job.companyLogo, logos: job.logos, productImage: (code, color, side) => job.productImages[productImageKey(code, color, side)] },
    job.apiOrigin,
    job.location,
    job.catalogPrices,
  );
  return new Map(tenantPages(model, job.catalog, bundledAssets(job.assets, model.config.base)).map((page) => [page.file, page]));
}
