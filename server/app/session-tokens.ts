import { createHmac } from 'node:crypto';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { signHs256 } from './signed-token.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import { HttpError } from './http-error.ts';

/** staff: the dealership group's `password`; admin: its `admin_password`. */
export type SessionRole = 'staff' | 'admin';

/**
 * What a token grants: a staff or admin session (order history), a bypass session (the
 * checkout's bypass mode; `code` is the code's position, never the code), or a store session
 * (that store's password-protected customs catalog and its products in an order).
 */
export type Grant = { role: SessionRole } | { role: 'bypass'; code: number } | { role: 'store'; store: string };

export interface Session {
  tenantId: string;
  role: SessionRole;
}

export interface IssuedSession {
  token: string;
  tenantId: string;
  grant: Grant;
  /** ISO time the token stops being accepted. */
  expiresAt: string;
}

const AUDIENCE = 'dealer-storefronts/order-api';
/** A desk session's subject and role: no tenant id starts with `_` (those are the entry site's and the site file's). */
const DESK_SUBJECT = '_desk';
const DESK_ROLE = 'desk';
/** How far ahead of this instance's clock another instance's may run when it issues a token. */
const CLOCK_SKEW_SECONDS = 60;

/** The secret a role signs in with, when the tenant has one. */
export function roleSecret(tenant: Tenant, role: SessionRole): string | undefined {
  return role === 'admin' ? tenant.adminPassword : tenant.password;
}

/** The secret a grant was issued for: when it changes in the tenant file, the token (or device proof) stops working. */
export function grantSecret(tenant: Tenant, grant: Grant): string | undefined {
  if (grant.role === 'bypass') return tenant.bypassCodes[grant.code]?.toUpperCase();
  if (grant.role === 'store') return tenant.stores.find((store) => store.code === grant.store)?.password;
  return roleSecret(tenant, grant.role);
}

/** A grant as text: `staff`, `admin`, `bypass:<position>` or `store:<code>` (a device proof's credential). */
export function grantName(grant: Grant): string {
  return grant.role === 'store' ? `store:${grant.store}` : grant.role === 'bypass' ? `bypass:${grant.code}` : grant.role;
}

/** The grant `grantName` wrote, or undefined for other text. */
export function grantNamed(name: string): Grant | undefined {
  if (name === 'staff' || name === 'admin') return { role: name };
  if (name.startsWith('store:')) return { role: 'store', store: name.slice('store:'.length) };
  const code = /^bypass:(\d{1,3})$/.exec(name)?.[1];
  return code === undefined ? undefined : { role: 'bypass', code: Number(code) };
}

/**
 * A keyed fingerprint of the secret a token was issued for (HMAC under the server's secret),
 * so a token dies when that secret changes and tells nothing about it offline.
 */
export function secretFingerprint(serverSecret: string, tenantId: string, name: string, secret: string): string {
  // The secrets are the tenants' own (a few per tenant), asked for on every order and sign-in:
  // remembered rather than hashed again each time.
  const key = `${serverSecret}\u0000${tenantId}\u0000${name}\u0000${secret}`;
  let fingerprint = FINGERPRINTS.get(key);
  if (fingerprint === undefined) {
    if (FINGERPRINTS.size >= 10_000) FINGERPRINTS.clear();
    fingerprint = createHmac('sha256', serverSecret).update(`${tenantId}\u0000${name}\u0000${secret}`).digest('base64url').slice(0, 22);
    FINGERPRINTS.set(key, fingerprint);
  }
  return fingerprint;
}

const FINGERPRINTS = new Map<string, string>();

