import { PAID } from '../../src/domain/payment.ts';
import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { PayPalError, type PayPalClient, type PayPalOrder } from '../paypal/paypal-client.ts';
import { LostClaimError } from '../storage/idempotency-keys.ts';
import type { OrderRecord } from '../storage/order-database.ts';
import type { CaptureWaitingAnswer } from '../../src/contracts/order-api-responses.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { captureOutcome, logCaptureOutcome } from './capture-outcome.ts';
import { HttpError } from './http-error.ts';
import { sleep } from './idempotency.ts';
import { requireTenant } from './require-tenant.ts';

/**
 * POST /v1/capture-order. Captures the PayPal order once: the first capture's answer is
 * stored and every later or concurrent call, on any instance, gets that same answer. The
 * order becomes paid (1) only when PayPal says the capture itself is COMPLETED and it matches
 * the order (amount, custom_id, reference_id: capture-outcome.ts). A declined instrument is
 * 422 with PayPal's issue code and leaves the order capturable, so the buyer can pick another
 * funding source and the buttons capture again. A capture PayPal leaves PENDING is 202, and
 * each later call asks PayPal once whether it has settled.
 */
export async function captureOrder(
  ctx: Pick<ApiContext, 'buyerMail' | 'database' | 'mailFrom' | 'mailQueued' | 'orderLinks' | 'paypal' | 'tenants' | 'timing'>,
  request: ApiRequest,
): Promise<CallAnswer<'capture-order'>> {
  const body = validateBody('capture-order', request.body);
  const entry = requireTenant(ctx, body.companyName);
  const order = await ctx.database.findOrder(body.order_id);
  if (!order || order.tenantId !== entry.tenant.id) {
    throw new HttpError(404, `There is no order ${body.order_id} for ${entry.tenant.companyName}`);
  }
  if (order.paid === PAID.invoiced) throw new HttpError(409, `Order ${order.orderId} was placed with a bypass code; there is no payment to capture`);
  const paypal = ctx.paypal;
  if (!paypal) throw new HttpError(503, 'PayPal checkout is not available: this order API has no PayPal credentials');

  const deadline = Date.now() + ctx.timing.captureWaitMs;
  let askedAboutPending = false;
  for (;;) {
    const claim = await ctx.database.claimCapture(order.orderId, ctx.timing.staleCaptureMs);
    if (claim.kind === 'done') {
      // Stored by an earlier capture of this order from its outcome (capture-outcome.ts), typed there.
      if (claim.captureStatus !== 'PENDING' || askedAboutPending) return claim.answer as CallAnswer<'capture-order'>;
      // The buyer is waiting on the page: ask PayPal now rather than answer what the poller last saw.
      askedAboutPending = true;
      const settled = await settlePending(ctx, request, paypal, order);
      if (settled) return settled;
      continue; // PayPal did not answer, or another request settled it first: answer what is stored
    }
    if (claim.kind === 'not-found') throw new HttpError(404, `There is no order ${order.orderId}`);
    if (claim.kind === 'claimed') {
      try {
        return await capture(ctx, request, paypal, claim.order, claim.token, claim.attempt);
      } catch (error) {
        if (error instanceof LostClaimError) continue; // another request finished it: its answer is stored
        throw error;
      }
    }
    if (Date.now() > deadline) {
      // Another request (maybe one that died) holds the capture. Not an error for the buyer: the
      // payment may be going through, and calling again gets its answer, or takes over a dead
      // request's claim once it is stale.
      return {
        status: 202,
        body: {
          order_id: order.orderId,
          status: 'PROCESSING',
          paid: PAID.unpaid,
          message: 'Payment processing: this payment is still being completed. Check again in a moment; do not pay again.',
        } satisfies CaptureWaitingAnswer,
      };
    }
    await sleep(ctx.timing.pollMs);
  }
}

