import { GitHubApi } from './github-api.ts';

/** Where a pull request's preview stands: CI's `preview` job (.github/workflows/storefronts.yml) on its newest commit. */
export type PreviewState = 'published' | 'building' | 'failed';

/** The name of the job that publishes a pull request's preview, as GitHub lists it among the commit's checks. */
const PREVIEW_JOB = 'preview';

/**
 * Whether CI has published pull request `number`'s preview: the `preview` check of its head
 * commit has finished well ('published'), finished otherwise ('failed'), or not yet ('building',
 * also before the run has started). The editor asks again every few seconds until it is not 'building'.
 */
export async function previewState(options: { owner: string; repo: string; token: string; apiBase?: string }, number: number): Promise<PreviewState> {
  const api = new GitHubApi(options);
  const repoPath = `/repos/${options.owner}/${options.repo}`;
  const pull = await api.get<{ head: { sha: string } }>(`${repoPath}/pulls/${number}`);
  const checks = await api.get<{ check_runs: { name: string; status: string; conclusion: string | null }[] }>(
    `${repoPath}/commits/${pull.head.sha}/check-runs?check_name=${PREVIEW_JOB}`,
  );
  const runs = checks.check_runs.filter((run) => run.name === PREVIEW_JOB);
  if (runs.some((run) => run.status !== 'completed') || runs.length === 0) return 'building';
  return runs.every((run) => run.conclusion === 'success') ? 'published' : 'failed';
}
