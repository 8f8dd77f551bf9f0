import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProject } from '../data/load-project.ts';
import { checkHostLimits, PAGES_PLANS, type PagesPlan } from '../hosting/host-limits.ts';
import { planSharedHost, readHostFolder, writeSharedHost, type SharedTenant } from '../hosting/shared-host-folder.ts';
import { HOST_NAMES, SHARED_HOSTS, type SharedHost } from '../hosting/shared-host-rules.ts';
import { projectRoot } from '../project-root.ts';
import { UserError } from '../user-error.ts';
import { reportUserError } from './report-user-error.ts';

const USAGE = [
  'usage: npm run shared-host -- --host cloudflare-pages|netlify --out <folder> [--tenant <id>]... [--home <id>] [--plan free|paid] [--dist <folder>] [--root <data folder>]',
  '       npm run shared-host -- --host cloudflare-pages|netlify --check <folder> [--plan free|paid]',
].join('\n');

/**
 * `npm run shared-host -- --host cloudflare-pages --out publish` writes one folder for a shared
 * host: every prefixed tenant's built folder (or those named by --tenant) under its route_prefix,
 * with the host's `_headers` and `_redirects` at the root, whose rules do not grow with the number
 * of tenants. The folder is checked against the host's documented limits before anything is
 * written: over any of them, nothing is written and each limit is named with the figure found and
 * the way out (exit 1). `--check <folder>` checks a folder made otherwise.
 */
export function runSharedHost(argv: string[]): number {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        out: { type: 'string' },
        check: { type: 'string' },
        tenant: { type: 'string', multiple: true },
        home: { type: 'string' },
        plan: { type: 'string' },
        dist: { type: 'string' },
        root: { type: 'string' },
      },
    });
    const host = values.host as SharedHost;
    if (!SHARED_HOSTS.includes(host)) throw new UserError(`--host must be ${SHARED_HOSTS.join(' or ')}\n${USAGE}`);
    if (values.plan !== undefined && host !== 'cloudflare-pages')
      throw new UserError('--plan is for Cloudflare Pages: Netlify documents no file count per deploy');
    const plan = (values.plan ?? 'free') as PagesPlan;
    if (!PAGES_PLANS.includes(plan)) throw new UserError(`--plan must be ${PAGES_PLANS.join(' or ')}`);
    if ((values.out === undefined) === (values.check === undefined)) throw new UserError(`give either --out or --check\n${USAGE}`);

    if (values.check !== undefined) {
      const { problems, figures } = checkHostLimits(host, readHostFolder(path.resolve(values.check)), { plan });
      return report(`${values.check} for ${HOST_NAMES[host]}`, problems, figures);
    }

    const root = projectRoot(values.root);
    const { project, diagnostics } = loadProject(root);
    if (!project) {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      throw new UserError(`shared-host: the data has ${errors} error${errors === 1 ? '' : 's'}; run npm run validate`);
    }
    const dist = path.resolve(values.dist ?? path.join(root, 'dist'));
    const byId = new Map(project.tenants.map((tenant) => [tenant.id, tenant]));
    const chosen = (values.tenant ?? project.tenants.filter((tenant) => tenant.routePrefix !== '').map((tenant) => tenant.id)).map((id) => {
      const tenant = byId.get(id);
      if (!tenant) throw new UserError(`--tenant ${id}: no tenants/${id}.yaml (tenants: ${[...byId.keys()].join(', ')})`);
      if (tenant.routePrefix === '')
        throw new UserError(`--tenant ${id}: it has no route_prefix, so it is served at the root of a host of its own, not on a shared host`);
      return { id, prefix: tenant.routePrefix, dir: path.join(dist, id) } satisfies SharedTenant;
    });
    const home = values.home === undefined ? undefined : chosen.find((tenant) => tenant.id === values.home);
    if (values.home !== undefined && !home) throw new UserError(`--home ${values.home}: not one of the tenants of this folder`);

    const planned = planSharedHost(host, chosen, home?.prefix);
    const prefixToId = new Map(chosen.map((tenant) => [tenant.prefix, tenant.id]));
    const { problems, figures } = checkHostLimits(host, planned, { plan, name: (folder) => `--tenant ${prefixToId.get(folder) ?? folder}` });
    const code = report(`${values.out} for ${HOST_NAMES[host]} (${chosen.length} tenant${chosen.length === 1 ? '' : 's'})`, problems, figures);
    if (code !== 0) {
      console.error(`nothing written to ${values.out}`);
      return code;
    }
    writeSharedHost(planned, values.out as string);
    console.log(`wrote ${values.out}: ${chosen.map((tenant) => `${tenant.id} at /${tenant.prefix}/`).join(', ')}`);
    return 0;
  } catch (error) {
    return reportUserError(error);
  }
}

/** Prints the figures, and the problems if any; the exit code. */
function report(what: string, problems: readonly string[], figures: readonly string[]): number {
  if (problems.length === 0) {
    console.log(`${what}: within the documented limits\n${figures.map((line) => `  ${line}`).join('\n')}`);
    return 0;
  }
  console.error(`${what}: over ${problems.length === 1 ? 'a documented limit' : `${problems.length} documented limits`}`);
  for (const problem of problems) console.error(problem);
  console.error(figures.map((line) => `  ${line}`).join('\n'));
  return 1;
}
