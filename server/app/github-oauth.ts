import { createHmac, randomBytes } from 'node:crypto';
import type { GitHubSignInAnswer, GitHubTokenAnswer } from '../../src/contracts/editor-github-oauth.ts';
import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import type { GitHubOAuthConfig } from './github-oauth-config.ts';
import { HttpError } from './http-error.ts';
import { secretEquals } from './secret-compare.ts';

/** How long a sign-in started with POST /v1/github-sign-in may take to come back. */
const STATE_TTL_MS = 10 * 60_000;

/**
 * POST /v1/github-sign-in: where to send the merchandiser to sign in to GitHub, with a `state`
 * the order API signed, so a code sent back later (or one another site got) is refused.
 */
export async function gitHubSignIn(ctx: Pick<ApiContext, 'githubOAuth'>, request: ApiRequest): Promise<CallAnswer<'github-sign-in'>> {
  validateBody('github-sign-in', request.body);
  const oauth = editorOAuth(ctx, request);
  const state = signedState(oauth, Date.now() + STATE_TTL_MS);
  const authorize = new URL('/login/oauth/authorize', oauth.baseUrl);
  authorize.search = new URLSearchParams({
    client_id: oauth.clientId,
    redirect_uri: oauth.callbackUrl,
    scope: oauth.scope,
    state,
    allow_signup: 'false',
  }).toString();
  return { status: 200, body: { authorize_url: authorize.href, state } satisfies GitHubSignInAnswer };
}

/**
 * POST /v1/github-token: the code GitHub sent back exchanged, with the app's secret, for the
 * merchandiser's token, which only the editor's page is handed (docs/security.md, The editor's GitHub token).
 */
export async function gitHubToken(ctx: Pick<ApiContext, 'githubOAuth'>, request: ApiRequest): Promise<CallAnswer<'github-token'>> {
  const body = validateBody('github-token', request.body);
  const oauth = editorOAuth(ctx, request);
  checkState(oauth, body.state);

  let answer: Record<string, unknown>;
  try {
    const response = await fetch(new URL('/login/oauth/access_token', oauth.baseUrl), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: oauth.clientId, client_secret: oauth.clientSecret, code: body.code, redirect_uri: oauth.callbackUrl }),
      signal: AbortSignal.timeout(15_000),
    });
    answer = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    request.log.error('GitHub OAuth exchange failed', { error });
    throw new HttpError(502, 'GitHub did not answer the sign-in; try signing in again in a minute');
  }

  if (typeof answer.error === 'string') {
    request.log.warn('GitHub refused the OAuth exchange', { error: answer.error });
    if (answer.error === 'bad_verification_code') throw new HttpError(400, 'This GitHub sign-in has expired or was used already: sign in with GitHub again');
    throw new HttpError(
      503,
      `GitHub refused the order API's OAuth app (${answer.error}): check GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET and GITHUB_OAUTH_CALLBACK_URL`,
    );
  }
  const token = answer.access_token;
  const granted = typeof answer.scope === 'string' ? answer.scope.split(/[ ,]+/) : [];
  if (typeof token !== 'string' || token === '') throw new HttpError(502, 'GitHub answered the sign-in without a token; sign in with GitHub again');
  if (!granted.includes('repo') && !granted.includes(oauth.scope))
    throw new HttpError(403, `GitHub did not grant the editor the right to propose changes (${oauth.scope}); sign in again and allow it`);
  return { status: 200, body: { token, scope: granted.includes('repo') ? 'repo' : oauth.scope } satisfies GitHubTokenAnswer };
}

/** The app's settings, for a request from the editor's own origin only. */
function editorOAuth(ctx: Pick<ApiContext, 'githubOAuth'>, request: ApiRequest): GitHubOAuthConfig {
  const oauth = ctx.githubOAuth;
  if (!oauth)
    throw new HttpError(
      503,
      'GitHub sign-in is not set up on this order API: set GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET and GITHUB_OAUTH_CALLBACK_URL (docs/editor-github.md)',
    );
  const editorOrigin = new URL(oauth.callbackUrl).origin;
  if (request.headers.origin !== editorOrigin) throw new HttpError(403, `GitHub sign-in is only for the editor at ${editorOrigin}`);
  return oauth;
}

function signedState(oauth: GitHubOAuthConfig, expires: number): string {
  const unsigned = `${expires}.${randomBytes(16).toString('base64url')}`;
  return `${unsigned}.${signature(oauth, unsigned)}`;
}

function checkState(oauth: GitHubOAuthConfig, state: string): void {
  const [expires, nonce, signed] = state.split('.');
  const valid = expires !== undefined && nonce !== undefined && signed !== undefined && secretEquals(signed, signature(oauth, `${expires}.${nonce}`));
  if (!valid) throw new HttpError(400, 'This GitHub sign-in was not started by this editor: sign in with GitHub again from the editor');
  if (Number(expires) < Date.now()) throw new HttpError(400, 'This GitHub sign-in took longer than 10 minutes: sign in with GitHub again');
}

/** Keyed with the app's secret, which only the order API holds, kept apart from its other uses. */
function signature(oauth: GitHubOAuthConfig, text: string): string {
  return createHmac('sha256', `github-oauth-state:${oauth.clientSecret}`).update(text).digest('base64url');
}
