import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { DeskSessionAnswer } from '../../src/contracts/desk-responses.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { deskPasswordHash } from './desk-access.ts';
import { deskPasswordMatches } from './desk-password.ts';
import { HttpError } from './http-error.ts';

/** The desk counts as a tenant of its own in the guess limits: its brake is apart from every storefront's. */
const DESK_GUESSES = '_desk';

/**
 * POST /v1/desk-session: the supplier's staff sign in to the order desk with its one password
 * (never a tenant's) and their name, which every change they make is recorded under. A wrong
 * password is a guess like a tenant's (the client's limit and the desk's brake).
 */
export async function createDeskSession(ctx: Pick<ApiContext, 'desk' | 'limiter' | 'sessions'>, request: ApiRequest): Promise<CallAnswer<'desk-session'>> {
  const body = validateBody('desk-session', request.body);
  const hash = deskPasswordHash(ctx);
  const right = await ctx.limiter.guess({ client: request.client, log: request.log }, DESK_GUESSES, () =>
    deskPasswordMatches(body.password, hash) ? true : undefined,
  );
  if (!right) {
    request.log.warn('wrong desk password', { ip: request.clientIp });
    throw new HttpError(401, 'Wrong password');
  }
  const session = await ctx.sessions.issueDesk(body.name, hash);
  request.log.info('desk session started', { name: body.name });
  return { status: 200, body: { token: session.token, name: body.name, expires_at: session.expiresAt } satisfies DeskSessionAnswer };
}
