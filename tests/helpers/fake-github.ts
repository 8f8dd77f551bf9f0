import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake GitHub received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  authorization?: string;
  body?: any;
}

export interface FakeGitHub {
  /** Both GitHub's API and its web pages (the OAuth exchange): http://127.0.0.1:<port>. */
  url: string;
  owner: string;
  repo: string;
  requests: RecordedRequest[];
  /** The files of a branch's head commit: path → bytes. */
  filesOf(branch: string): Map<string, Buffer>;
  /** The id of the commit a branch points at. */
  headOf(branch: string): string;
  /** The commit a branch points at: its message and parents. */
  commitOf(branch: string): { message: string; parents: string[] };
  /** The pull requests opened, in order. */
  pulls: { number: number; title: string; body: string; head: string; base: string }[];
  /** What GitHub lists as the checks of a commit. */
  checkRuns: Map<string, { name: string; status: string; conclusion: string | null }[]>;
  close(): Promise<void>;
}

export interface FakeGitHubOptions {
  /** The default branch's files. */
  files: Record<string, string>;
  oauth: { clientId: string; clientSecret: string; code: string; token: string; scope: string };
  /** A token of an account that may read the repository but not write to it. */
  readOnlyToken?: string;
}

/**
 * A stand-in for the few GitHub calls the editor makes, on loopback: the repository, contents
 * and trees to read; git data (blobs, trees, commits, refs) and pull requests to propose; check
 * runs; and the OAuth code exchange. It keeps real Git object ids for blobs, so a test can tell
 * that a file's bytes arrived whole, and records every request.
 */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const owner = 'dealer';
  const repo = 'storefronts';
  const token = options.oauth.token;
  const blobs = new Map<string, Buffer>();
  const trees = new Map<string, Map<string, string>>();
  const commits = new Map<string, { tree: string; parents: string[]; message: string }>();
  const refs = new Map<string, string>();
  const pulls: FakeGitHub['pulls'] = [];
  const checkRuns: FakeGitHub['checkRuns'] = new Map();
  const requests: RecordedRequest[] = [];

  const gitId = (kind: string, bytes: Buffer) =>
    createHash('sha1')
      .update(Buffer.concat([Buffer.from(`${kind} ${bytes.length}\0`), bytes]))
      .digest('hex');
  const putBlob = (bytes: Buffer) => {
    const sha = gitId('blob', bytes);
    blobs.set(sha, bytes);
    return sha;
  };
  const putTree = (entries: Map<string, string>) => {
    const sha = gitId('tree', Buffer.from(JSON.stringify([...entries].sort())));
    trees.set(sha, entries);
    return sha;
  };
  const putCommit = (commit: { tree: string; parents: string[]; message: string }) => {
    const sha = gitId('commit', Buffer.from(JSON.stringify(commit)));
    commits.set(sha, commit);
    return sha;
  };
  const first = putCommit({
    tree: putTree(new Map(Object.entries(options.files).map(([file, text]) => [file, putBlob(Buffer.from(text))]))),
    parents: [],
    message: 'The data',
  });
  refs.set('main', first);
  const filesOf = (branch: string) => {
    const tree = trees.get(commits.get(refs.get(branch)!)!.tree)!;
    return new Map([...tree].map(([file, sha]) => [file, blobs.get(sha)!]));
  };

  const repoPath = `/repos/${owner}/${repo}`;
  const routes: [string, RegExp, (match: RegExpMatchArray, body: any, url: URL) => [number, unknown]][] = [
    ['GET', new RegExp(`^${repoPath}$`), () => [200, { default_branch: 'main', full_name: `${owner}/${repo}` }]],
    [
      'GET',
      new RegExp(`^${repoPath}/contents/(.+)$`),
      ([, file], _body, url) => {
        const bytes = filesOf(url.searchParams.get('ref') ?? 'main').get(decodeURIComponent(file!));
        return bytes ? [200, bytes] : [404, { message: 'Not Found' }];
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/git/trees/([^/]+)$`),
      ([, branch]) => [200, { truncated: false, tree: [...filesOf(branch!).keys()].map((file) => ({ path: file, type: 'blob' })) }],
    ],
    ['GET', new RegExp(`^${repoPath}/git/ref/heads/(.+)$`), ([, branch]) => (refs.has(branch!) ? [200, { object: { sha: refs.get(branch!) } }] : [404, {}])],
    ['GET', new RegExp(`^${repoPath}/git/commits/(\\w+)$`), ([, sha]) => [200, { sha, tree: { sha: commits.get(sha!)!.tree } }]],
    [
      'POST',
      new RegExp(`^${repoPath}/git/refs$`),
      (_m, body) => {
        const branch = String(body.ref).replace(/^refs\/heads\//, '');
        if (refs.has(branch)) return [422, { message: 'Reference already exists' }];
        refs.set(branch, body.sha);
        return [201, { ref: body.ref, object: { sha: body.sha } }];
      },
    ],
    ['PATCH', new RegExp(`^${repoPath}/git/refs/heads/(.+)$`), ([, branch], body) => (refs.set(branch!, body.sha), [200, { object: { sha: body.sha } }])],
    [
      'POST',
      new RegExp(`^${repoPath}/git/blobs$`),
      (_m, body) => [201, { sha: putBlob(Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8')) }],
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/git/trees$`),
      (_m, body) => {
        const entries = new Map(trees.get(body.base_tree));
        for (const entry of body.tree) entries.set(entry.path, entry.sha);
        return [201, { sha: putTree(entries) }];
      },
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/git/commits$`),
      (_m, body) => [201, { sha: putCommit({ tree: body.tree, parents: body.parents, message: body.message }) }],
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/pulls$`),
      (_m, body) => {
        pulls.push({ number: 41 + pulls.length, title: body.title, body: body.body, head: body.head, base: body.base });
        const number = 41 + pulls.length - 1;
        return [201, { number, html_url: `https://github.com/${owner}/${repo}/pull/${number}` }];
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/pulls/(\\d+)$`),
      ([, number]) => {
        const pull = pulls.find((p) => p.number === Number(number));
        return pull ? [200, { number: pull.number, head: { ref: pull.head, sha: refs.get(pull.head) } }] : [404, {}];
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/commits/(\\w+)/check-runs$`),
      ([, sha], _body, url) => {
        const runs = (checkRuns.get(sha!) ?? []).filter((run) => !url.searchParams.get('check_name') || run.name === url.searchParams.get('check_name'));
        return [200, { total_count: runs.length, check_runs: runs }];
      },
    ],
  ];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });

    const send = (status: number, answer: unknown) => {
      const raw = Buffer.isBuffer(answer);
      res.writeHead(status, { 'content-type': raw ? 'application/vnd.github.raw' : 'application/json' });
      res.end(raw ? answer : JSON.stringify(answer));
    };
    // The OAuth exchange (github.com, not api.github.com): answered 200 with `error` when refused, as GitHub does.
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const { clientId, clientSecret, code, scope } = options.oauth;
      if (body.client_id !== clientId || body.client_secret !== clientSecret) return send(200, { error: 'incorrect_client_credentials' });
      if (body.code !== code) return send(200, { error: 'bad_verification_code' });
      return send(200, { access_token: token, scope, token_type: 'bearer' });
    }
    const reader = options.readOnlyToken !== undefined && req.headers.authorization === `Bearer ${options.readOnlyToken}`;
    if (reader && req.method !== 'GET') return send(403, { message: 'Resource not accessible by integration' });
    if (req.headers.authorization !== `Bearer ${token}` && !reader) return send(401, { message: 'Bad credentials' });
    for (const [method, pattern, answer] of routes) {
      const match = req.method === method ? url.pathname.match(pattern) : null;
      if (match) return send(...answer(match, body, url));
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    owner,
    repo,
    requests,
    filesOf,
    headOf: (branch) => refs.get(branch)!,
    commitOf: (branch) => commits.get(refs.get(branch)!)!,
    pulls,
    checkRuns,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
