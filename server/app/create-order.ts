import { PAID } from '../../src/domain/payment.ts';
import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { createHash, randomUUID } from 'node:crypto';
import { cartKey, mergeCartLines } from '../../src/domain/cart-line.ts';
import { formatMoney, moneyFromDollars, moneyToDollars, type Money } from '../../src/domain/money.ts';
import { earliestToday, inHandsDateProblem } from '../../src/domain/in-hands-date.ts';
import { logoOfferFor } from '../../src/domain/logo-rules.ts';
import { cartProblems, orderTotalProblem } from '../../src/domain/order-rules.ts';
import { onRequestCount } from '../../src/domain/price-on-request.ts';
import { priceCart, type PricedCart } from '../../src/domain/pricing.ts';
import { buyerConfirmations, confirmationSentTo } from '../mail/buyer-confirmations.ts';
import { orderEmail } from '../mail/order-email.ts';
import { PayPalError, type PayPalItem } from '../paypal/paypal-client.ts';
import type { NewOrder, OrderRecord } from '../storage/order-database.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import type { CreateOrderBody, WireCartLine } from '../../src/contracts/order-api-requests.ts';
import type { CreateOrderAnswer } from '../../src/contracts/order-api-responses.ts';
import { validateBody } from './body-schemas.ts';
import type { Guesser } from './failure-limiter.ts';
import { HttpError } from './http-error.ts';
import { withIdempotencyKey, type KeyClaim } from './idempotency.ts';
import { guesserOf, mintDeviceProof, withProof } from './known-device.ts';
import { lineLabel, storedLinesOf } from './order-lines.ts';
import { orderStoreOf, storeProblem } from './store-rules.ts';
import { requireTenant } from './require-tenant.ts';
import { bypassCodeIndex } from './secret-compare.ts';
import type { Tenant } from '../../src/domain/tenant.ts';

/**
 * POST /v1/create-order. Prices the cart itself from the tenant's catalog, then either places
 * the order with a verified bypass code (paid 2, e-mailed) or creates a PayPal order for the
 * server's total and stores the order unpaid (paid 0) under PayPal's id.
 */
