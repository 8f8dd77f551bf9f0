import { PayPalError, type PayPalClient, type PayPalOrder } from '../paypal/paypal-client.ts';
import { LostClaimError, type OrderRecord } from '../storage/order-store.ts';
import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { captureOutcome } from './capture-outcome.ts';
import { HttpError } from './http-error.ts';
import { sleep } from './idempotency.ts';
import { requireTenant } from './require-tenant.ts';

/**
 * POST /v1/capture-order. Captures the PayPal order once: the first capture's answer is
 * stored and every later or concurrent call, on any instance, gets that same answer. The
 * order becomes paid (1) only when PayPal says the capture itself is COMPLETED. A declined
 * instrument is 422 with PayPal's issue code and leaves the order capturable, so the buyer
 * can pick another funding source and the buttons capture again.
 */
export async function captureOrder(ctx: ApiContext, request: ApiRequest): Promise<ApiAnswer> {
  const body = validateBody('capture-order', request.body);
  const entry = requireTenant(ctx, body.companyName);
  const order = await ctx.store.findOrder(body.order_id);
  if (!order || order.companyName !== entry.tenant.companyName) {
    throw new HttpError(404, `There is no order ${body.order_id} for ${entry.tenant.companyName}`);
  }
  if (order.paid === 2) throw new HttpError(409, `Order ${order.orderId} was placed with a bypass code; there is no payment to capture`);
  const paypal = ctx.paypal;
  if (!paypal) throw new HttpError(503, 'PayPal checkout is not available: this order API has no PayPal credentials');

  const deadline = Date.now() + ctx.timing.waitForOtherMs;
  for (;;) {
    const claim = await ctx.store.claimCapture(order.orderId, ctx.timing.staleClaimMs);
    if (claim.kind === 'done') return claim.answer;
    if (claim.kind === 'not-found') throw new HttpError(404, `There is no order ${order.orderId}`);
    if (claim.kind === 'claimed') {
      try {
        return await capture(ctx, request, paypal, claim.order, claim.token, claim.attempt);
      } catch (error) {
        if (error instanceof LostClaimError) continue; // another request finished it: its answer is stored
        throw error;
      }
    }
    if (Date.now() > deadline) throw new HttpError(409, 'This order is being captured by another request; try again in a moment');
    await sleep(ctx.timing.pollMs);
  }
}

async function capture(ctx: ApiContext, request: ApiRequest, paypal: PayPalClient, order: OrderRecord, token: string, attempt: number): Promise<ApiAnswer> {
  let result: PayPalOrder;
  try {
    // A new request id per attempt: a retry after a decline must reach PayPal, not its cache of the decline.
    result = await paypal.captureOrder(order.orderId, `capture-${order.orderId}-${attempt}`);
  } catch (error) {
    if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
      // An earlier attempt captured it and died before storing the answer: PayPal's order says how it went.
      result = await giveUpOnError(ctx, order, token, () => paypal.getOrder(order.orderId));
    } else {
      await ctx.store.releaseCapture(order.orderId, token);
      throw answerForCaptureError(request, order, error);
    }
  }

  const status = result.capture?.status ?? result.status;
  if (status !== 'COMPLETED' && status !== 'PENDING') {
    // DECLINED or FAILED: nothing was taken; leave the order capturable with another funding source.
    await ctx.store.releaseCapture(order.orderId, token);
    request.log.warn('paypal capture not completed', { orderId: order.orderId, status });
    throw new HttpError(422, `PayPal did not capture the payment (${status}); choose another way to pay`, { issue: `CAPTURE_${status}` });
  }
  const outcome = captureOutcome(order, status, result.capture?.id ?? null, ctx.tenants, ctx.mailFrom);
  await ctx.store.finishCapture(order.orderId, token, outcome);
  if (outcome.paid) ctx.mailQueued();
  request.log.info('paypal capture stored', { orderId: order.orderId, status, attempt });
  return outcome.answer;
}

async function giveUpOnError<T>(ctx: ApiContext, order: OrderRecord, token: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await ctx.store.releaseCapture(order.orderId, token);
    throw error instanceof PayPalError ? new HttpError(502, `PayPal could not be asked about order ${order.orderId}; try again in a moment`) : error;
  }
}

function answerForCaptureError(request: ApiRequest, order: OrderRecord, error: unknown): Error {
  if (!(error instanceof PayPalError)) return error instanceof Error ? error : new Error(String(error));
  request.log.warn('paypal capture refused', { orderId: order.orderId, status: error.status, issue: error.issue, debugId: error.debugId });
  if (error.status === 422 && error.issue) {
    const message = error.issue === 'INSTRUMENT_DECLINED'
      ? 'The payment method was declined (INSTRUMENT_DECLINED); choose another way to pay'
      : `PayPal could not capture the payment (${error.issue})`;
    return new HttpError(422, message, { issue: error.issue, debug_id: error.debugId ?? null });
  }
  if (error.status === 404) return new HttpError(404, `PayPal does not know order ${order.orderId}`, { issue: error.issue ?? null });
  return new HttpError(502, 'PayPal could not capture the payment; nothing was charged. Try again in a moment.', { issue: error.issue ?? null });
}
