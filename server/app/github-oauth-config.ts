/** The editor's GitHub OAuth app (GITHUB_OAUTH_* variables); undefined: the editor cannot sign in to GitHub. */
export interface GitHubOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** The editor's address, registered as the OAuth app's callback URL; its origin alone may call POST /v1/github-sign-in and /v1/github-token (github-oauth.ts). */
  callbackUrl: string;
  /** `public_repo` (a public repository) or `repo` (a private one). */
  scope: 'public_repo' | 'repo';
  /** https://github.com; tests point it at a local fake. */
  baseUrl: string;
}
