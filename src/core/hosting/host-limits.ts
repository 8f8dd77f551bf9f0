import { HEADERS_FILE, parseHeadersFile } from '../headers-file.ts';
import { HOST_NAMES, REDIRECTS_FILE, type SharedHost } from './shared-host-rules.ts';

/** Cloudflare's plans differ only in the files a Pages deployment may hold. */
export const PAGES_PLANS = ['free', 'paid'] as const;
export type PagesPlan = (typeof PAGES_PLANS)[number];

/**
 * Each host's documented limits, with the page that states them (docs/publishing.md lists them).
 * Netlify documents no number of header or redirect rules, no number of files per deploy and
 * no file size; it does cap the files of one directory.
 */
export const PAGES_LIMITS = {
  headerRules: 100,
  headerLineCharacters: 2_000,
  staticRedirects: 2_000,
  dynamicRedirects: 100,
  redirectLineCharacters: 1_000,
  files: { free: 20_000, paid: 100_000 } satisfies Record<PagesPlan, number>,
  fileBytes: 25 * 1024 * 1024,
  source: 'https://developers.cloudflare.com/pages/platform/limits/',
  redirectsSource: 'https://developers.cloudflare.com/pages/configuration/redirects/',
} as const;

export const NETLIFY_LIMITS = {
  filesPerDirectory: 54_000,
  source: 'https://docs.netlify.com/site-deploys/overview/',
} as const;

/** Files wrangler leaves out of a Pages upload: the configuration it reads instead. */
const PAGES_CONFIGURATION = new Set([HEADERS_FILE, REDIRECTS_FILE, '_routes.json', '_worker.js']);

export interface FolderFile {
  /** Relative to the folder, '/' separators. */
  path: string;
  size: number;
}

/** What a host is given: every file, and the text of its `_headers` and `_redirects` if any. */
export interface HostFolder {
  files: readonly FolderFile[];
  headers?: string;
  redirects?: string;
}

export interface LimitCheck {
  /** One line per limit passed over, naming the limit, the figure found and the way out. */
  problems: string[];
  /** One line per limit checked: the figure found against the limit. */
  figures: string[];
  /** Files the host would serve as something they are not (the `.br`/`.gz` siblings), with the way out; empty when none. */
  servedWrongly: string[];
}

