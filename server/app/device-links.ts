import type { CallAnswer } from '../../src/contracts/order-api-routes.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { DeviceLinkAnswer, RedeemDeviceLinkAnswer } from '../../src/contracts/order-api-responses.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import type { DeviceLinkCaps } from '../storage/sent-device-links.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { validateBody } from './body-schemas.ts';
import { DEVICE_PROOF_HEADER, LINK_CREDENTIAL } from './device-proofs.ts';
import { HttpError } from './http-error.ts';
import { guesserOf } from './known-device.ts';
import { requireTenant } from './require-tenant.ts';

/** A link works once, for this long: enough to open the mail at the same desk, short for a forwarded or leaked one. */
export const DEVICE_LINK_TTL_MS = 15 * 60_000;

/**
 * Links sent per hour: 3 to one address (a person who asks again), 20 to one tenant's
 * addresses together (a whole office at new PCs). Past them nothing is sent, and the answer is
 * the same: a flood of requests fills no mailbox and tells nothing.
 */
export const DEVICE_LINK_CAPS: DeviceLinkCaps = { perRecipient: 3, perTenant: 20, windowMs: 3_600_000 };

const ACCEPTED: CallAnswer<'device-link'> = {
  status: 202,
  body: {
    message:
      'If that address is one this storefront sends its orders to, a sign-in link is on its way to it. Open it in this browser within 15 minutes; it works once.',
  },
};

/** What the page the link opens says, and the answer to a redeemed link. */
const RECOGNISED = 'This browser is now recognised; sign in with your password.';

/**
 * POST /v1/device-link (ours): the way in for a new browser at the dealership (new PC, cleared
 * browser, new staff) while a distributed flood of wrong secrets brakes the tenant
 * (docs/security.md, Guess limits). For one of the tenant's `email_recipients`, under the
 * caps, a single-use link is e-mailed; its redemption (below) makes the browser a known device,
 * which goes through the proof holders' lane but still needs the password. Always 202 with the
 * same text, listed or not, capped or not, so the call tells nothing about which addresses are
 * staff ones.
 */
export async function requestDeviceLink(
  ctx: Pick<ApiContext, 'database' | 'mailFrom' | 'mailQueued' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'device-link'>> {
  const body = validateBody('device-link', request.body);
  const { tenant } = requireTenant(ctx, body.companyName);
  const address = body.email.toLowerCase();
  const listed = tenant.emailRecipients.find((recipient) => recipient.toLowerCase() === address);
  if (listed === undefined) {
    request.log.info('device link asked for an unlisted address', { tenant: tenant.id });
    return ACCEPTED;
  }
  const token = randomBytes(32).toString('base64url');
  const link = { tenantId: tenant.id, recipient: recipientDigest(tenant.id, listed), tokenHash: tokenHash(token), ttlMs: DEVICE_LINK_TTL_MS };
  try {
    if (await ctx.database.deviceLinks.queue(link, DEVICE_LINK_CAPS, linkMail(ctx.mailFrom, tenant, listed, linkPage(request.headers.origin, tenant, token)))) {
      ctx.mailQueued();
      request.log.info('device link queued', { tenant: tenant.id });
    } else {
      request.log.warn('device link not sent: hourly cap reached', { tenant: tenant.id, ip: request.clientIp });
    }
  } catch (error) {
    // Answered as every other request is: a 503 here only for listed addresses would tell them apart.
    request.log.error('device link could not be queued', { tenant: tenant.id, error });
  }
  return ACCEPTED;
}

/**
 * POST /v1/redeem-device-link (ours): the link's token, once, for a device proof of its tenant
 * (credential `link`, one of its newest LIVE_PROOFS_PER_CREDENTIAL). No session: the password
 * is still needed, and the proof holder's wrong ones count as any proof holder's do.
 */
export async function redeemDeviceLink(
  ctx: Pick<ApiContext, 'database' | 'devices' | 'tenants'>,
  request: ApiRequest,
): Promise<CallAnswer<'redeem-device-link'>> {
  const body = validateBody('redeem-device-link', request.body);
  let link: { tenantId: string; recipient: string } | undefined;
  try {
    link = await ctx.database.deviceLinks.redeem(tokenHash(body.token));
  } catch (error) {
    request.log.error('device link could not be checked', { error });
    throw new HttpError(503, 'The sign-in link cannot be checked right now; try it again in a minute', {}, { 'retry-after': '30' });
  }
  const tenant = link && ctx.tenants.byId(link.tenantId)?.tenant;
  if (!link || !tenant || !tenant.emailRecipients.some((recipient) => recipientDigest(tenant.id, recipient) === link.recipient)) {
    request.log.warn('device link refused', { ip: request.clientIp });
    throw new HttpError(403, 'This sign-in link has been used, is more than 15 minutes old, or is no longer valid; ask for a new one');
  }
  const who = await guesserOf(ctx, request, tenant.id);
  const proof = await ctx.devices.issue(tenant, LINK_CREDENTIAL, who.device?.tenantId === tenant.id ? who.device.id : undefined);
  request.log.info('device link redeemed', { tenant: tenant.id });
  return {
    status: 200,
    body: { tenant_id: tenant.id, company_name: tenant.companyName, message: RECOGNISED } satisfies RedeemDeviceLinkAnswer,
    headers: { [DEVICE_PROOF_HEADER]: proof },
  };
}

/**
 * What `device_links` keeps: the token is 256 random bits, so an unsalted hash is enough. (The
 * outbox keeps the e-mail's text, as every e-mail's; a link in it dies after DEVICE_LINK_TTL_MS.)
 */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Which address a link went to, for its cap and to retire it when the address leaves the list; not the address itself. */
function recipientDigest(tenantId: string, address: string): string {
  return createHash('sha256').update(`device-link\u0000${tenantId}\u0000${address.toLowerCase()}`).digest('base64url').slice(0, 22);
}

/**
 * The storefront's orders page (which asks for the password) on the origin the request came from (which the request handler
 * accepts only from CORS_ORIGINS), else on the tenant's `server_hostname`; the token in the
 * fragment, which no server log or Referer sees.
 */
function linkPage(origin: string | string[] | undefined, tenant: Tenant, token: string): string {
  const site = typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : tenant.serverHostname.replace(/\/+$/, '');
  // The storefront's base (src/site/routes.ts, which the server may not import).
  const base = tenant.routePrefix === '' ? '/' : `/${tenant.routePrefix}/`;
  return `${site}${base}orders/#${new URLSearchParams({ 'device-link': token })}`;
}

function linkMail(from: string, tenant: Tenant, to: string, page: string): MailMessage {
  return {
    from,
    to: [to],
    subject: `Sign-in link for the ${tenant.title} storefront`,
    text: [
      `Someone asked for a sign-in link for the ${tenant.title} storefront for this address.`,
      '',
      'Open this link in the browser you want to use, within 15 minutes (it works once):',
      page,
      '',
      'The browser is then recognised, so wrong passwords tried elsewhere do not hold it back; you still sign in with your password.',
      "If you did not ask for it, ignore this e-mail: the link opens nothing without the storefront's password.",
    ].join('\n'),
  };
}
