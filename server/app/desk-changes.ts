import type { DeskStatusChange } from '../../src/contracts/desk-requests.ts';
import type { DeskChange, DeskStatusState } from '../../src/contracts/desk-responses.ts';
import { transitionProblem } from '../../src/domain/order-status.ts';
import { shippingEmail } from '../mail/shipping-email.ts';
import { currentStatus, type StatusChangeRecord } from '../storage/order-status-history.ts';
import type { DeskAuditEntry } from '../storage/desk-orders.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { HttpError } from './http-error.ts';
import { checkedChange } from './set-order-status.ts';

/** One change the desk was asked for, and how to name it in a message (`changes[2]`, `row 5`). */
export interface WantedChange {
  where: string;
  change: DeskStatusChange;
}

/** Ends a dry run's transaction: everything was checked and written, and is undone. */
class DryRunDone {
  constructor(readonly changes: DeskChange[]) {}
}

/**
 * Makes every change of `wanted` in one transaction, or none: each is checked as
 * set-order-status checks it (fields that go with the status, then the transition from where the
 * order stands under its lock), recorded in its order's history as the supplier's, audited
 * under `actor`, and a shipment e-mails its buyer when the tenant sends shipping e-mails.
 * Any problem refuses them all, each named at its `where`. A dry run does all of it and rolls back.
 */
export async function applyDeskChanges(
  ctx: Pick<ApiContext, 'database' | 'desk' | 'mailFrom' | 'mailQueued' | 'tenants'>,
  request: ApiRequest,
  options: { actor: string; action: DeskAuditEntry['action']; dryRun: boolean; unknownStatus: number },
  wanted: readonly WantedChange[],
): Promise<DeskChange[]> {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const checked = wanted.map(({ where, change }) => {
    const first = seen.get(change.order_id);
    if (first) problems.push(`${where}: order ${change.order_id} is also at ${first}; name each order once`);
    seen.set(change.order_id, where);
    const result = checkedChange(change, 'supplier');
    if ('problems' in result) problems.push(...result.problems.map((problem) => `${where}: ${problem}`));
    return { where, orderId: change.order_id, change: 'change' in result ? result.change : undefined };
  });
  const orders = await ctx.desk.orders.find(wanted.map(({ change }) => change.order_id));
  const unknown = checked.filter(({ orderId }) => !orders.has(orderId)).map(({ where, orderId }) => `${where}: there is no placed or paid order ${orderId}`);
  if (unknown.length > 0) throw refusal(options.unknownStatus, [...unknown, ...problems]);
  if (problems.length > 0) throw refusal(400, problems);

  let made: DeskChange[];
  try {
    made = await ctx.database.db.transaction(async (tx) => {
      const changes: DeskChange[] = [];
      for (const { where, orderId, change } of checked) {
        const order = orders.get(orderId)!;
        const tenant = ctx.tenants.byId(order.tenantId)?.tenant;
        if (!tenant) {
          problems.push(`${where}: order ${orderId} belongs to a storefront this order API no longer serves (${order.tenantId})`);
          continue;
        }
        let refused: string | undefined;
        const result = await ctx.database.statuses
          .changeIn(tx, orderId, order.tenantId, (current) => {
            refused = transitionProblem(current, change!.status);
            if (refused) throw new RefusedChange();
            const mail =
              change!.status === 'shipped'
                ? shippingEmail(order, tenant, { carrier: change!.carrier!, trackingNumber: change!.trackingNumber! }, ctx.mailFrom)
                : [];
            return { change: change!, mail };
          })
          .catch((error: unknown) => {
            if (error instanceof RefusedChange) return undefined;
            throw error;
          });
        if (!result) {
          problems.push(`${where}: order ${orderId} ${refused ? `of ${tenant.companyName}: ${refused}` : 'is no longer placed or paid'}`);
          continue;
        }
        const before = stateOf(result.paid, result.before);
        const after = stateOf(result.paid, result.history);
        await ctx.desk.orders.audit(tx, { orderId, tenantId: order.tenantId, actor: options.actor, action: options.action, before, after });
        changes.push({ order_id: orderId, tenant_id: order.tenantId, company_name: tenant.companyName, before, after });
      }
      if (problems.length > 0) throw refusal(409, problems);
      if (options.dryRun) throw new DryRunDone(changes);
      return changes;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.changes;
    throw error;
  }
  if (made.some(({ after }) => after.status === 'shipped')) ctx.mailQueued();
  request.log.info('desk changed orders', { by: options.actor, action: options.action, orders: made.map(({ order_id }) => order_id) });
  return made;
}

class RefusedChange extends Error {}

function refusal(status: number, problems: string[]): HttpError {
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
  return new HttpError(status, `Nothing was changed: ${shown}`, { problems });
}

/** Where an order stands: its status and what came with the latest change. */
export function stateOf(paid: number, history: readonly StatusChangeRecord[]): DeskStatusState {
  const last = history.at(-1);
  return {
    status: currentStatus(paid, history),
    ...(last?.carrier ? { carrier: last.carrier } : {}),
    ...(last?.trackingNumber ? { tracking_number: last.trackingNumber } : {}),
    ...(last?.reason ? { reason: last.reason } : {}),
  };
}
