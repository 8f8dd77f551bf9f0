import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/** One built site and where it is served: a host name (or any host) and a path prefix. */
export interface SiteMount {
  /** Matches the request's host name, e.g. 'first.localhost'; any host when absent. */
  host?: string;
  /** '/guardian/' or '/' */
  prefix: string;
  dir: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** The mount that serves a request: the host's own first, then the longest prefix. */
export function findMount(mounts: readonly SiteMount[], hostname: string, pathname: string): SiteMount | undefined {
  const candidates = mounts.filter((m) => (m.host === undefined || m.host === hostname) && (pathname.startsWith(m.prefix) || `${pathname}/` === m.prefix));
  return candidates.sort((a, b) => Number(b.host !== undefined) - Number(a.host !== undefined) || b.prefix.length - a.prefix.length)[0];
}

/**
 * Serves built storefronts the way the CDN does: folder/ → folder/index.html, and a site's
 * own 404.html (with status 404) for anything it does not have.
 */
export function createSiteServer(mounts: readonly SiteMount[]): Server {
  return createServer((request, response) => {
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
    const relative = path.normalize(pathname.slice(mount.prefix.length));
    let file = path.join(mount.dir, relative);
    if (!file.startsWith(mount.dir)) file = mount.dir;
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!pathname.endsWith('/')) {
        response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      file = path.join(file, 'index.html');
    }
    let status = 200;
    if (!existsSync(file)) {
      status = 404;
      file = path.join(mount.dir, '404.html');
      if (!existsSync(file)) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
    }
    response.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(response);
  });
}