export async function createOrder(
  ctx: Pick<
    ApiContext,
    'buyerMail' | 'database' | 'devices' | 'limiter' | 'limits' | 'mailFrom' | 'mailQueued' | 'orderLinks' | 'paypal' | 'sessions' | 'tenants' | 'timing'
  >,
  request: ApiRequest,
): Promise<CallAnswer<'create-order'>> {
  const body = validateBody('create-order', request.body);
  const lineCount = Array.isArray(body.cart) ? body.cart.length : Object.keys(body.cart).length;
  if (lineCount > ctx.limits.maxCartLines)
    throw new HttpError(400, `cart: must have at most ${ctx.limits.maxCartLines} lines, got ${lineCount}; split the order`);
  return withIdempotencyKey(ctx, request, 'create-order', async (claim) => {
    const entry = requireTenant(ctx, body.companyName);
    const { tenant } = entry;
    const bypass = body.bypassPaypal ? await checkBypassCode(ctx, request, body, tenant) : undefined;
    const orderStore = orderStoreOf(tenant, body.store?.trim() ?? '');
    const inHandsDate = body.in_hands_date?.trim() ?? '';
    const dateProblem = inHandsDateProblem(inHandsDate, earliestToday(new Date()));
    if (dateProblem) throw new HttpError(400, `in_hands_date: ${dateProblem}`);

    // Lines with one cart key become one line; a message names the line where the key first appeared.
    const entries: [number | string, WireCartLine][] = Array.isArray(body.cart) ? body.cart.map((line, i) => [i, line]) : Object.entries(body.cart);
    const sent = entries.map(([where, line]) => ({
      where,
      line: { ...line, embroidery: line.embroidery ?? '', secondEmbroidery: line.secondEmbroidery ?? '', store: line.store?.trim() || undefined },
    }));
    const firstSeen = new Map<string, number | string>();
    for (const { where, line } of sent) if (!firstSeen.has(cartKey(line))) firstSeen.set(cartKey(line), where);
    const lines = mergeCartLines(sent.map((s) => s.line));
    const labelOf = (line: (typeof lines)[number]) => lineLabel(firstSeen.get(cartKey(line))!, line);
    const problems = cartProblems(lines, {
      findProduct: entry.findProduct,
      minimumApparelOrder: tenant.flags.minimumApparelOrder,
      logoOffer: (type) => logoOfferFor(tenant, type),
    });
    if (problems.length > 0)
      refuse(
        400,
        problems.map((p) => (p.index === undefined ? p.message : `${labelOf(lines[p.index]!)}: ${p.message}`)),
      );

    const unlocked = await ctx.sessions.storesOf(body.store_tokens ?? [], tenant);
    const storeProblems = lines.flatMap((line) => {
      const problem = storeProblem(tenant, { product: entry.findProduct(line.code)!, store: line.store }, orderStore, unlocked);
      return problem ? [{ ...problem, message: `${labelOf(line)}: ${problem.message}` }] : [];
    });
    if (storeProblems.length > 0)
      refuse(
        storeProblems.some((p) => p.status === 400) ? 400 : 403,
        storeProblems.map((p) => p.message),
      );

    const priced = priceCart(lines, entry.findProduct);
    warnOfTamperedPrices(request, priced);
    const overCeiling = orderTotalProblem(priced.total, tenant.maxOrderTotal, tenant.companyName);
    if (overCeiling) throw new HttpError(400, overCeiling);

    const order: NewOrder = {
      orderId: '',
      tenantId: tenant.id,
      companyName: tenant.companyName,
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      store: orderStore?.name ?? '',
      customerPo: body.customer_po ?? '',
      inHandsDate,
      supplierNote: body.supplier_note ?? '',
      paid: PAID.unpaid,
      total: priced.total,
      lines: storedLinesOf(priced, entry.findProduct, body.customer_po ?? ''),
      createdAt: new Date().toISOString(),
      placedWith: '',
      clientIp: request.clientIp,
      paymentRef: '',
    };

    if (bypass) {
      order.orderId = randomUUID();
      order.paid = PAID.invoiced;
      order.placedWith = `bypass code ${bypass.index + 1} of ${tenant.bypassCodes.length}`;
      // Rendered before the order's transaction, not in it; the stored instant may move on by
      // a millisecond (insertOrder), which the confirmation's minute-precise date does not show.
      const orderPage = await ctx.orderLinks.pageOf(request.headers.origin, tenant, order.orderId);
      const toBuyer = await buyerConfirmations(order, tenant, ctx.buyerMail, entry.findProduct, orderPage);
      const answer = { status: 200 as const, body: createdAnswer(order, confirmationSentTo(toBuyer)) };
      // Registered with the order, in its transaction; not in the remembered answer: a replay proves no code, so it renews no device.
      const device = mintDeviceProof(ctx, bypass.who, tenant, { role: 'bypass', code: bypass.index });
      const stored = await ctx.database.insertOrder(order, {
        completes: claim && { ...claim, answer },
        mail: (placed) => [...orderEmail(placed, tenant, ctx.mailFrom, entry.findProduct), ...toBuyer],
        registers: device.registration,
      });
      ctx.mailQueued();
      logPlaced(request, stored);
      return withProof(answer, device.proof);
    }

    if (!ctx.paypal) {
      throw new HttpError(503, 'PayPal checkout is not available: this order API has no PayPal credentials. Use a bypass code, or call us to order.');
    }
    if (tenant.flags.paypalNotSupported) {
      throw new HttpError(400, `PayPal checkout is not offered to ${tenant.companyName}; enter your bypass code to place the order`);
    }
    if (priced.onRequestLines > 0) {
      const which = priced.lines.filter((p) => p.onRequest).map((p) => labelOf(p.line));
      refuse(400, [
        `${onRequestCount(priced.onRequestLines)}, which PayPal cannot pay: enter your bypass code to place the order as a request for a quote, or remove ${priced.onRequestLines === 1 ? 'that line' : 'those lines'} (${which.join(', ')})`,
      ]);
    }
    if (priced.total === 0)
      throw new HttpError(400, 'The order total is $0.00, so there is nothing to pay with PayPal; enter your bypass code to place the order');
    await refuseTooManyUnpaid(ctx, request);

    // The same for a retried request (same key and body), so PayPal's answer to the retry, the original order, carries it too.
    const requestId = paypalRequestId(claim);
    order.paymentRef = `${tenant.id}/${requestId.slice(-24)}`;
    let paypalOrderId: string;
    try {
      const created = await ctx.paypal.createOrder({
        requestId,
        referenceId: tenant.id,
        customId: order.paymentRef,
        description: `${tenant.companyName} order`,
        total: priced.total,
        items: paypalItems(priced),
      });
      paypalOrderId = created.id;
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      request.log.error('paypal create failed', { error: error.message, debugId: error.debugId });
      throw new HttpError(502, 'PayPal could not start the payment; nothing was charged. Try again in a moment.', { issue: error.issue });
    }
    order.orderId = paypalOrderId;
    order.placedWith = `PayPal order ${paypalOrderId}`;
    const answer = { status: 200 as const, body: createdAnswer(order) };
    const stored = await ctx.database.insertOrder(order, { completes: claim && { ...claim, answer } });
    request.log.info('paypal order created', { orderId: stored.orderId, tenant: stored.tenantId, total: formatMoney(stored.total) });
    return answer;
  });
}

