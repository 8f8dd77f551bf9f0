import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProject } from '../data/load-project.ts';
import { checkHostLimits, PAGES_PLANS, type CheckOptions, type HostFolder, type LimitCheck, type PagesPlan } from '../hosting/host-limits.ts';
import { planOwnHost, planSharedHost, readHostFolder, writeSharedHost, type OwnHostTenant, type SharedTenant } from '../hosting/shared-host-folder.ts';
import { HOST_NAMES, SHARED_HOSTS, type SharedHost } from '../hosting/shared-host-rules.ts';
import { projectRoot } from '../project-root.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { UserError } from '../user-error.ts';
import { reportUserError } from './report-user-error.ts';

const USAGE = [
  'usage: npm run shared-host -- --host cloudflare-pages|netlify --out <folder> [--tenant <id>]... [--home <id>] [--plan free|paid] [--dist <folder>] [--root <data folder>]',
  '       npm run shared-host -- --host cloudflare-pages|netlify --out <folder> --tenant <id without route_prefix> [--plan free|paid] [--dist <folder>] [--root <data folder>]',
  '       npm run shared-host -- --host cloudflare-pages|netlify --check <folder> [--plan free|paid]',
  '       npm run shared-host -- --host cloudflare-pages|netlify --check-dist <dist folder> [--plan free|paid] [--root <data folder>]',
].join('\n');

/**
 * `npm run shared-host -- --host cloudflare-pages --out publish` writes one folder for a shared
 * host: every prefixed tenant's built folder (or those named by --tenant) under its route_prefix,
 * with the host's `_headers` and `_redirects` at the root, whose rules do not grow with the number
 * of tenants. `--tenant <id>` of a tenant without a route_prefix, alone, writes its folder for a
 * host of its own instead (its files at the root, without the `.br`/`.gz` siblings). The folder is
 * checked against the host's documented limits before anything is written: over any of them,
 * nothing is written and each limit is named with the figure found and the way out (exit 1).
 * `--check <folder>` checks a folder made otherwise; `--check-dist <dist>` checks every folder a
 * built dist/ would be published as (the shared host's, each prefix-less tenant's own), writing
 * nothing.
 */
