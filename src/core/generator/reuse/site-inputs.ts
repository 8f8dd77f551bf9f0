import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import { isProduction, type SiteLocation } from '../../../site/site-location.ts';
import { stableJson, stableJsonOfParts } from '../../stable-json.ts';
import { sharedDigest } from './shared-digest.ts';
import { REPORT_FILE, type BuildReport, type RecordedInputs, type SiteReport } from '../shared/build-report.ts';
import type { PreparedImage } from '../images/prepared-image.ts';
import type { PreparedImages, ImageRequest } from '../images/site-images.ts';

/** Bump when the build changes what it writes from the same inputs outside src/ (there is no such code today). */
const OUTPUT_REVISION = 1;

/** What every site's folder is made from besides its own content: the pictures, the code and where it is published. */
interface CommonSiteInputs {
  /** The data folder: image paths count relative to it, so a moved checkout keeps its digests. */
  root: string;
  supplier: SupplierFacts;
  /** The images its pages show, as prepared: their published names carry their content's hash. */
  images: readonly ImageRequest[];
  prepared: PreparedImages;
  /** The client bundle's folder: its name is a digest of src/ and the lockfile, so of the code that renders too. */
  clientDir: string;
  apiOrigin: string | undefined;
  location: SiteLocation;
  precompress: boolean;
}

export interface TenantInputs extends CommonSiteInputs {
  tenant: Tenant;
  catalog: Catalog;
}

export interface EntrySiteInputs extends CommonSiteInputs {
  /** Every tenant: the entry screen lists where each tenant's password leads. */
  tenants: readonly Tenant[];
}

/**
 * A digest of everything a tenant's folder is made from. Equal digests, equal folders: a build
 * whose digest for a tenant equals the one the previous build recorded links that tenant's
 * previous folder into the new output instead of rendering and writing it again.
 */
export function tenantInputDigest(inputs: TenantInputs): string {
  // Tenants share catalogs (eight the default one): each is digested once, not serialized for every tenant.
  return digestOf(inputs, { tenant: inputs.tenant, catalog: sharedDigest(inputs.catalog) });
}

/** The entry screen's site digested like a tenant's (tenantInputDigest), so a build that changed nothing renders nothing. */
export function entrySiteInputDigest(inputs: EntrySiteInputs): string {
  return digestOf(inputs, { entry: true, tenants: inputs.tenants });
}

function digestOf({ root, supplier, images, prepared, clientDir, apiOrigin, location, precompress }: CommonSiteInputs, own: Record<string, unknown>): string {
  // A production build leaves the location out: its digests are the ones recorded before previews existed (dist/report.json).
  // The supplier facts go in under the key `site`, as in the digests earlier reports recorded, so those still match.
  const inputs: Record<string, unknown> = {
    revision: OUTPUT_REVISION,
    ...own,
    site: supplier,
    client: path.basename(clientDir),
    apiOrigin: apiOrigin ?? null,
    precompress,
    ...(isProduction(location) ? {} : { location }),
  };
  const parts = Object.fromEntries(Object.entries(inputs).map(([key, value]) => [key, value === undefined ? undefined : stableJson(value)]));
  // The same text as stableJson of the whole, with the image names, nearly all of it, not written again for every tenant.
  return createHash('sha256')
    .update(stableJsonOfParts({ ...parts, imageFiles: publishedImages(root, images, prepared) }))
    .digest('hex');
}

/**
 * Each image's source and published names, which carry the hash of its content, as stableJson
 * writes them. Each image's part is written once, not once per tenant showing it: tenants share
 * most of their images (all of a catalog's).
 */
function publishedImages(root: string, images: readonly ImageRequest[], prepared: PreparedImages): string {
  const parts = images.map(({ source, preset }) => {
    const image = prepared.get(source, preset);
    const known = written.get(image);
    if (known?.root === root && known.source === source && known.preset === preset) return known.json;
    const json = stableJson([preset, path.relative(root, source).split(path.sep).join('/'), image.variants.map((variant) => variant.file)]);
    written.set(image, { root, source, preset, json });
    return json;
  });
  return `[${parts.join(',')}]`;
}
const written = new WeakMap<PreparedImage, ImageRequest & { root: string; json: string }>();

/** What the build in `outDir` recorded of each site (the tenants' and the entry screen's) and of its inputs, if it left a report this build can read. */
export function previousReport(outDir: string): { sites: Map<string, SiteReport>; recorded: RecordedInputs | undefined } {
  try {
    const report = JSON.parse(readFileSync(path.join(outDir, REPORT_FILE), 'utf8')) as BuildReport;
    return {
      sites: new Map([...report.tenants, report.entry].filter((site) => typeof site?.inputs === 'string').map((site) => [site.id, site])),
      recorded: report.recorded,
    };
  } catch {
    // No previous build, or one from before the report recorded inputs: every tenant is built.
    return { sites: new Map(), recorded: undefined };
  }
}
