import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Tenant } from '../../domain/tenant.ts';
import { basePath } from '../../site/routes.ts';
import { siteLocation } from '../generator/site-location-options.ts';
import { loadProject } from '../data/load-project.ts';
import { siteMounts } from '../serve/site-mounts.ts';
import { createStaticServer, type SiteMount } from '../serve/static-server.ts';
import { runBuild } from './build-command.ts';
import { localOrigins, startApi } from '../serve/local-api.ts';
import { assertPortsApart, localPorts } from '../serve/local-ports.ts';
import { UserError } from '../user-error.ts';
import { projectRoot } from '../project-root.ts';

const STAMP = '.local-build.json';

/**
 * `npm start [-- --rebuild] [--base-path PATH]`: builds when the data or code changed since the last local build, then serves
 * the entry screen and every storefront (below PATH when given, as a build made with it links) and runs the order API beside them on loopback.
 */
export async function runStart(argv: string[]): Promise<void> {
  const root = projectRoot();
  const { port, apiPort } = refuseOnUserError(() => localPorts(process.env));
  const pathFlag = argv.indexOf('--base-path');
  const under = refuseOnUserError(() => siteLocation({ basePath: pathFlag >= 0 ? (argv[pathFlag + 1] ?? '') : undefined }).basePath);
  // Checked before a build of minutes; data with errors is the build's to report.
  const tenants = loadProject(root).project?.tenants;
  if (tenants) refuseOnUserError(() => assertPortsApart({ port, apiPort }, tenants));
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const distDir = path.join(root, 'dist');

  if (argv.includes('--rebuild') || needsBuild(root, distDir, apiOrigin, under)) {
    console.log('Building the storefronts for local use…');
    if ((await runBuild(['--api-origin', apiOrigin, '--base-path', under])) !== 0) process.exit(1);
    // The production stamp is what it was before --base-path existed, so a dist/ built then still counts.
    writeFileSync(path.join(distDir, STAMP), JSON.stringify({ apiOrigin, builtAt: Date.now(), ...(under === '/' ? {} : { basePath: under }) }));
  } else {
    console.log('dist/ is up to date (npm start -- --rebuild to build anyway)');
  }

  const { project } = loadProject(root);
  if (!project) process.exit(1);
  const mounts = siteMounts(project.tenants, distDir, under);
  const noPrefix = project.tenants.filter((tenant) => tenant.routePrefix === '');
  const servers: { server: Server; port: number; mounts: SiteMount[] }[] = [
    { server: createStaticServer(mounts), port, mounts },
    // Their own port reaches no-prefix tenants where *.localhost names do not resolve (curl, some OSes).
    ...noPrefix.map((tenant, index) => {
      const own = [{ prefix: under, dir: path.join(distDir, tenant.id) }];
      return { server: createStaticServer(own), port: port + 1 + index, mounts: own };
    }),
  ];
  const origins = localOrigins(project.tenants, port);

  const api = startApi(root, apiPort, origins);
  await Promise.all(servers.map(({ server, port: p }) => new Promise<void>((resolve) => server.listen(p, '127.0.0.1', resolve))));

  printUrls(project.tenants, port, apiOrigin, under);

  const stop = () => {
    api.kill('SIGTERM');
    for (const { server } of servers) server.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  api.once('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`The order API stopped (exit ${code}).`);
    for (const { server } of servers) server.close();
  });
}

/** A setting `npm start` cannot run with: its one line, then exit 1. */
function refuseOnUserError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    console.error(`npm start: ${error.message}`);
    process.exit(1);
  }
}

/** The list of addresses `npm start` and `npm run dev` print. */
export function printUrls(tenants: readonly Tenant[], port: number, apiOrigin: string, under = '/'): void {
  const noPrefix = tenants.filter((tenant) => tenant.routePrefix === '');
  console.log(`\nEntry screen    http://localhost:${port}${under}`);
  for (const tenant of tenants) {
    if (tenant.routePrefix !== '') console.log(`${tenant.id.padEnd(15)} http://localhost:${port}${basePath(tenant.routePrefix, under)}`);
  }
  noPrefix.forEach((tenant, index) =>
    console.log(`${tenant.id.padEnd(15)} http://${tenant.id}.localhost:${port}${under}  or  http://localhost:${port + 1 + index}${under}`),
  );
  console.log(`Order API       ${apiOrigin}  (orders in .cache/order-api/, e-mails as .eml files in .cache/order-api/mail/)\n`);
}

/** True when dist/ is missing, was built for another API or base path, or is older than any input. */
function needsBuild(root: string, distDir: string, apiOrigin: string, under: string): boolean {
  const stampFile = path.join(distDir, STAMP);
  if (!existsSync(stampFile)) return true;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { apiOrigin?: string; builtAt?: number; basePath?: string };
  if (stamp.apiOrigin !== apiOrigin || (stamp.basePath ?? '/') !== under || typeof stamp.builtAt !== 'number') return true;
  const inputs = ['tenants', 'catalogs', 'schemas', 'src', 'package-lock.json'].map((entry) => path.join(root, entry));
  return inputs.some((input) => newestMtime(input) > (stamp.builtAt ?? 0));
}

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}
