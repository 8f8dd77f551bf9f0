import path from 'node:path';
import type { Tenant } from '../../domain/tenant.ts';
import { basePath } from '../../site/routes.ts';
import { ENTRY_SITE } from '../../site/entry-target.ts';
import type { SiteMount } from './static-server.ts';

/**
 * How the local server lays out the built sites: the entry screen at the root of localhost,
 * prefixed tenants under their prefix, and each no-prefix tenant at the root of its own host
 * name (first.localhost), since they all want '/'. A build made with `--base-path` is served
 * below that path (`under`), as its pages link to it.
 */
export function siteMounts(tenants: readonly Tenant[], distDir: string, under = '/'): SiteMount[] {
  return [
    ...tenants.map((tenant) =>
      tenant.routePrefix === ''
        ? { host: `${tenant.id}.localhost`, prefix: under, dir: path.join(distDir, tenant.id) }
        : { prefix: basePath(tenant.routePrefix, under), dir: path.join(distDir, tenant.id) },
    ),
    { prefix: under, dir: path.join(distDir, ENTRY_SITE) },
  ];
}
