import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EntryPage } from '../../pages/entry-page.tsx';
import { renderDocument } from '../../runtime/server/render-document.tsx';
import { basePath } from '../../site/routes.ts';
import type { Project } from '../data/load-project.ts';
import type { ClientAssets } from './client-assets.ts';
import { apiBaseOf } from './storefront-config.ts';
import { copyClientAssets, publisher } from './publish-assets.ts';
import type { ImagePipeline } from './images/index.ts';

interface EntrySiteBuild {
  project: Project;
  root: string;
  siteDir: string;
  images: ImagePipeline;
  client: { assets: ClientAssets; dir: string };
  apiOrigin?: string;
}

/**
 * The entry screen, its own small site for test and local hosts (served at their root):
 * a tenant's entry password leads to that tenant's route prefix. The page lists only where
 * passwords may lead; the order API says which tenant a typed password belongs to.
 */
export async function renderEntrySite({ project, root, siteDir, images, client, apiOrigin }: EntrySiteBuild): Promise<number> {
  const { site } = project;
  const withPassword = project.tenants.filter((tenant) => tenant.password);
  const targets = withPassword.map((tenant) => ({ base: basePath(tenant.routePrefix), tenantId: tenant.id, companyName: tenant.companyName, apiBase: apiBaseOf(tenant, apiOrigin) }));
  const publish = publisher(images, path.join(siteDir, 'assets', 'img'), '/assets/img/');
  const html = renderDocument({
    title: site.supplierName,
    body: (
      <EntryPage
        model={{
          supplierName: site.supplierName,
          mainPhone: site.mainPhone,
          supportEmail: site.supportEmail,
          postalAddress: site.postalAddress,
          banner: site.entryBanner,
          headerImage: site.entryHeaderImage ? await publish(path.join(root, 'tenants', 'logos', site.entryHeaderImage), 'banner') : undefined,
          targets,
        }}
      />
    ),
    stylesheets: [`/assets/${client.assets.stylesheet}`],
    scripts: [`/assets/${client.assets.entries.entry.file}`],
    preloads: client.assets.entries.entry.imports.map((file) => `/assets/${file}`),
    apiBases: targets.map((target) => target.apiBase),
  });
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(path.join(siteDir, 'index.html'), html);
  copyClientAssets(client, path.join(siteDir, 'assets'));
  return 1;
}
