import { createHmac } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { signHs256 } from './signed-token.ts';
import { HttpError } from './http-error.ts';

/** A buyer's link to one order lives this long from the e-mail that carries it (docs/security.md, Order links). */
export const ORDER_LINK_TTL_SECONDS = 180 * 86_400;

const AUDIENCE = 'dealer-storefronts/order-link';

/**
 * The buyer's read-only link to one order, as the confirmation and shipping e-mails give it: a
 * JWT (HS256: signed-token.ts, verified by `jose`) naming the tenant and the order, expiring ORDER_LINK_TTL_SECONDS after it
 * was issued, signed with a key derived from the server's secret for this purpose alone, so no
 * session token or device proof passes as one, nor a link as a session. Nothing is stored: the
 * signature is the proof, and a link dies with its expiry or a new SESSION_SECRET.
 */
export class OrderLinks {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('order-link').digest();
  }

  async issue(tenantId: string, orderId: string): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return signHs256({ sub: orderId, aud: AUDIENCE, iat: issuedAt, exp: issuedAt + ORDER_LINK_TTL_SECONDS, tid: tenantId }, this.key);
  }

  /**
   * The order page's address on the storefront the request came from (its Origin, which the
   * request handler accepts only from CORS_ORIGINS), or none when the request named no origin.
   */
  async pageOf(origin: string | string[] | undefined, tenant: { id: string; routePrefix: string }, orderId: string): Promise<string | undefined> {
    if (typeof origin !== 'string' || !/^https?:\/\//.test(origin)) return undefined;
    const key = await this.issue(tenant.id, orderId);
    // The storefront's `order/` page (src/site/routes.ts, which the server may not import), below its base.
    const base = tenant.routePrefix === '' ? '/' : `/${tenant.routePrefix}/`;
    return `${origin}${base}order/#${new URLSearchParams({ order: orderId, key })}`;
  }

  /** Whether `key` opens this tenant's order `orderId`; a 403 saying why not, in the buyer's words. */
  async check(key: string, tenantId: string, orderId: string): Promise<void> {
    let claims: { sub?: string; tid?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(key, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
        requiredClaims: ['iat', 'exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new HttpError(403, 'This order link has expired. Ask us for the order by its number, or sign in to the orders page.');
      throw new HttpError(403, 'This order link is not valid: open it exactly as the e-mail gave it.');
    }
    if (claims.sub !== orderId || claims.tid !== tenantId)
      throw new HttpError(403, 'This order link is for another order: open it exactly as the e-mail gave it.');
  }
}