/**
 * The 200 answer: the order's id and the server's total (dollars, as retrieve-orders gives it),
 * so the success page shows what the order API charges, not what the browser computed, and
 * where the buyer's confirmation went when one was queued.
 */
function createdAnswer(order: NewOrder, confirmationSentTo?: string): CreateOrderAnswer {
  return { order_id: order.orderId, total: moneyToDollars(order.total), ...(confirmationSentTo ? { confirmation_sent_to: confirmationSentTo } : {}) };
}

/** A 400 or 403 naming the first few problems; all of them in `problems`. */
function refuse(status: number, named: string[]): never {
  throw new HttpError(status, named.slice(0, 3).join('; ') + (named.length > 3 ? `; and ${named.length - 3} more` : ''), { problems: named });
}

/**
 * The position of the bypass code the body carries and who typed it; or 403 (and a guess
 * counted) when it is missing or wrong. The code is compared in the limiter's own transaction
 * (FailureLimiter.check): a right one leaves nothing pending, so it never holds back the next.
 */
async function checkBypassCode(
  ctx: Pick<ApiContext, 'devices' | 'limiter' | 'tenants'>,
  request: ApiRequest,
  body: CreateOrderBody,
  tenant: Tenant,
): Promise<{ index: number; who: Guesser }> {
  const code = body.code?.trim() ?? '';
  if (code === '') throw new HttpError(403, 'A bypass code is required to order without payment');
  const who = await guesserOf(ctx, request, tenant.id);
  const index = await ctx.limiter.check(who, tenant.id, () => {
    const found = bypassCodeIndex(code, tenant.bypassCodes);
    return found < 0 ? undefined : found;
  });
  if (index === undefined) {
    request.log.warn('wrong bypass code', { companyName: body.companyName, ip: request.clientIp });
    throw new HttpError(403, 'That bypass code is not valid');
  }
  return { index, who };
}

/** Each PayPal order costs a call to PayPal and a row until it expires: one client may hold only so many unpaid at once. */
async function refuseTooManyUnpaid(ctx: Pick<ApiContext, 'database' | 'limits'>, request: ApiRequest): Promise<void> {
  const { max, windowMs } = ctx.limits.unpaidOrdersPerClient;
  const open = await ctx.database.countUnpaidOrdersFrom(request.clientIp, Date.now() - windowMs);
  if (open >= max) {
    const wait = Math.ceil(windowMs / 1000);
    request.log.warn('too many unpaid PayPal orders from one client', { ip: request.clientIp, open });
    throw new HttpError(
      429,
      `Too many unpaid PayPal orders from this address; finish or abandon one, or try again in ${Math.ceil(wait / 60)} minutes`,
      {},
      { 'retry-after': String(wait) },
    );
  }
}

/**
 * One PayPal item per line. A whole-cent unit price goes as unit × quantity; a finer one
 * ($0.0279) cannot be written in cents, so the line goes as one item priced at its rounded
 * line total. Either way the items add up exactly to the total PayPal charges.
 */
function paypalItems(priced: PricedCart<WireCartLine>): PayPalItem[] {
  return priced.lines.map(({ line, unitPrice, lineTotal }) => {
    const what = `${line.name ?? line.code} ${line.size} ${line.color}`.trim();
    return unitPrice % 100 === 0
      ? { name: what, sku: line.code, quantity: line.quantity, unitAmount: unitPrice }
      : { name: `${line.quantity} × ${what}`, sku: line.code, quantity: 1, unitAmount: lineTotal as Money };
  });
}

/** PayPal's own idempotency: a retried request (same key and body) creates no second PayPal order. */
function paypalRequestId(claim: KeyClaim | undefined): string {
  if (!claim) return `create-${randomUUID()}`;
  return `create-${createHash('sha256').update(`${claim.key}\n${claim.requestHash}`).digest('hex').slice(0, 48)}`;
}

function warnOfTamperedPrices(request: ApiRequest, priced: PricedCart<WireCartLine>): void {
  for (const { line, unitPrice } of priced.lines) {
    if (typeof line.price !== 'number') continue;
    let sent: Money | undefined;
    try {
      sent = moneyFromDollars(line.price);
    } catch {
      sent = undefined;
    }
    if (sent !== unitPrice) {
      request.log.warn('client price differs from the catalog; charging the catalog price', {
        code: line.code,
        size: line.size,
        sent: line.price,
        charged: formatMoney(unitPrice),
      });
    }
  }
}

function logPlaced(request: ApiRequest, order: OrderRecord): void {
  request.log.info('order placed with bypass code', {
    orderId: order.orderId,
    tenant: order.tenantId,
    total: formatMoney(order.total),
    lines: order.lines.length,
  });
}
