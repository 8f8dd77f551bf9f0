import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildStorefronts } from '../generator/build-storefronts.ts';
import { siteLocation } from '../generator/site-location-options.ts';
import { plainBuildProgress } from './plain-build-progress.ts';
import { projectRoot } from '../project-root.ts';
import { reportTable } from './report-table.ts';
import { terminalBuildProgress } from './terminal-build-progress.ts';
import { UserError } from '../user-error.ts';

/** `npm run build [-- --tenant ID ...] [--api-origin URL] [--base-path PATH] [--preview LABEL] [--allow-placeholder-api] [--root DIR] [--out-dir DIR] [--no-precompress] [--no-page-cache] [--workers N] [--compression-cache DIR] [--image-cache DIR]` */
export async function runBuild(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      tenant: { type: 'string', multiple: true },
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
  let location;
  try {
    // An empty variable is no option: the workflow sets both from its matrix, empty on main.
    location = siteLocation({ basePath: values['base-path'] ?? process.env.STOREFRONT_BASE_PATH, preview: values.preview ?? process.env.STOREFRONT_PREVIEW });
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
  // Bars only where someone watches them redraw: a CI log or a pipe gets one line per phase.
  const interactive = process.stdout.isTTY === true && !isCi();
  const terminal = interactive ? terminalBuildProgress() : undefined;
  const progress = terminal ?? plainBuildProgress();
  try {
    const result = await buildStorefronts({
      root,
      repoRoot: projectRoot(),
      outDir,
      only: values.tenant,
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
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${reportTable(result.report)}\n`);
    console.log(
      `Built ${result.tenants.length} tenant${result.tenants.length === 1 ? '' : 's'} (${result.pages} pages) into ${path.relative(process.cwd(), outDir) || '.'}/ in ${seconds} s`,
    );
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
