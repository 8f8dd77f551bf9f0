import { bytesToBase64 } from './bytes-base64.ts';
import type { EditorBackend, Proposal, ProposedChange } from './editor-backend.ts';
import { GitHubApi } from './github-api.ts';

/** Which repository the editor proposes to, and with whose token. */
export interface GitHubBackendOptions {
  owner: string;
  repo: string;
  /** The signed-in merchandiser's OAuth token (github-sign-in.ts). */
  token: string;
  /** Where the bucket's previews are served (the repository variable STOREFRONTS_PREVIEW_ORIGIN), e.g. https://previews.example.com. */
  previewOrigin: string;
  /** GitHub's REST API; tests point it at a local fake. */
  apiBase?: string;
  /** The branch's time stamp; tests fix it. */
  now?: () => Date;
}

/**
 * The editor's backend over GitHub's REST API: files are read from the default branch, and each
 * save becomes a branch `edit/<subject>-<time>` with one commit holding every changed file and a
 * pull request, whose preview CI publishes under /_previews/pr-<n>/ (docs/publishing.md, Previews).
 */
export function gitHubBackend(options: GitHubBackendOptions): EditorBackend {
  const api = new GitHubApi(options);
  const repoPath = `/repos/${options.owner}/${options.repo}`;
  let defaultBranch: Promise<string> | undefined;
  const branchOf = () => {
    defaultBranch ??= api.get<{ default_branch: string }>(repoPath).then((repo) => repo.default_branch);
    return defaultBranch;
  };

  return {
    async readText(path) {
      const branch = await branchOf();
      return api.getRaw(`${repoPath}/contents/${encodePath(path)}?ref=${encodeURIComponent(branch)}`);
    },

    async listFiles(folder) {
      const branch = await branchOf();
      const tree = await api.get<{ tree: { path: string; type: string }[]; truncated: boolean }>(
        `${repoPath}/git/trees/${encodeURIComponent(branch)}?recursive=1`,
      );
      if (tree.truncated)
        throw new Error(
          `The repository ${options.owner}/${options.repo} has more files than GitHub lists at once, so the files under ${folder} cannot be listed`,
        );
      const prefix = `${folder.replace(/\/+$/, '')}/`;
      return tree.tree.filter((entry) => entry.type === 'blob' && entry.path.startsWith(prefix)).map((entry) => entry.path);
    },

    async propose(change: ProposedChange): Promise<Proposal> {
      if (change.files.length === 0) throw new Error('There is nothing to propose: no file was changed');
      const base = await branchOf();
      const head = await api.get<{ object: { sha: string } }>(`${repoPath}/git/ref/heads/${encodeURIComponent(base)}`);
      const baseCommit = await api.get<{ tree: { sha: string } }>(`${repoPath}/git/commits/${head.object.sha}`);
      const branch = branchName(change.message, (options.now ?? (() => new Date()))());
      await api.post(`${repoPath}/git/refs`, { ref: `refs/heads/${branch}`, sha: head.object.sha });

      const entries = [];
      for (const file of change.files) entries.push({ path: file.path, mode: '100644', type: 'blob', sha: await blobOf(api, repoPath, file) });
      const tree = await api.post<{ sha: string }>(`${repoPath}/git/trees`, { base_tree: baseCommit.tree.sha, tree: entries });
      const commit = await api.post<{ sha: string }>(`${repoPath}/git/commits`, { message: change.message, tree: tree.sha, parents: [head.object.sha] });
      await api.patch(`${repoPath}/git/refs/heads/${branch}`, { sha: commit.sha, force: false });

      const { subject, body } = splitMessage(change.message);
      const pull = await api.post<{ number: number; html_url: string }>(`${repoPath}/pulls`, {
        title: subject,
        head: branch,
        base,
        body: pullRequestBody(body, change.files),
      });
      return {
        branch,
        commit: commit.sha,
        pullRequest: { number: pull.number, url: pull.html_url, previewUrl: previewUrl(options.previewOrigin, pull.number) },
      };
    },
  };
}

/** Where CI publishes pull request `number`'s preview (the `preview` job of .github/workflows/storefronts.yml). */
export function previewUrl(previewOrigin: string, number: number): string {
  return `${previewOrigin.replace(/\/+$/, '')}/_previews/pr-${number}/`;
}

/** `edit/<subject as a slug>-<UTC time>`: readable in GitHub's branch list, and never the same twice for one person. */
export function branchName(message: string, at: Date): string {
  const slug =
    splitMessage(message)
      .subject.toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'change';
  const time = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `edit/${slug}-${time}`;
}

async function blobOf(api: GitHubApi, repoPath: string, file: ProposedChange['files'][number]): Promise<string> {
  if (file.text === undefined && file.bytes === undefined) throw new Error(`${file.path} has neither text nor bytes to save`);
  const content = file.bytes !== undefined ? { content: bytesToBase64(file.bytes), encoding: 'base64' } : { content: file.text, encoding: 'utf-8' };
  const blob = await api.post<{ sha: string }>(`${repoPath}/git/blobs`, content);
  return blob.sha;
}

function splitMessage(message: string): { subject: string; body: string } {
  const [subject = '', ...rest] = message.trim().split('\n');
  return { subject: subject.trim(), body: rest.join('\n').trim() };
}

function pullRequestBody(body: string, files: ProposedChange['files']): string {
  const changed = files.map((file) => `- \`${file.path}\``).join('\n');
  return `${body ? `${body}\n\n` : ''}Proposed in the storefront editor. Files changed:\n\n${changed}\n\nThe preview link appears in the editor once CI has published it.`;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
