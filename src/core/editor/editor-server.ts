import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatDiagnostic } from '../data/diagnostic.ts';
import { listFiles } from '../data/list-files.ts';
import { loadProject } from '../data/load-project.ts';
import type { EditorBundle } from './editor-bundle.ts';
import { EDITOR_CSP, editorPageHtml } from './editor-page.ts';
import { editablePath, listableFolder, picturePathFitsBytes } from './editor-paths.ts';
import { commitFiles, type CheckedFile } from './git-proposal.ts';

/** A proposal's body, photos included: a catalog's photos of a shoot fit; anything larger is refused. */
const MAX_BODY = 64 * 1024 * 1024;

export interface EditorServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `npm run editor`'s proxy, on loopback only: serves the editor at /admin/ and answers its
 * EditorBackend calls against the working tree at `root` (src/editor/http-backend.ts is the other
 * end). It reads and writes only data files and their pictures, answers only requests addressed
 * to itself (a web page elsewhere cannot use it: Host and Origin are checked, and a proposal must
 * be JSON, which a cross-site form cannot send), and checks a proposal with the project's own
 * validator before committing it.
 */
export async function startEditorServer(options: { root: string; bundle: EditorBundle; port?: number }): Promise<EditorServer> {
  const root = realpathSync(options.root);
  const page = editorPageHtml({ script: '/admin/editor.js', stylesheet: '/admin/editor.css', backend: 'local', title: 'Catalog editor' });
  let origin = '';
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, 'text/plain', `the editor's proxy failed: ${(error as Error).message}`));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers.host !== new URL(origin).host) return send(response, 421, 'text/plain', 'this proxy answers only at its own address');
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'GET' && (url.pathname === '/' || url.pathname === '/admin')) {
      response.writeHead(302, { location: '/admin/' }).end();
      return;
    }
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && url.pathname === '/admin/') return send(response, 200, 'text/html; charset=utf-8', page);
    if (request.method === 'GET' && url.pathname === '/admin/editor.js') return send(response, 200, 'text/javascript; charset=utf-8', options.bundle.js);
    if (request.method === 'GET' && url.pathname === '/admin/check-worker.js')
      return send(response, 200, 'text/javascript; charset=utf-8', options.bundle.worker);
    if (request.method === 'GET' && url.pathname === '/admin/editor.css') return send(response, 200, 'text/css; charset=utf-8', options.bundle.css);
    if (request.method === 'GET' && (url.pathname === '/api/file' || url.pathname === '/api/raw')) {
      const allowed = editablePath(url.searchParams.get('path') ?? '');
      if ('refused' in allowed) return send(response, 403, 'text/plain', allowed.refused);
      const file = path.join(root, allowed.path);
      if (!existsSync(file) || !insideRoot(root, file)) return send(response, 404, 'text/plain', `${allowed.path} does not exist`);
      const raw = url.pathname === '/api/raw';
      return send(response, 200, raw ? pictureType(file) : 'text/plain; charset=utf-8', raw ? readFileSync(file) : readFileSync(file, 'utf8'));
    }
    if (request.method === 'GET' && url.pathname === '/api/list') {
      const folder = listableFolder(url.searchParams.get('folder') ?? '');
      if (!folder) return send(response, 403, 'text/plain', 'the editor lists only tenants/, catalogs/ and their picture folders');
      const files = listFiles(path.join(root, folder)).map((name) => `${folder}/${name}`);
      return send(response, 200, 'application/json', JSON.stringify(files));
    }
    if (request.method === 'POST' && url.pathname === '/api/propose') {
      if (request.headers.origin !== undefined && request.headers.origin !== origin)
        return send(response, 403, 'text/plain', 'proposals come only from the editor itself');
      if (!request.headers['content-type']?.startsWith('application/json')) return send(response, 415, 'text/plain', 'a proposal is JSON');
      const body = await readBody(request);
      if (body === undefined) return send(response, 413, 'text/plain', `a proposal may be at most ${MAX_BODY / 1024 / 1024} MB`);
      const checked = checkProposal(root, body);
      if ('refused' in checked) return send(response, 422, 'text/plain', checked.refused);
      const proposal = await commitFiles(root, checked.message, checked.files);
      return send(response, 200, 'application/json', JSON.stringify(proposal));
    }
    send(response, 404, 'text/plain', 'not found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/admin/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface WireChange {
  message?: unknown;
  files?: { path?: unknown; text?: unknown; base64?: unknown }[];
}

/**
 * The proposal as the browser sent it, trusted in nothing: each path confined, each picture a
 * picture, a readable message, and the data files it changes free of new errors by the rules of
 * `npm run validate` (the editor refuses to save with errors; this proxy does not take its word).
 */
function checkProposal(root: string, body: string): { message: string; files: CheckedFile[] } | { refused: string } {
  let change: WireChange;
  try {
    change = JSON.parse(body) as WireChange;
  } catch {
    return { refused: 'the proposal is not JSON' };
  }
  const message = typeof change.message === 'string' ? change.message.trim() : '';
  if (message === '') return { refused: 'a proposal needs a message saying what it changes' };
  if (!Array.isArray(change.files) || change.files.length === 0) return { refused: 'a proposal needs at least one file' };
  const files: CheckedFile[] = [];
  for (const file of change.files) {
    const allowed = editablePath(typeof file.path === 'string' ? file.path : '');
    if ('refused' in allowed) return allowed;
    if (typeof file.text === 'string' && /\.ya?ml$/.test(allowed.path)) {
      files.push({ path: allowed.path, content: file.text });
    } else if (typeof file.base64 === 'string' && !/\.ya?ml$/.test(allowed.path)) {
      const bytes = Buffer.from(file.base64, 'base64');
      if (!picturePathFitsBytes(allowed.path, bytes)) return { refused: `${allowed.path} is not the picture its name says` };
      files.push({ path: allowed.path, content: bytes });
    } else {
      return { refused: `${allowed.path}: a data file is sent as text, a picture as bytes` };
    }
  }
  const texts = new Map(files.filter((file) => typeof file.content === 'string').map((file) => [file.path, file.content as string]));
  if (texts.size > 0) {
    const errorsIn = (overrides?: ReadonlyMap<string, string>) =>
      new Set(
        loadProject(root, undefined, overrides)
          .diagnostics.filter((d) => d.severity === 'error' && texts.has(d.file))
          .map((d) => `${d.file}  ${d.path}  ${d.message}`),
      );
    const before = errorsIn();
    const added = loadProject(root, undefined, texts).diagnostics.filter(
      (d) => d.severity === 'error' && texts.has(d.file) && !before.has(`${d.file}  ${d.path}  ${d.message}`),
    );
    if (added.length > 0) return { refused: `not saved: the change has errors\n${added.map(formatDiagnostic).join('\n')}` };
  }
  return { message, files };
}

function insideRoot(root: string, file: string): boolean {
  const real = realpathSync(file);
  return real === root || real.startsWith(`${root}${path.sep}`);
}

function pictureType(file: string): string {
  const extension = path.extname(file).toLowerCase();
  return { '.png': 'image/png', '.webp': 'image/webp', '.svg': 'image/svg+xml' }[extension] ?? 'image/jpeg';
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': type.startsWith('image/svg') ? "default-src 'none'; style-src 'unsafe-inline'" : EDITOR_CSP,
    'referrer-policy': 'no-referrer',
  });
  response.end(body);
}