export function runSharedHost(argv: string[]): number {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        out: { type: 'string' },
        check: { type: 'string' },
        'check-dist': { type: 'string' },
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
    const modes = [values.out, values.check, values['check-dist']].filter((mode) => mode !== undefined).length;
    if (modes !== 1) throw new UserError(`give one of --out, --check and --check-dist\n${USAGE}`);

    if (values.check !== undefined) {
      return report(`${values.check} for ${HOST_NAMES[host]}`, checkHostLimits(host, readHostFolder(path.resolve(values.check)), { plan }));
    }

    const root = projectRoot(values.root);
    const { project, diagnostics } = loadProject(root);
    if (!project) {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      throw new UserError(`shared-host: the data has ${errors} error${errors === 1 ? '' : 's'}; run npm run validate`);
    }
    if (values['check-dist'] !== undefined) {
      if (values.tenant !== undefined || values.home !== undefined || values.dist !== undefined)
        throw new UserError(`--check-dist checks every tenant built in the folder it names: give no --tenant, --home or --dist with it\n${USAGE}`);
      return checkDist(host, plan, project.tenants, values['check-dist']);
    }
    const dist = path.resolve(values.dist ?? path.join(root, 'dist'));
    const byId = new Map(project.tenants.map((tenant) => [tenant.id, tenant]));
    const named = (values.tenant ?? []).map((id) => {
      const tenant = byId.get(id);
      if (!tenant) throw new UserError(`--tenant ${id}: no tenants/${id}.yaml (tenants: ${[...byId.keys()].join(', ')})`);
      return tenant;
    });
    const own = named.find((tenant) => tenant.routePrefix === '');
    if (own) {
      if (named.length > 1 || values.home !== undefined)
        throw new UserError(
          `--tenant ${own.id}: it has no route_prefix, so it is served at the root of a host of its own, not with other tenants: write its folder alone (npm run shared-host -- --host ${host} --out <folder> --tenant ${own.id}), without --home`,
        );
      return writeOwnHost(host, plan, { id: own.id, dir: path.join(dist, own.id) }, values.out as string);
    }
    const chosen = (values.tenant === undefined ? project.tenants.filter((tenant) => tenant.routePrefix !== '') : named).map(
      (tenant) => ({ id: tenant.id, prefix: tenant.routePrefix, dir: path.join(dist, tenant.id) }) satisfies SharedTenant,
    );
    const home = values.home === undefined ? undefined : chosen.find((tenant) => tenant.id === values.home);
    if (values.home !== undefined && !home) throw new UserError(`--home ${values.home}: not one of the tenants of this folder`);

    const planned = planSharedHost(host, chosen, home?.prefix);
    const prefixToId = new Map(chosen.map((tenant) => [tenant.prefix, tenant.id]));
    const check = checkHostLimits(host, planned, { plan, name: (folder) => `--tenant ${prefixToId.get(folder) ?? folder}` });
    const code = report(`${values.out} for ${HOST_NAMES[host]} (${chosen.length} tenant${chosen.length === 1 ? '' : 's'})`, check);
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

/** `--tenant <id>` of a tenant without a route_prefix: its folder for a host of its own, checked first. */
function writeOwnHost(host: SharedHost, plan: PagesPlan, tenant: OwnHostTenant, out: string): number {
  const planned = planOwnHost(host, tenant);
  const check = checkHostLimits(host, planned, { plan, alone: `--tenant ${tenant.id}` });
  const code = report(`${out} for ${HOST_NAMES[host]} (${tenant.id}, a host of its own)`, check);
  if (code !== 0) {
    console.error(`nothing written to ${out}`);
    return code;
  }
  writeSharedHost(planned, out);
  console.log(`wrote ${out}: ${tenant.id} at /, without the .br/.gz siblings`);
  return 0;
}

/**
 * `--check-dist <dist>`: the folders a built dist/ is published as on the host, checked and not
 * written: the prefixed tenants built there on one shared host (laid out as --out lays them out),
 * each tenant without a route_prefix on a host of its own. One line of figures a host when all are
 * within the limits; else each problem under the host it concerns, with the split that fits.
 */
function checkDist(host: SharedHost, plan: PagesPlan, tenants: readonly Tenant[], dist: string): number {
  const dir = path.resolve(dist);
  const built = tenants.filter((tenant) => existsSync(path.join(dir, tenant.id)));
  if (built.length === 0)
    throw new UserError(`--check-dist ${dist}: no tenant of the data is built there: run npm run build (or give the data folder with --root)`);
  const projects: { name: string; folder: HostFolder; options: CheckOptions }[] = [];
  const prefixed = built.filter((tenant) => tenant.routePrefix !== '');
  if (prefixed.length > 0) {
    const shared = prefixed.map((tenant) => ({ id: tenant.id, prefix: tenant.routePrefix, dir: path.join(dir, tenant.id) }));
    const prefixToId = new Map(shared.map((tenant) => [tenant.prefix, tenant.id]));
    projects.push({
      name: `the shared host (${prefixed.length} prefixed tenant${prefixed.length === 1 ? '' : 's'}, npm run shared-host -- --out)`,
      folder: planSharedHost(host, shared),
      options: { plan, name: (folder) => `--tenant ${prefixToId.get(folder) ?? folder}` },
    });
  }
  for (const tenant of built.filter((t) => t.routePrefix === '')) {
    projects.push({
      name: `${tenant.id}'s own host (no route_prefix, npm run shared-host -- --out <folder> --tenant ${tenant.id})`,
      folder: planOwnHost(host, { id: tenant.id, dir: path.join(dir, tenant.id) }),
      options: { plan, alone: `--tenant ${tenant.id}` },
    });
  }
  const checked = projects.map((project) => ({ ...project, ...checkHostLimits(host, project.folder, project.options) }));
  const what = `${dist} for ${HOST_NAMES[host]}${host === 'cloudflare-pages' ? ` (${plan} plan)` : ''}`;
  const missing = tenants.filter((tenant) => !built.includes(tenant)).map((tenant) => tenant.id);
  const notBuilt = missing.length === 0 ? '' : `not built there, so not checked: ${missing.join(', ')}`;
  const over = checked.filter((project) => !passes(project));
  if (over.length === 0) {
    console.log(`${what}: ${checked.length} host${checked.length === 1 ? '' : 's'} within the documented limits`);
    for (const project of checked) console.log(`  ${project.name}: ${project.figures.join('; ')}`);
    if (notBuilt) console.log(`  ${notBuilt}`);
    return 0;
  }
  console.error(`${what}: ${over.length} of ${checked.length} host${checked.length === 1 ? '' : 's'} ${failure(over.flatMap((project) => project.problems))}`);
  for (const project of over) {
    console.error(`${project.name}:`);
    for (const problem of [...project.problems, ...project.servedWrongly]) console.error(problem);
    console.error(project.figures.map((line) => `  ${line}`).join('\n'));
  }
  if (notBuilt) console.error(notBuilt);
  return 1;
}

/** Prints the figures, and the problems if any; the exit code. */
function report(what: string, check: LimitCheck): number {
  if (passes(check)) {
    console.log(`${what}: within the documented limits\n${check.figures.map((line) => `  ${line}`).join('\n')}`);
    return 0;
  }
  console.error(`${what}: ${failure(check.problems)}`);
  for (const problem of [...check.problems, ...check.servedWrongly]) console.error(problem);
  console.error(check.figures.map((line) => `  ${line}`).join('\n'));
  return 1;
}

const passes = (check: LimitCheck) => check.problems.length === 0 && check.servedWrongly.length === 0;

/** What is wrong, in a few words: the limits passed over, else files the host would serve wrongly. */
function failure(problems: readonly string[]): string {
  if (problems.length === 0) return 'with files the host would serve as they are not';
  return `over ${problems.length === 1 ? 'a documented limit' : `${problems.length} documented limits`}`;
}
