import path from 'node:path';
import { logoImageFile, productBackImageFile, productImageFile } from '../../../domain/image-names.ts';
import type { PictureSide } from '../../../domain/placement-areas.ts';
import { productColors, type Catalog } from '../../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import { visibleProducts } from '../../../domain/visible-products.ts';
import { ImageSourceError, UnusableImagesError, type ImagePipeline, type ImagePreset, type PreparedImage } from './index.ts';

export interface ImageRequest {
  source: string;
  preset: ImagePreset;
}

/** The images one tenant's pages show, found from the data alone, so they can be prepared (and counted) before any page is rendered. */
export interface TenantImageSources {
  /** Every colour's picture, and its back picture where it has one. */
  products: { code: string; color: string; side: PictureSide; source: string }[];
  /** In name order: the same data must give the same bytes. */
  logos: { name: string; source: string }[];
  companyLogo?: string;
}

export function tenantImageSources(root: string, tenant: Tenant, catalog: Catalog): TenantImageSources {
  const image = (file: string) => path.join(root, 'catalogs', 'images', file);
  const products = visibleProducts(tenant, catalog).flatMap((product) => [
    ...productColors(product).map((color) => ({ code: product.code, color, side: 'front' as const, source: image(productImageFile(product.code, color)) })),
    ...(product.backPictureColors ?? []).map((color) => ({
      code: product.code,
      color,
      side: 'back' as const,
      source: image(productBackImageFile(product.code, color)),
    })),
  ]);
  const logoNames = [...new Set(Object.values(tenant.embroideries).flat())];
  const logos = logoNames.map((name) => ({ name, source: path.join(root, 'tenants', 'logos', logoImageFile(name)) }));
  const companyLogo = tenant.companyLogo ? path.join(root, 'tenants', 'logos', tenant.companyLogo) : undefined;
  return { products, logos, companyLogo };
}

export function tenantImageRequests(sources: TenantImageSources): ImageRequest[] {
  return uniqueRequests([
    ...sources.products.map(({ source }) => ({ source, preset: 'product' as const })),
    ...sources.logos.map(({ source }) => ({ source, preset: 'logo' as const })),
    ...(sources.companyLogo ? [{ source: sources.companyLogo, preset: 'logo' as const }] : []),
  ]);
}

export function entryHeaderImage(root: string, supplier: SupplierFacts): ImageRequest | undefined {
  return supplier.entryHeaderImage ? { source: path.join(root, 'tenants', 'logos', supplier.entryHeaderImage), preset: 'banner' } : undefined;
}

/**
 * Images prepared by the build's images phase, looked up by the pages phase. Preparing before
 * rendering lets the images be counted for progress and their encode/reuse figures be told per
 * site; rendering then only publishes what was prepared.
 */
export class PreparedImages {
  private readonly prepared = new Map<string, PreparedImage>();
  /** Keys by path and preset: resolving a path was most of a look-up, and the pages and the digests look up each image many times. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly images: ImagePipeline) {}

  /**
   * Prepares every request (the pipeline limits how many encode at once), calling `onEach` as each
   * finishes. Sources that cannot be used are all tried and reported together (UnusableImagesError),
   * so a merchandiser fixes every bad photo in one round, not one per build.
   */
  async prepareAll(requests: readonly ImageRequest[], onEach: () => void): Promise<void> {
    const outcomes = await Promise.allSettled(
      requests.map(async ({ source, preset }) => {
        this.prepared.set(this.keyOf(source, preset), await this.images.prepare(source, preset));
        onEach();
      }),
    );
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    const bug = failures.find((reason) => !(reason instanceof ImageSourceError));
    if (bug !== undefined) throw bug;
    // The same file asked for under two presets fails twice for one cause.
    const problems = [...new Map((failures as ImageSourceError[]).map((problem) => [problem.message, problem])).values()];
    if (problems.length > 0) throw new UnusableImagesError(problems);
  }

  /** Variant files of every distinct image prepared, however many sites publish each: what a cold build encodes. */
  variantCount(): number {
    return [...this.prepared.values()].reduce((sum, image) => sum + image.variants.length, 0);
  }

  get(source: string, preset: ImagePreset): PreparedImage {
    const image = this.prepared.get(this.keyOf(source, preset));
    if (!image) throw new Error(`internal: ${source} (${preset}) is shown on a page but was not prepared in the images phase`);
    return image;
  }

  private keyOf(source: string, preset: ImagePreset): string {
    const asked = `${preset}\u0000${source}`;
    let key = this.keys.get(asked);
    if (key === undefined) {
      key = keyOf(source, preset);
      // A relative path depends on the working folder, which may change while the object lives.
      if (path.isAbsolute(source)) this.keys.set(asked, key);
    }
    return key;
  }
}

/** A file asked for twice by one site is published once; counting it once keeps the figures equal to the files written. */
function uniqueRequests(requests: ImageRequest[]): ImageRequest[] {
  const seen = new Map(requests.map((request) => [keyOf(request.source, request.preset), request]));
  return [...seen.values()];
}

function keyOf(source: string, preset: ImagePreset): string {
  return `${preset}\u0000${path.resolve(source)}`;
}
