import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { DeskAuditAnswer, DeskStatusState } from '../../src/contracts/desk-responses.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { requireDeskSession } from './desk-access.ts';

/** POST /v1/desk-audit: the desk's changes of one order, oldest first: who, when, before and after. */
export async function deskAudit(ctx: Pick<ApiContext, 'desk' | 'sessions'>, request: ApiRequest): Promise<CallAnswer<'desk-audit'>> {
  const body = validateBody('desk-audit', request.body);
  await requireDeskSession(ctx, request);
  const entries = await ctx.desk.orders.auditOf(body.order_id);
  return {
    status: 200,
    body: {
      entries: entries.map((entry) => ({
        order_id: entry.orderId,
        by: entry.actor,
        at: new Date(entry.at).toISOString(),
        action: entry.action,
        // Written by desk-changes.ts from the same shape.
        before: entry.before as DeskStatusState,
        after: entry.after as DeskStatusState,
      })),
    } satisfies DeskAuditAnswer,
  };
}
