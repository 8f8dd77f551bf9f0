import type { Catalog } from '../../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import type { PictureData } from '../../../site/picture-data.ts';
import type { SiteLocation } from '../../../site/site-location.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';
import { bundledAssets, tenantPages } from './render-tenant.tsx';
import { tenantPageModel } from './tenant-page-model.ts';
import { keepPage, type PageSlot } from '../reuse/page-cache.ts';
import type { WrittenFile } from '../reuse/written-file.ts';
import { UserError } from '../../user-error.ts';
import { productImageKey } from '../images/product-image-key.ts';

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
}

export interface RenderTask {
  /** The same for every chunk of one tenant's render: a thread builds the tenant's pages once per key. */
  key: string;
  job: TenantRenderJob;
  /** The pages to render, as tenantPages names them ('item/K500/index.html'), and where each goes. */
  pages: { file: string; slot: PageSlot }[];
}

/**
 * Renders and writes the named pages of one tenant: the same model and route table as
 * the build's own thread (tenantPageModel, tenantPages), so a page is the same bytes whichever
 * thread renders it. Run in a worker thread by page-render-pool.ts, or in the build's thread.
 */
export function renderTask({ key, job, pages }: RenderTask): RenderOutcome {
  if (built?.key !== key) built = { key, pages: tenantPagesByFile(job) };
  const written: WrittenFile[] = [];
  for (const { file, slot } of pages) {
    const page = built.pages.get(file);
    if (!page) throw new Error(`internal: tenant ${job.tenant.id} has no page ${file}`);
    try {
      written.push({ file, ...keepPage(slot, page.render().html) });
    } catch (error) {
      // An error's class does not cross threads: a problem in the data is answered as one.
      if (error instanceof UserError) return { userError: error.message };
      throw error;
    }
  }
  return { written };
}

/** The pages written with their digests (paths relative to the site folder), or the message of a problem in the data that stopped the chunk. */
export type RenderOutcome = { written: WrittenFile[] } | { userError: string };

/** The pages of the last tenant this thread rendered chunks of. */
let built: { key: string; pages: Map<string, ReturnType<typeof tenantPages>[number]> } | undefined;

function tenantPagesByFile(job: TenantRenderJob): Map<string, ReturnType<typeof tenantPages>[number]> {
  const model = tenantPageModel(
    job.supplier,
    job.tenant,
    job.catalog,
    { companyLogo: job.companyLogo, logos: job.logos, productImage: (code, color, side) => job.productImages[productImageKey(code, color, side)] },
    job.apiOrigin,
    job.location,
  );
  return new Map(tenantPages(model, job.catalog, bundledAssets(job.assets, model.config.base)).map((page) => [page.file, page]));
}
