import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PreviewNotice } from '../../../components/preview-notice.tsx';
import { DeskPage } from '../../../pages/desk-page.tsx';
import { EntryPage } from '../../../pages/entry-page.tsx';
import { renderDocument } from '../../../runtime/server/render-document.tsx';
import { basePath } from '../../../site/routes.ts';
import { PRODUCTION, type SiteLocation } from '../../../site/site-location.ts';
import type { Project } from '../../data/load-project.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';
import { apiBaseOf, PREVIEW_API_BASE } from './tenant-storefront-config.ts';
import type { Tenant } from '../../../domain/tenant.ts';
import { copyClientAssets, publisher } from '../publish/publish-assets.ts';
import type { ImagePipeline } from '../images/index.ts';
import { entryHeaderImage, type PreparedImages } from '../images/site-images.ts';
import { bundledAssets, type PageAssets } from './render-tenant.tsx';
import type { PictureData } from '../../../site/picture-data.ts';
import type { WrittenFile } from '../shared/written-file.ts';

interface EntrySiteBuild {
  project: Project;
  root: string;
  siteDir: string;
  images: ImagePipeline;
  prepared: PreparedImages;
  client: { assets: ClientAssets; dir: string };
  /** Whether the site gets compressed siblings (`--no-precompress` says no). */
  precompress: boolean;
  apiOrigin?: string;
  location?: SiteLocation;
}

/**
 * The entry screen, its own small site for test and local hosts (served at their root):
 * a tenant's entry password leads to that tenant's route prefix. The page lists only where
 * passwords may lead; the order API says which tenant a typed password belongs to.
 */
export async function renderEntrySite({
  project,
  root,
  siteDir,
  images,
  prepared,
  client,
  precompress,
  apiOrigin,
  location = PRODUCTION,
}: EntrySiteBuild): Promise<WrittenFile[]> {
  // Served at the root of the build's base path, like a tenant without a prefix.
  const base = basePath('', location.basePath);
  const publish = publisher(images, prepared, path.join(siteDir, 'assets', 'img'), `${base}assets/img/`);
  const header = entryHeaderImage(root, project.supplier);
  const headerImage = header ? await publish(header.source, header.preset) : undefined;
  const html = renderEntryDocument(project, headerImage, bundledAssets(client.assets, base), apiOrigin, location);
  mkdirSync(path.join(siteDir, DESK_FOLDER), { recursive: true });
  writeFileSync(path.join(siteDir, 'index.html'), html);
  writeFileSync(path.join(siteDir, DESK_FOLDER, 'index.html'), renderDeskDocument(project, bundledAssets(client.assets, base), apiOrigin, location));
  // The bundle's files, with their digests: publishing reads the page and the header image.
  return copyClientAssets(client, siteDir, precompress);
}

/** The entry screen's HTML; the build and `npm run dev` differ only in the assets and the header image's URLs. */
export function renderEntryDocument(
  project: Project,
  headerImage: PictureData | undefined,
  assets: PageAssets,
  apiOrigin?: string,
  location: SiteLocation = PRODUCTION,
): string {
  const { supplier } = project;
  const withPassword = project.tenants.filter((tenant) => tenant.password);
  const apiBase = (tenant: Tenant) => (location.preview === undefined ? apiBaseOf(tenant, apiOrigin) : PREVIEW_API_BASE);
  const targets = withPassword.map((tenant) => ({
    base: basePath(tenant.routePrefix, location.basePath),
    tenantId: tenant.id,
    companyName: tenant.companyName,
    apiBase: apiBase(tenant),
  }));
  const { scripts, preloads } = assets.scripts(['entry']);
  return renderDocument({
    title: supplier.supplierName,
    body: (
      <EntryPage
        model={{
          supplierName: supplier.supplierName,
          mainPhone: supplier.mainPhone,
          supportEmail: supplier.supportEmail,
          postalAddress: supplier.postalAddress,
          banner: supplier.entryBanner,
          headerImage,
          targets,
        }}
      />
    ),
    stylesheets: assets.stylesheets,
    scripts,
    preloads,
    apiBases: location.preview === undefined ? targets.map((target) => target.apiBase) : [],
    csp: assets.csp,
    headExtra: assets.headExtra,
    banner: location.preview === undefined ? undefined : <PreviewNotice preview={location.preview} />,
  });
}

/** The supplier's order desk's folder in the entry site: never inside a tenant's site. */
export const DESK_FOLDER = 'desk';

/** The pages renderEntrySite writes: the entry screen and the order desk (the editor at /admin/ is written beside them when set up). */
export const ENTRY_SITE_PAGES = 2;

/** The one order API of the supplier's own pages (the order desk, the editor's sign-in): the first tenant's. */
export function deskApiBase(project: Project, apiOrigin?: string, location: SiteLocation = PRODUCTION): string {
  const first = project.tenants[0];
  return location.preview !== undefined || !first ? PREVIEW_API_BASE : apiBaseOf(first, apiOrigin);
}

/**
 * The order desk's page: every tenant's orders live in one order API, the one the first tenant's
 * storefront calls (a deployment whose tenants use several APIs has a desk per API: docs/decisions.md).
 */
export function renderDeskDocument(project: Project, assets: PageAssets, apiOrigin?: string, location: SiteLocation = PRODUCTION): string {
  const apiBase = deskApiBase(project, apiOrigin, location);
  const { scripts, preloads } = assets.scripts(['desk']);
  return renderDocument({
    title: `${project.supplier.supplierName}: order desk`,
    body: <DeskPage model={{ supplierName: project.supplier.supplierName, apiBase }} />,
    stylesheets: assets.stylesheets,
    scripts,
    preloads,
    apiBases: location.preview === undefined ? [apiBase] : [],
    csp: assets.csp,
    headExtra: assets.headExtra,
    banner: location.preview === undefined ? undefined : <PreviewNotice preview={location.preview} />,
  });
}
