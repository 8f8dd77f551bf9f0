import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { logoImageFile, productImageFile } from '../../domain/image-names.ts';
import { productColors } from '../../domain/product.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { visibleProducts } from '../../domain/visible-products.ts';
import type { PageModel } from '../../pages/page-model.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { basePath } from '../../site/routes.ts';
import { reportLoad } from '../cli/validate-command.ts';
import { loadProject, type Project } from '../data/load-project.ts';
import { writeAtomically } from './atomic-output.ts';
import { bundleClientCached } from './bundle-client.ts';
import type { ClientAssets } from './client-assets.ts';
import { createImagePipeline, type ImagePipeline } from './images/index.ts';
import { copyClientAssets, publisher } from './publish-assets.ts';
import { renderEntrySite } from './render-entry-site.tsx';
import { renderTenant } from './render-tenant.tsx';
import { storefrontConfig } from './storefront-config.ts';

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
}

export interface BuildResult {
  tenants: string[];
  pages: number;
  images: { encoded: number; reused: number };
}

export class BuildInputError extends Error {}

/** Folder of the entry screen's own small site; tenant ids cannot start with '_'. */
export const ENTRY_SITE = '_entry';

/** Validates, then writes dist/<tenant-id>/ for every (or every chosen) tenant, all or nothing. */
export async function buildStorefronts({ root, repoRoot, outDir, only = [], apiOrigin }: BuildOptions): Promise<BuildResult> {
  const result = loadProject(root);
  if (!reportLoad(result) || !result.project) throw new BuildInputError('the data has errors; the previous output is unchanged');
  const { project } = result;

  const known = project.tenants.map((tenant) => tenant.id);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new BuildInputError(`unknown tenant ${unknown.map((id) => `"${id}"`).join(', ')}; tenants are ${known.join(', ')}`);
  const chosen = only.length > 0 ? project.tenants.filter((tenant) => only.includes(tenant.id)) : project.tenants;
  const carryOver = only.length > 0 ? known.filter((id) => !only.includes(id)) : [];

  const client = await bundleClientCached(repoRoot);
  const images = createImagePipeline({ cacheDir: path.join(root, '.cache', 'images') });
  let pages = 0;

  await writeAtomically(
    outDir,
    async (staging) => {
      for (const tenant of chosen) {
        const siteDir = path.join(staging, tenant.id);
        pages += await buildTenant({ project, tenant, root, siteDir, images, client, apiOrigin });
      }
      pages += await renderEntrySite({ project, root, siteDir: path.join(staging, ENTRY_SITE), images, client, apiOrigin });
    },
    { carryOver },
  );
  return { tenants: chosen.map((tenant) => tenant.id), pages, images: images.stats() };
}

interface TenantBuild {
  project: Project;
  tenant: Tenant;
  root: string;
  siteDir: string;
  images: ImagePipeline;
  client: { assets: ClientAssets; dir: string };
  apiOrigin?: string;
}

async function buildTenant({ project, tenant, root, siteDir, images, client, apiOrigin }: TenantBuild): Promise<number> {
  const catalog = project.catalogs.get(tenant.catalogId);
  if (!catalog) throw new Error(`internal: tenant ${tenant.id} has no catalog after validation`);
  const base = basePath(tenant.routePrefix);
  const publish = publisher(images, path.join(siteDir, 'assets', 'img'), `${base}assets/img/`);

  const products = visibleProducts(tenant, catalog);
  const productImages = new Map<string, PictureData>();
  await Promise.all(
    products.flatMap((product) =>
      productColors(product).map(async (color) => {
        productImages.set(imageKey(product.code, color), await publish(path.join(root, 'catalogs', 'images', productImageFile(product.code, color)), 'product'));
      }),
    ),
  );
  const logoNames = [...new Set(Object.values(tenant.embroideries).flat())];
  // Built in name order, not completion order: the same data must give the same bytes.
  const logoImages = await Promise.all(logoNames.map((name) => publish(path.join(root, 'tenants', 'logos', logoImageFile(name)), 'logo')));
  const logos: Record<string, PictureData> = Object.fromEntries(logoNames.map((name, index) => [name, logoImages[index] as PictureData]));
  const companyLogo = tenant.companyLogo ? await publish(path.join(root, 'tenants', 'logos', tenant.companyLogo), 'logo') : undefined;

  // Catalogs are shared between tenants: only this tenant's own store codes may reach its pages.
  const ownStores = new Set(tenant.stores.map((store) => store.code));
  const model: PageModel = {
    config: storefrontConfig(project.site, tenant, { companyLogo, logos }, apiOrigin),
    products: products.map((product) => ({ ...product, supportedStores: product.supportedStores.filter((code) => ownStores.has(code)) })),
    storeBound: new Set(products.filter((product) => product.supportedStores.length > 0).map((product) => product.code)),
    productImage: (code, color) => productImages.get(imageKey(code, color)),
    catalogLinks: project.site.catalogLinks,
  };
  const rendered = renderTenant(model, catalog, client.assets);
  for (const page of rendered) {
    mkdirSync(path.dirname(path.join(siteDir, page.file)), { recursive: true });
    writeFileSync(path.join(siteDir, page.file), page.html);
  }
  copyClientAssets(client, path.join(siteDir, 'assets'));
  return rendered.length;
}

function imageKey(code: string, color: string): string {
  return `${code}\u0000${color}`;
}