export interface CheckOptions {
  plan?: PagesPlan;
  /** How a top-level folder is named in the way out (a tenant id, for `--tenant`); by default '/<folder>/'. */
  name?: (folder: string) => string;
  /** The folder is this one tenant at the root of a host of its own (`--tenant first`): there is no split to propose. */
  alone?: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Checks a folder, as it would be uploaded, against the host's documented limits and for files the host would serve wrongly. */
export function checkHostLimits(host: SharedHost, folder: HostFolder, options: CheckOptions = {}): LimitCheck {
  const check = host === 'cloudflare-pages' ? checkPages(folder, options) : checkNetlify(folder);
  const siblings = precompressedSiblings(folder.files);
  const servedWrongly =
    siblings.length === 0
      ? []
      : [
          `${HOST_NAMES[host]} compresses by itself and serves a precompressed sibling as a file of its own (/${siblings[0]} answers its compressed bytes as they are); this folder has ${count(siblings.length)} .br/.gz siblings. Publish the folder npm run shared-host writes without them: --out <folder> for the prefixed tenants, --out <folder> --tenant <id> for a tenant without a route_prefix (docs/publishing.md).`,
        ];
  return { ...check, servedWrongly };
}

/** The `.br`/`.gz` files beside the file they compress (`index.html.br` beside `index.html`), as the build writes them. */
function precompressedSiblings(files: readonly FolderFile[]): string[] {
  const paths = new Set(files.map((file) => file.path));
  return files.map((file) => file.path).filter((file) => /\.(br|gz)$/.test(file) && paths.has(file.slice(0, file.lastIndexOf('.'))));
}

function checkPages(folder: HostFolder, { plan = 'free', name = (f) => `/${f}/`, alone }: CheckOptions): Omit<LimitCheck, 'servedWrongly'> {
  const problems: string[] = [];
  const figures: string[] = [];
  const L = PAGES_LIMITS;
  const pages = 'Cloudflare Pages';

  const rules = parseHeadersFile(folder.headers ?? '').length;
  figures.push(`header rules: ${count(rules)} of ${count(L.headerRules)}`);
  if (rules > L.headerRules) {
    problems.push(
      `${pages} keeps ${L.headerRules} header rules (${L.source}#headers); this configuration has ${count(rules)}, so the rules past the ${L.headerRules}th are dropped. Write the folder with npm run shared-host, whose rules do not grow with the number of tenants, or split the tenants over several Pages projects.`,
    );
  }
  longLines(folder.headers, L.headerLineCharacters).forEach(({ line, length }) => {
    problems.push(
      `${pages} reads _headers lines of at most ${count(L.headerLineCharacters)} characters (${L.source}#headers); line ${line} has ${count(length)}. Shorten that header value.`,
    );
  });

  const redirects = redirectRules(folder.redirects ?? '');
  const dynamic = redirects.filter((rule) => /\*|\/:[A-Za-z]/.test(rule.split(/\s+/)[0] ?? '')).length;
  const fixed = redirects.length - dynamic;
  figures.push(`redirects: ${count(fixed)} static of ${count(L.staticRedirects)}, ${count(dynamic)} dynamic of ${count(L.dynamicRedirects)}`);
  if (fixed > L.staticRedirects || dynamic > L.dynamicRedirects) {
    problems.push(
      `${pages} keeps ${count(L.staticRedirects)} static and ${L.dynamicRedirects} dynamic redirects (${L.redirectsSource}#per-file); this _redirects has ${count(fixed)} static and ${count(dynamic)} dynamic ones. Use placeholders and splats (/:tenant/*), or Bulk Redirects for the rest.`,
    );
  }
  longLines(folder.redirects, L.redirectLineCharacters).forEach(({ line, length }) => {
    problems.push(
      `${pages} reads redirects of at most ${count(L.redirectLineCharacters)} characters (${L.redirectsSource}#per-file); line ${line} of _redirects has ${count(length)}. Shorten it.`,
    );
  });

  const uploaded = folder.files.filter((file) => !PAGES_CONFIGURATION.has(file.path));
  const limit = L.files[plan];
  figures.push(`files: ${count(uploaded.length)} of ${count(limit)} (${plan} plan)`);
  if (uploaded.length > limit) {
    const paid =
      plan === 'free'
        ? `, or, on a Workers Paid plan, set PAGES_WRANGLER_MAJOR_VERSION=4 in the Pages project and pass --plan paid (${count(L.files.paid)} files)`
        : '';
    const wayOut =
      alone === undefined
        ? `Split the tenants over several Pages projects, one folder each as below${paid}:\n${splitSuggestion(uploaded, limit, name)}`
        : `It is one tenant (${alone}), which no split makes smaller: give it a host of its own (the S3 layout, docs/publishing.md)${paid}.`;
    problems.push(
      `${pages} (${plan} plan) takes at most ${count(limit)} files in a deployment (${L.source}#files); this folder has ${count(uploaded.length)}. ${wayOut}`,
    );
  }

  const largest = uploaded.reduce<FolderFile | undefined>((max, file) => (max === undefined || file.size > max.size ? file : max), undefined);
  figures.push(`largest file: ${largest ? `${mib(largest.size)} (${largest.path})` : 'none'} of ${mib(L.fileBytes)}`);
  for (const file of uploaded.filter((f) => f.size > L.fileBytes)) {
    problems.push(
      `${pages} serves files of at most ${mib(L.fileBytes)} (${L.source}#file-size); ${file.path} is ${mib(file.size)}. Make it smaller, or serve it from elsewhere (R2) and link to it there.`,
    );
  }
  return { problems, figures };
}

function checkNetlify(folder: HostFolder): Omit<LimitCheck, 'servedWrongly'> {
  const L = NETLIFY_LIMITS;
  const perDirectory = new Map<string, number>();
  for (const file of folder.files) {
    const directory = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '.';
    perDirectory.set(directory, (perDirectory.get(directory) ?? 0) + 1);
  }
  const [fullest, most] = [...perDirectory].reduce<[string, number]>((max, entry) => (entry[1] > max[1] ? entry : max), ['.', 0]);
  const problems = [...perDirectory]
    .filter(([, files]) => files > L.filesPerDirectory)
    .map(
      ([directory, files]) =>
        `${HOST_NAMES.netlify} takes at most ${count(L.filesPerDirectory)} files in one directory (${L.source}, "Files per directory limit"); ${directory} has ${count(files)}. Publish that tenant on a host of its own from the S3 layout (docs/publishing.md), or show fewer pictures.`,
    );
  return {
    problems,
    figures: [
      `files: ${count(folder.files.length)} (no documented limit)`,
      `fullest directory: ${count(most)} files (${fullest}) of ${count(L.filesPerDirectory)}`,
    ],
  };
}

/** The rule lines of a `_redirects` file. */
function redirectRules(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function longLines(text: string | undefined, max: number): { line: number; length: number }[] {
  return (text ?? '').split(/\r?\n/).flatMap((line, index) => (line.length > max ? [{ line: index + 1, length: line.length }] : []));
}

/**
 * Groups of tenants (top-level folders) that each fit the limit with the root's files beside them,
 * first fit in folder order, one line each; a folder that alone does not fit is named as such.
 */
function splitSuggestion(files: readonly FolderFile[], limit: number, name: (folder: string) => string): string {
  const perFolder = new Map<string, number>();
  let rootFiles = 0;
  for (const file of files) {
    const slash = file.path.indexOf('/');
    if (slash < 0) rootFiles += 1;
    else perFolder.set(file.path.slice(0, slash), (perFolder.get(file.path.slice(0, slash)) ?? 0) + 1);
  }
  const groups: { folders: string[]; files: number }[] = [];
  const alone: string[] = [];
  for (const [folder, size] of [...perFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (size + rootFiles > limit) {
      alone.push(`  ${name(folder)} alone has ${count(size)} files: give it a host of its own (the S3 layout, docs/publishing.md)`);
      continue;
    }
    const group = groups.find((g) => g.files + size <= limit);
    if (group) {
      group.folders.push(folder);
      group.files += size;
    } else groups.push({ folders: [folder], files: rootFiles + size });
  }
  return [...groups.map((g, index) => `  project ${index + 1} (${count(g.files)} files): ${g.folders.map(name).join(' ')}`), ...alone].join('\n');
}
