import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import type { DeskSetStatusAnswer } from '../../src/contracts/desk-responses.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { requireDeskSession } from './desk-access.ts';
import { applyDeskChanges } from './desk-changes.ts';

/** POST /v1/desk-set-status: the desk sets the status of several orders, of any tenants, at once: all of them or none. */
export async function deskSetStatus(
  ctx: Pick<ApiContext, 'database' | 'desk' | 'mailFrom' | 'mailQueued' | 'sessions' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'desk-set-status'>> {
  const body = validateBody('desk-set-status', request.body);
  const actor = await requireDeskSession(ctx, request);
  const dryRun = body.dry_run === true;
  const changes = await applyDeskChanges(
    ctx,
    request,
    { actor, action: 'status', dryRun, unknownStatus: 404 },
    body.changes.map((change, index) => ({ where: `changes[${index}]`, change })),
  );
  return { status: 200, body: { applied: !dryRun, changes } satisfies DeskSetStatusAnswer };
}
