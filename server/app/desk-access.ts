import type { ApiContext, ApiRequest } from './api-context.ts';
import { HttpError } from './http-error.ts';

/** The desk's password hash, or a 503 saying the desk is not set up on this order API. */
export function deskPasswordHash(ctx: Pick<ApiContext, 'desk'>): string {
  const hash = ctx.desk.passwordHash;
  if (hash === undefined) throw new HttpError(503, "The supplier's order desk is not set up: the order API has no SUPPLIER_DESK_PASSWORD_HASH");
  return hash;
}

/** The name of the desk session the request carries: 401 without one, 403 for a tenant's session. */
export async function requireDeskSession(ctx: Pick<ApiContext, 'desk' | 'sessions'>, request: ApiRequest): Promise<string> {
  const { name } = await ctx.sessions.requireDesk(request.headers.authorization, deskPasswordHash(ctx));
  return name;
}