async function capture(
  ctx: Pick<ApiContext, 'buyerMail' | 'database' | 'mailFrom' | 'mailQueued' | 'orderLinks' | 'tenants'>,
  request: ApiRequest,
  paypal: PayPalClient,
  order: OrderRecord,
  token: string,
  attempt: number,
): Promise<CallAnswer<'capture-order'>> {
  let result: PayPalOrder;
  try {
    // A new request id per attempt: a retry after a decline must reach PayPal, not its cache of the decline.
    result = await paypal.captureOrder(order.orderId, `capture-${order.orderId}-${attempt}`);
  } catch (error) {
    if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
      // An earlier attempt captured it and died before storing the answer: PayPal's order says how it went.
      result = await giveUpOnError(ctx, order, token, () => paypal.getOrder(order.orderId));
    } else {
      await ctx.database.releaseCapture(order.orderId, token);
      throw answerForCaptureError(request, order, error);
    }
  }

  const captured = result.capture;
  if (!captured) {
    // Nothing to record: a retry asks PayPal again (and hears ORDER_ALREADY_CAPTURED if it did capture).
    await ctx.database.releaseCapture(order.orderId, token);
    request.log.error('paypal answered a capture without a capture', { orderId: order.orderId, status: result.status, attempt });
    throw new HttpError(502, 'PayPal did not confirm the payment; try again in a moment');
  }
  const outcome = await captureOutcome(order, result, captured, ctx.tenants, ctx.mailFrom, ctx.buyerMail, await orderPageOf(ctx, request, order));
  await ctx.database.finishCapture(order.orderId, token, outcome);
  if (outcome.mail.length > 0) ctx.mailQueued();
  logCaptureOutcome(request.log, order, outcome, { attempt });
  return outcome.answer;
}

/**
 * Asks PayPal about an order whose stored capture is PENDING and records it if it settled.
 * Undefined when there is nothing new to answer: PayPal could not be asked, or another
 * request (or the poller) recorded the settlement first.
 */
async function settlePending(
  ctx: Pick<ApiContext, 'buyerMail' | 'database' | 'mailFrom' | 'mailQueued' | 'orderLinks' | 'tenants'>,
  request: ApiRequest,
  paypal: PayPalClient,
  order: OrderRecord,
): Promise<CallAnswer<'capture-order'> | undefined> {
  let result: PayPalOrder;
  try {
    result = await paypal.getOrder(order.orderId);
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    request.log.warn('could not ask PayPal about a pending capture', { orderId: order.orderId, error: error.message, debugId: error.debugId });
    return undefined;
  }
  if (!result.capture) return undefined;
  const outcome = await captureOutcome(order, result, result.capture, ctx.tenants, ctx.mailFrom, ctx.buyerMail, await orderPageOf(ctx, request, order));
  if (outcome.captureStatus === 'PENDING') return outcome.answer;
  if (!(await ctx.database.settlePendingCapture(order.orderId, outcome))) return undefined;
  if (outcome.mail.length > 0) ctx.mailQueued();
  logCaptureOutcome(request.log, order, outcome, { settledBy: 'capture-order' });
  return outcome.answer;
}

/** The buyer's read-only page of the order, on the storefront the capture came from (order-links.ts). */
async function orderPageOf(ctx: Pick<ApiContext, 'orderLinks' | 'tenants'>, request: ApiRequest, order: OrderRecord): Promise<string | undefined> {
  const tenant = ctx.tenants.byId(order.tenantId)?.tenant;
  return tenant && ctx.orderLinks.pageOf(request.headers.origin, tenant, order.orderId);
}

async function giveUpOnError<T>(ctx: Pick<ApiContext, 'database'>, order: OrderRecord, token: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await ctx.database.releaseCapture(order.orderId, token);
    throw error instanceof PayPalError ? new HttpError(502, `PayPal could not be asked about order ${order.orderId}; try again in a moment`) : error;
  }
}

function answerForCaptureError(request: ApiRequest, order: OrderRecord, error: unknown): Error {
  if (!(error instanceof PayPalError)) return error instanceof Error ? error : new Error(String(error));
  request.log.warn('paypal capture refused', { orderId: order.orderId, status: error.status, issue: error.issue, debugId: error.debugId });
  if (error.status === 422 && error.issue) {
    const message =
      error.issue === 'INSTRUMENT_DECLINED'
        ? 'The payment method was declined (INSTRUMENT_DECLINED); choose another way to pay'
        : `PayPal could not capture the payment (${error.issue})`;
    return new HttpError(422, message, { issue: error.issue, debug_id: error.debugId ?? null });
  }
  if (error.status === 404) return new HttpError(404, `PayPal does not know order ${order.orderId}`, { issue: error.issue ?? null });
  return new HttpError(502, 'PayPal could not capture the payment; nothing was charged. Try again in a moment.', { issue: error.issue ?? null });
}
