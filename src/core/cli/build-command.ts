import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildStorefronts } from '../generator/build-storefronts.ts';
import { siteLocation } from '../generator/site-location-options.ts';
import { plainBuildProgress } from './plain-build-progress.ts';
import { readPlanFile } from './plan-file.ts';
import { projectRoot } from '../project-root.ts';
import { reportTable } from './report-table.ts';
import { renderedSummary } from '../generator/reuse/render-reasons.ts';
import { terminalBuildProgress } from './terminal-build-progress.ts';
import { UserError } from '../user-error.ts';

/** `npm run build [-- --plan FILE | --tenant ID ...] [--api-origin URL] [--base-path PATH] [--preview LABEL] [--allow-placeholder-api] [--root DIR] [--out-dir DIR] [--no-precompress] [--no-page-cache] [--workers N] [--compression-cache DIR] [--image-cache DIR]` */
export async function runBuild(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      tenant: { type: 'string', multiple: true },
      // A deploy:plan or preview:plan matrix: builds its tenants, each at the base path and as the preview its entry names.
      plan: { type: 'string' },
      'api-origin': { type: 'string' },
      // Where the sites are served on their host ('/_previews/pr-12/'): every URL of every page below it.
      'base-path': { type: 'string' },
      // What the build previews ('pull request #12'): a notice on every page, and no order API.
      preview: { type: 'string' },
      // Builds tenants whose order API is the example address: pages to look at, not to publish.
      'allow-placeholder-api': { type: 'boolean' },
      root: { type: 'string' },
      'out-dir': { type: 'string' },
      // Skips the .br/.gz siblings: a quicker build for local use, where nothing is deployed.
      'no-precompress': { type: 'boolean' },
      // Renders and writes every page of every tenant, carrying nothing from .cache/pages/ or the previous dist/ (the
      // image and client bundle caches still serve): a cold build, to measure or to force.
      'no-page-cache': { type: 'boolean' },
      // Threads that render pages; default 1, the build's own thread (docs/performance.md says why).
      workers: { type: 'string' },
      // Another compression cache than .cache/precompressed/: `npm run bench` measures a build with an empty one.
      'compression-cache': { type: 'string' },
      // Another image cache than .cache/images/: a build that must encode from nothing, or tests that damage cache files on purpose.
      'image-cache': { type: 'string' },
    },
  });
  const root = projectRoot(values.root);
  const outDir = path.resolve(root, values['out-dir'] ?? 'dist');
  const apiOrigin = values['api-origin'] ?? process.env.STOREFRONT_API_ORIGIN;
  if (apiOrigin !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(apiOrigin)) {
    console.error(`Build failed: --api-origin must be an origin like http://localhost:8787, got "${apiOrigin}"`);
    return 1;
  }
  let groups: BuildGroup[];
  try {
    groups =
      values.plan === undefined
        ? [
            {
              only: values.tenant,
              // An empty variable is no option: the workflow may set both, empty on main.
              location: siteLocation({
                basePath: values['base-path'] ?? process.env.STOREFRONT_BASE_PATH,
                preview: values.preview ?? process.env.STOREFRONT_PREVIEW,
              }),
            },
          ]
        : planGroups(
            values.plan,
            [values.tenant, values['base-path'], values.preview].some((value) => value !== undefined),
          );
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    console.error(`Build failed: ${error.message}`);
    return 1;
  }
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64)) {
    console.error(`Build failed: --workers must be a whole number from 1 to 64, got "${values.workers}"`);
    return 1;
  }
  const started = performance.now();
  // Bars only where someone watches them redraw: a CI log, a pipe or a plan's several builds get one line per phase.
  const interactive = process.stdout.isTTY === true && !isCi() && groups.length === 1;
  const terminal = interactive ? terminalBuildProgress() : undefined;
  const progress = terminal ?? plainBuildProgress();
  try {
    let tenants = 0;
    let pages = 0;
    for (const { only, location } of groups) {
      const result = await buildStorefronts({
        root,
        repoRoot: projectRoot(),
        outDir,
        only,
        apiOrigin,
        location,
        allowPlaceholderApi: values['allow-placeholder-api'] === true,
        progress,
        precompress: values['no-precompress'] !== true,
        reusePages: values['no-page-cache'] !== true,
        renderThreads: workers,
        compressionCache: values['compression-cache'] === undefined ? undefined : path.resolve(values['compression-cache']),
        imageCache: values['image-cache'] === undefined ? undefined : path.resolve(values['image-cache']),
      });
      terminal?.stop();
      console.log(`\n${reportTable(result.report)}\n`);
      console.log(renderedSummary(result.report));
      tenants += result.tenants.length;
      pages += result.pages;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Built ${tenants} tenant${tenants === 1 ? '' : 's'} (${pages} pages) into ${path.relative(process.cwd(), outDir) || '.'}/ in ${seconds} s`);
    return 0;
  } catch (error) {
    // The bars stop first, so the message is printed below them rather than drawn over.
    terminal?.stop();
    // Problems in the data or a page, not bugs: one line naming what to fix, no stack trace.
    if (error instanceof UserError) {
      console.error(`Build failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** CI services set CI (GitHub Actions, GitLab, CircleCI…); 'false' or '0' is someone turning it off. */
function isCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

interface BuildGroup {
  only?: string[];
  location: ReturnType<typeof siteLocation>;
}

/**
 * The builds a plan needs: its tenants grouped by where they are served (a preview's prefixed
 * tenants share one base path, each tenant without a prefix has its own), one build a group, all
 * into the same output folder.
 */
function planGroups(file: string, otherOptions: boolean): BuildGroup[] {
  if (otherOptions) throw new UserError('--plan names the tenants, their base path and preview itself: leave out --tenant, --base-path and --preview');
  const entries = readPlanFile(file, '--plan');
  if (entries.length === 0) throw new UserError(`--plan ${file} names no tenant: there is nothing to build`);
  const groups = new Map<string, BuildGroup & { only: string[] }>();
  for (const entry of entries) {
    const { basePath, preview } = entry;
    const id = JSON.stringify([basePath || undefined, preview || undefined]);
    const group = groups.get(id) ?? { only: [], location: siteLocation({ basePath, preview }) };
    group.only.push(entry.tenant);
    groups.set(id, group);
  }
  return [...groups.values()];
}
