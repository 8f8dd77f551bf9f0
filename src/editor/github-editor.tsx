import { useEffect, useMemo, useState } from 'react';
import { EditorApp } from './editor-app.tsx';
import { gitHubBackend } from './github-backend.ts';
import { previewState } from './github-preview.ts';
import { finishGitHubSignIn, gitHubSignInAddress, gitHubToken } from './github-sign-in.ts';

/** What the deployed editor's page says (src/core/editor/editor-page.ts): where to sign in and what to propose to. */
export interface GitHubEditorSettings {
  orderApi: string;
  owner: string;
  repo: string;
  previewOrigin: string;
}

/** The editor at /admin/ of the entry site: signed in with GitHub first, then every save is a pull request. */
export function GitHubEditor({ settings, checkWorkerUrl }: { settings: GitHubEditorSettings; checkWorkerUrl: string }) {
  const token = useSignIn(settings.orderApi);
  const backend = useMemo(() => (token.value ? gitHubBackend({ ...settings, token: token.value }) : undefined), [settings, token.value]);
  const checkPreview = useMemo(
    () => (token.value ? (number: number) => previewState({ ...settings, token: token.value! }, number) : undefined),
    [settings, token.value],
  );
  if (backend) return <EditorApp backend={backend} checkWorkerUrl={checkWorkerUrl} previewState={checkPreview} />;
  if (token.finishing) return <p className="editor-loading">Signing in with GitHub…</p>;
  return <SignIn orderApi={settings.orderApi} repository={`${settings.owner}/${settings.repo}`} problem={token.problem} />;
}

/** This tab's GitHub token: kept from before, or made from the code GitHub sent the merchandiser back with. */
function useSignIn(orderApi: string): { value?: string; finishing: boolean; problem?: string } {
  const [value, setValue] = useState(() => gitHubToken());
  const [finishing, setFinishing] = useState(() => new URL(location.href).searchParams.has('state'));
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const address = new URL(location.href);
    if (!['code', 'state', 'error'].some((name) => address.searchParams.has(name))) return;
    finishGitHubSignIn(orderApi, address.href)
      .then((token) => token && setValue(token))
      .catch((error: unknown) => setProblem((error as Error).message))
      .finally(() => {
        setFinishing(false);
        // A code is good once: a reload must not send it again, nor a bookmark keep it.
        for (const name of ['code', 'state', 'error', 'error_description', 'error_uri']) address.searchParams.delete(name);
        history.replaceState(null, '', address.href);
      });
  }, [orderApi]);
  return { value, finishing, problem };
}

function SignIn({ orderApi, repository, problem }: { orderApi: string; repository: string; problem?: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(problem);
  useEffect(() => setFailure(problem), [problem]);
  const signIn = async () => {
    setBusy(true);
    try {
      location.assign(await gitHubSignInAddress(orderApi));
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <section className="sign-in">
      <h1>Catalog editor</h1>
      <p>Your changes are proposed to {repository} as pull requests under your own GitHub account.</p>
      <button type="button" disabled={busy} onClick={() => void signIn()}>
        {busy ? 'Going to GitHub…' : 'Sign in with GitHub'}
      </button>
      {failure && (
        <p className="problems error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
