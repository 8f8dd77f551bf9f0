import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { HEADERS_FILE, headersFor, parseHeadersFile } from '../headers-file.ts';

/** One built site and where it is served: a host name (or any host) and a path prefix. */
export interface SiteMount {
  /** Matches the request's host name, e.g. 'first.localhost'; any host when absent. */
  host?: string;
  /** '/guardian/' or '/' */
  prefix: string;
  dir: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** The mount that serves a request: the host's own first, then the longest prefix. */
export function findMount(mounts: readonly SiteMount[], hostname: string, pathname: string): SiteMount | undefined {
  const candidates = mounts.filter((m) => (m.host === undefined || m.host === hostname) && (pathname.startsWith(m.prefix) || `${pathname}/` === m.prefix));
  return candidates.sort((a, b) => Number(b.host !== undefined) - Number(a.host !== undefined) || b.prefix.length - a.prefix.length)[0];
}

/**
 * Serves built storefronts the way the CDN does: folder/ → folder/index.html, the site's own
 * 404.html (with status 404) for anything it does not have, the headers of the folder's
 * `_headers` file on every answer, and its .br/.gz siblings to browsers that accept them (sirv,
 * with ETags). This module decides which file a request means; sirv only sends it.
 */
export function createStaticServer(mounts: readonly SiteMount[]): Server {
  // Per request, not cached: sirv looks files up when asked, so a rebuild shows without a restart.
  const senders = new Map<string, Handler>(
    mounts.map((mount) => [mount.dir, sirv(mount.dir, { dev: true, etag: true, brotli: true, gzip: true, extensions: [] }) as Handler]),
  );
  return createServer((request, response) => {
    serve(mounts, senders, request, response).catch((error: unknown) => {
      // A file that vanished or cannot be read answers this request with an error, never stops the server.
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`Cannot serve this file (${error instanceof Error ? error.message : String(error)})`);
    });
  });
}

async function serve(mounts: readonly SiteMount[], senders: Map<string, Handler>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const hostname = (request.headers.host ?? 'localhost').replace(/:\d+$/, '');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
    return;
  }
  const mount = findMount(mounts, hostname, pathname);
  if (!mount) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  if (`${pathname}/` === mount.prefix) {
    response.writeHead(301, { location: mount.prefix }).end();
    return;
  }
  // The path inside the site, checked segment by segment after decoding: '..%2f' must not reach
  // a sibling folder (the old prefix comparison let /guardian/..%2fguardian-x/ into dist/guardian-x/).
  const sitePath = `/${pathname.slice(mount.prefix.length)}`;
  const segments = sitePath.split('/');
  const unsafe = segments.some((segment) => segment === '..' || segment.includes('\\') || segment.includes('\0'));
  // The CDN reads _headers and does not publish it.
  const relative = unsafe || sitePath === `/${HEADERS_FILE}` ? undefined : segments.filter(Boolean).join('/');
  const rules = parseHeadersFile(await readFile(path.join(mount.dir, HEADERS_FILE), 'utf8').catch(() => ''));

  let file = relative === undefined ? undefined : path.join(mount.dir, relative);
  let stats = file ? await stat(file).catch(() => undefined) : undefined;
  if (file && stats?.isDirectory()) {
    if (!pathname.endsWith('/')) {
      response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
      return;
    }
    file = path.join(file, 'index.html');
    stats = await stat(file).catch(() => undefined);
  }
  if (!file || !stats) {
    await sendNotFound(mount, rules, response);
    return;
  }
  if (!(await readable(file, stats, request))) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden: this file cannot be read');
    return;
  }
  for (const [name, value] of headersFor(rules, sitePath)) response.setHeader(name, value);
  // sirv is handed the exact file, so it picks only among that file and its .br/.gz siblings.
  request.url = encodeURI(`/${path.relative(mount.dir, file).split(path.sep).join('/')}`);
  senders.get(mount.dir)?.(request, response, () => void sendNotFound(mount, rules, response));
}

/**
 * Only regular files that can be read, with the siblings sirv may pick for this request:
 * sirv streams a file without listening for errors (an unreadable one would crash the
 * process), and opening a FIFO would wait forever.
 */
async function readable(file: string, stats: { isFile(): boolean }, request: IncomingMessage): Promise<boolean> {
  if (!stats.isFile()) return false;
  const accepts = String(request.headers['accept-encoding'] ?? '');
  // The same tests as sirv's own choice of sibling.
  const candidates = [file, ...(/(br|brotli)/i.test(accepts) ? [`${file}.br`] : []), ...(accepts.includes('gzip') ? [`${file}.gz`] : [])];
  for (const candidate of candidates) {
    const candidateStats = await stat(candidate).catch(() => undefined);
    if (!candidateStats) continue;
    if (!candidateStats.isFile()) return false;
    if (
      !(await access(candidate, constants.R_OK).then(
        () => true,
        () => false,
      ))
    )
      return false;
  }
  return true;
}

async function sendNotFound(mount: SiteMount, rules: ReturnType<typeof parseHeadersFile>, response: ServerResponse): Promise<void> {
  const page = await readFile(path.join(mount.dir, '404.html')).catch(() => undefined);
  if (!page) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  for (const [name, value] of headersFor(rules, '/404.html')) response.setHeader(name, value);
  response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(page);
}
