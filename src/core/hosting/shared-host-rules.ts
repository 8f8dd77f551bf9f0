import { REVALIDATE } from '../generator/publish/publish-site.ts';
import { ROBOTS_FILE } from '../generator/shared/site-manifest.ts';
import { type HeaderRule } from '../headers-file.ts';
import { UserError } from '../user-error.ts';

/** The shared hosts `npm run shared-host` writes a folder for: both read `_headers` and `_redirects`. */
export const SHARED_HOSTS = ['cloudflare-pages', 'netlify'] as const;
export type SharedHost = (typeof SHARED_HOSTS)[number];

export const HOST_NAMES: Record<SharedHost, string> = { 'cloudflare-pages': 'Cloudflare Pages', netlify: 'Netlify' };

export const REDIRECTS_FILE = '_redirects';
/** The host's own 404 page, at its root: answers paths under no tenant (and keeps Pages out of its single-page-app mode). */
export const ROOT_NOT_FOUND = '404.html';
/** The first line of the files this command writes: a folder whose `_headers` starts so may be replaced by the next run. */
export const WRITTEN_BY = '# Written by npm run shared-host';

/**
 * Any tenant's route prefix: a placeholder matches one path segment on both hosts, so one rule
 * serves every tenant and the rule count does not grow with the number of tenants.
 */
const TENANT = ':tenant';

/** One tenant's own rules (its `dist/<id>/_headers`, relative to its folder). */
export interface TenantRules {
  tenant: string;
  rules: readonly HeaderRule[];
}

/**
 * The rules of the shared host: each tenant's rules under `/:tenant/`, the same for all of them,
 * so written once; the rule for every path (`/*`, the security headers) stays host-wide so the
 * root answers carry it too; and the root's own files revalidate like a tenant's pages.
 * Tenants whose rules differ were built by different versions: that fails rather than joining
 * two Cache-Control values on one path.
 */
export function sharedHeaderRules(tenants: readonly TenantRules[]): HeaderRule[] {
  const byPattern = new Map<string, { rule: HeaderRule; from: string }>();
  for (const { tenant, rules } of tenants) {
    for (const rule of rules) {
      const pattern = rule.pattern === '/*' ? '/*' : `/${TENANT}${rule.pattern}`;
      const seen = byPattern.get(pattern);
      if (!seen) byPattern.set(pattern, { rule: { pattern, headers: rule.headers }, from: tenant });
      else if (JSON.stringify(seen.rule.headers) !== JSON.stringify(rule.headers)) {
        throw new UserError(
          `dist/${tenant}/_headers gives ${rule.pattern} other headers than dist/${seen.from}/_headers: rebuild both with the same version (npm run build)`,
        );
      }
    }
  }
  const root = ['/', `/${ROOT_NOT_FOUND}`, `/${ROBOTS_FILE}`].map((pattern): HeaderRule => ({ pattern, headers: [['Cache-Control', REVALIDATE]] }));
  return [...[...byPattern.values()].map(({ rule }) => rule), ...root];
}

/** The `_headers` text of the shared host. */
export function sharedHeadersFile(host: SharedHost, rules: readonly HeaderRule[]): string {
  return [
    `${WRITTEN_BY} for ${HOST_NAMES[host]}: every tenant under /<route_prefix>/.`,
    `# ${TENANT} stands for any tenant's prefix, so the rules do not grow with the number of tenants.`,
    ...rules.flatMap((rule) => [rule.pattern, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)]),
    '',
  ].join('\n');
}

/**
 * The `_redirects` text. `home`, a tenant's prefix, sends the bare host to that tenant. Pages
 * needs nothing else: it redirects a folder without its '/' and answers a missing path with the
 * nearest `404.html`. Netlify serves only the root's `404.html` by itself, so each tenant's
 * own 404 page is a rewrite with status 404, which Netlify applies only where no file matches.
 */
export function sharedRedirectsFile(host: SharedHost, home?: string): string {
  const lines = [`${WRITTEN_BY} for ${HOST_NAMES[host]}.`];
  if (home !== undefined) lines.push(`/ /${home}/ 302`);
  if (host === 'netlify') lines.push(`/${TENANT}/* /${TENANT}/404.html 404`);
  else lines.push("# Pages adds the '/' of a folder and answers a missing path with the nearest 404.html by itself.");
  return `${lines.join('\n')}\n`;
}

/** What a person who reaches no tenant sees: the host's root and any path outside a tenant's prefix. */
export const ROOT_NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found</title>
</head>
<body>
<h1>Page not found</h1>
<p>There is no storefront at this address. Open the link your dealership gave you.</p>
</body>
</html>
`;
