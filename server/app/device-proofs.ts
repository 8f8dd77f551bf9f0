import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** The request and response header that carries device proofs. */
export const DEVICE_PROOF_HEADER = 'device-proof';

/** How long a browser stays known after its last successful sign-in: a dealer orders at least every few months. */
const PROOF_TTL_SECONDS = 180 * 24 * 3600;
/** A browser keeps one proof per storefront it signed in to; more than this in one header are ignored. */
const MAX_PROOFS_READ = 8;
/** Not a session token's audience: a device proof grants no session, and a session token is no device proof. */
const AUDIENCE = 'dealer-storefronts/device';

/**
 * Device proofs (OWASP's "device cookie", as a header): after a right secret for a tenant, the
 * answer carries a signed token naming the tenant and a random device id, which the storefront
 * keeps and sends back on every call. Its holder's guesses are limited per device rather than
 * braked with the tenant's (failure-limiter.ts), so a flood of wrong codes from elsewhere does
 * not lock out the dealer who signed in before. Signed with the session secret (JWT, HS256, `jose`).
 */
export class DeviceProofs {
  /**
   * Imported once: handed the raw bytes, jose imports a WebCrypto key on every sign and verify,
   * which doubled the CPU a bypass order spends on its proof (docs/performance.md).
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // Its failure surfaces where the key is awaited, not as an unhandled rejection at start.
    this.key.catch(() => undefined);
  }

  /** A proof for `tenantId`, keeping `deviceId` when the browser already had one. */
  async issue(tenantId: string, deviceId: string = randomBytes(16).toString('base64url')): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ dev: deviceId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(tenantId)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + PROOF_TTL_SECONDS)
      .sign(await this.key);
  }

  /**
   * The device id of the first valid proof in the header for `tenantId`; for a secret typed
   * without a tenant (the entry screen), of any tenant. Undefined when there is none: the
   * request is then an unknown client. Forged, expired or other tenants' proofs count for nothing.
   */
  async deviceOf(header: string | string[] | undefined, tenantId: string | undefined): Promise<string | undefined> {
    const proofs = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, MAX_PROOFS_READ);
    if (proofs.length === 0) return undefined;
    const key = await this.key;
    for (const proof of proofs) {
      try {
        const { payload } = await jwtVerify(proof, key, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: new Date(this.now()) });
        if (typeof payload.dev !== 'string' || typeof payload.sub !== 'string') continue;
        if (tenantId === undefined || payload.sub === tenantId) return payload.dev;
      } catch {
        // not ours, expired or damaged: proves nothing
      }
    }
    return undefined;
  }
}
