import { Type, type Static } from '@sinclair/typebox';

/**
 * The editor's GitHub sign-in through the order API (server/app/github-oauth.ts): the API holds
 * the OAuth app's secret and makes the exchange GitHub documents ("Authorizing OAuth apps",
 * web application flow), so the secret is never in the browser or in a built file.
 */

export const GitHubSignInBodySchema = Type.Object({}, { additionalProperties: false });
export type GitHubSignInBody = Static<typeof GitHubSignInBodySchema>;

export const GitHubSignInAnswerSchema = Type.Object(
  {
    authorize_url: Type.String({
      description: "GitHub's authorize page for the editor's OAuth app, with the client id, the scope, the editor's address to come back to and `state`.",
    }),
    state: Type.String({ description: 'Signed by the order API, good for 10 minutes; the editor keeps it in sessionStorage and sends it back with the code.' }),
  },
  { additionalProperties: false },
);
export type GitHubSignInAnswer = Static<typeof GitHubSignInAnswerSchema>;

export const GitHubTokenBodySchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 100, description: 'The `code` GitHub put in the address it sent the merchandiser back to.' }),
    state: Type.String({ minLength: 1, maxLength: 300, description: 'The `state` from POST /v1/github-sign-in, as GitHub sent it back.' }),
  },
  { additionalProperties: false },
);
export type GitHubTokenBody = Static<typeof GitHubTokenBodySchema>;

export const GitHubTokenAnswerSchema = Type.Object(
  {
    token: Type.String({
      description: "The merchandiser's GitHub token, for GitHub's API as `Authorization: Bearer <token>`; the editor keeps it in sessionStorage only.",
    }),
    scope: Type.String({ description: 'What GitHub granted: `public_repo` or `repo`.' }),
  },
  { additionalProperties: false },
);
export type GitHubTokenAnswer = Static<typeof GitHubTokenAnswerSchema>;
