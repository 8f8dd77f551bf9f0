import path from 'node:path';
import type { Catalog } from '../../domain/product.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { PageModel } from '../../site/page-model.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { tenantImageSources } from '../generator/images/site-images.ts';
import { tenantPageModel } from '../generator/render/tenant-page-model.ts';
import type { DevLog } from './dev-log.ts';
import type { DevData } from './dev-data.ts';
import type { DevImages } from './dev-images.ts';

export interface DevPageModel {
  model: PageModel;
  catalog: Catalog;
}

/** The pictures a tenant's pages show, as the page model takes them. */
type TenantPictures = Parameters<typeof tenantPageModel>[3];

/**
 * Each tenant's page model, made on its first page and kept until the data changes: every page
 * of a site renders from it, as the build's do.
 */
export class DevPageModels {
  private readonly models = new Map<string, { version: number; model: Promise<DevPageModel> }>();

  constructor(
    private readonly data: DevData,
    private readonly images: DevImages,
    private readonly dataRoot: string,
    private readonly apiOrigin: string,
    private readonly log: DevLog,
  ) {}

  get(tenantId: string): Promise<DevPageModel> {
    const cached = this.models.get(tenantId);
    if (cached && cached.version === this.data.version) return cached.model;
    const model = this.build(tenantId);
    this.models.set(tenantId, { version: this.data.version, model });
    model.catch(() => this.models.delete(tenantId));
    return model;
  }

  clear(): void {
    this.models.clear();
  }

  private async build(tenantId: string): Promise<DevPageModel> {
    const { project } = this.data;
    const tenant = project.tenants.find((candidate) => candidate.id === tenantId);
    const catalog = tenant && project.catalogs.get(tenant.catalogId);
    if (!tenant || !catalog) throw new Error(`internal: no tenant ${tenantId} with a catalog`);
    const pictures = await this.pictures(tenant, catalog);
    return { model: tenantPageModel(project.supplier, tenant, catalog, pictures, this.apiOrigin), catalog };
  }

  /** The tenant's pictures, encoded on request; one that fails is reported and left out. */
  private async pictures(tenant: Tenant, catalog: Catalog): Promise<TenantPictures> {
    const sources = tenantImageSources(this.dataRoot, tenant, catalog);
    const picture = (source: string, preset: 'product' | 'logo') =>
      this.images.picture(source, preset).catch((error: unknown) => {
        this.log(`image ${path.relative(this.dataRoot, source)}: ${error instanceof Error ? error.message : String(error)}`, 'error');
        return undefined;
      });
    const [products, logos, companyLogo] = await Promise.all([
      Promise.all(sources.products.map(async ({ code, color, side, source }) => [`${code}\0${color}\0${side}`, await picture(source, 'product')] as const)),
      Promise.all(sources.logos.map(async ({ name, source }) => [name, await picture(source, 'logo')] as const)),
      sources.companyLogo ? picture(sources.companyLogo, 'logo') : undefined,
    ]);
    const productImages = new Map(products);
    return {
      companyLogo,
      logos: Object.fromEntries(logos.filter((entry): entry is readonly [string, PictureData] => entry[1] !== undefined)),
      productImage: (code, color, side = 'front') => productImages.get(`${code}\0${color}\0${side}`),
    };
  }
}