/**
 * Signed, expiring session tokens (JWT, HS256, via `jose`). A token names its tenant and role,
 * and carries a keyed fingerprint of the password it was issued for: when a merchandiser
 * changes that password, every token issued for the old one stops working. The fingerprint is
 * an HMAC under the server's secret, so a token tells nothing about the password offline.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(tenant: Tenant, grant: Grant): Promise<IssuedSession> {
    const password = grantSecret(tenant, grant);
    if (password === undefined) throw new Error(`internal: tenant ${tenant.id} has no secret to issue a ${grantName(grant)} session for`);
    const issuedAt = Math.floor(this.now() / 1000);
    const expires = issuedAt + this.ttlSeconds;
    const extra = grant.role === 'store' ? { store: grant.store } : grant.role === 'bypass' ? { code: grant.code } : {};
    const token = signHs256(
      { sub: tenant.id, aud: AUDIENCE, iat: issuedAt, exp: expires, role: grant.role, ...extra, pwd: this.fingerprint(tenant.id, grantName(grant), password) },
      this.key,
    );
    return { token, tenantId: tenant.id, grant, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /**
   * The store codes of `tokens` that are valid store sessions of `tenant` (signed by us, not
   * expired, issued for the store's current password). Others are ignored: the order then
   * lacks that store's permission and says so.
   */
  async storesOf(tokens: readonly string[], tenant: Tenant): Promise<Set<string>> {
    const stores = new Set<string>();
    for (const token of tokens) {
      try {
        const payload = await this.verify(token);
        if (payload.role !== 'store' || payload.sub !== tenant.id || typeof payload.store !== 'string') continue;
        const grant: Grant = { role: 'store', store: payload.store };
        const password = grantSecret(tenant, grant);
        if (password !== undefined && payload.pwd === this.fingerprint(tenant.id, grantName(grant), password)) stores.add(payload.store);
      } catch {
        // expired, forged or someone else's: grants nothing
      }
    }
    return stores;
  }

  /**
   * The session a request's `Authorization: Bearer …` carries for this tenant. 401 when there is
   * none, it is not ours, it expired or its password changed; 403 when it is another tenant's.
   */
  async require(authorization: string | string[] | undefined, tenant: Tenant, roles: readonly SessionRole[]): Promise<Session> {
    const token = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
    if (!token) throw new HttpError(401, `Sign in with the ${tenant.companyName} password to see its orders`, {}, { 'www-authenticate': 'Bearer' });
    let claims: { sub?: string; role?: unknown; pwd?: unknown };
    try {
      claims = await this.verify(token);
    } catch (error) {
      const expired = error instanceof errors.JWTExpired;
      throw new HttpError(
        401,
        expired ? 'Your session has expired; enter the password again' : 'The session is not valid; enter the password again',
        {},
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    }
    const role = claims.role;
    if (role !== 'staff' && role !== 'admin') throw new HttpError(401, 'The session is not valid; enter the password again');
    if (claims.sub !== tenant.id) throw new HttpError(403, `This session is for another storefront, not ${tenant.companyName}`);
    const password = roleSecret(tenant, role);
    if (password === undefined || claims.pwd !== this.fingerprint(tenant.id, role, password)) {
      throw new HttpError(401, 'The password has changed since you signed in; enter the new one', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
    if (!roles.includes(role)) throw new HttpError(403, `This needs the admin password; you are signed in as ${role}`);
    return { tenantId: tenant.id, role };
  }

  /**
   * A session of the supplier's order desk for `name`: no tenant's, and carrying a keyed
   * fingerprint of the desk's password hash, so changing SUPPLIER_DESK_PASSWORD_HASH signs every
   * desk session out. Same lifetime as the tenants' sessions.
   */
  async issueDesk(name: string, passwordHash: string): Promise<{ token: string; expiresAt: string }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expires = issuedAt + this.ttlSeconds;
    const token = signHs256(
      { sub: DESK_SUBJECT, aud: AUDIENCE, iat: issuedAt, exp: expires, role: DESK_ROLE, name, pwd: this.fingerprint(DESK_SUBJECT, DESK_ROLE, passwordHash) },
      this.key,
    );
    return { token, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The desk session a request carries: the name it signed in with. 401 without a valid one; 403 for a tenant's session. */
  async requireDesk(authorization: string | string[] | undefined, passwordHash: string): Promise<{ name: string }> {
    const token = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
    const invalid = (message: string) => new HttpError(401, message, {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
    if (!token) throw new HttpError(401, "Sign in to the supplier's order desk", {}, { 'www-authenticate': 'Bearer' });
    let claims: JWTPayload;
    try {
      claims = await this.verify(token);
    } catch (error) {
      throw invalid(error instanceof errors.JWTExpired ? 'Your desk session has expired; sign in again' : 'The desk session is not valid; sign in again');
    }
    if (claims.role !== DESK_ROLE || claims.sub !== DESK_SUBJECT) throw new HttpError(403, "A storefront's session does not open the supplier's order desk");
    if (claims.pwd !== this.fingerprint(DESK_SUBJECT, DESK_ROLE, passwordHash) || typeof claims.name !== 'string')
      throw invalid('The desk password has changed since you signed in; sign in again');
    return { name: claims.name };
  }

  /**
   * The claims of a token we signed that is valid now. It must carry `iat` and `exp`, and live no
   * longer than SESSION_TTL_SECONDS from an `iat` that is not in the future: a token without
   * `exp` would never expire, and one issued for longer (under a higher TTL, or by anyone who
   * ever held the secret) would outlive the policy.
   */
  private async verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: new Date(this.now()),
      requiredClaims: ['iat', 'exp'],
    });
    const { iat, exp } = payload as { iat: number; exp: number };
    if (exp - iat > this.ttlSeconds)
      throw new errors.JWTClaimValidationFailed('the token lives longer than SESSION_TTL_SECONDS', payload, 'exp', 'check_failed');
    if (iat > this.now() / 1000 + CLOCK_SKEW_SECONDS)
      throw new errors.JWTClaimValidationFailed('the token was issued in the future', payload, 'iat', 'check_failed');
    return payload;
  }

  private fingerprint(tenantId: string, role: string, password: string): string {
    return secretFingerprint(this.secret, tenantId, role, password);
  }
}
