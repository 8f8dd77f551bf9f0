import { randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { Tenant } from '../../src/domain/tenant.ts';
import { signHs256 } from './signed-token.ts';
import { grantName, grantNamed, grantSecret, secretFingerprint, type Grant } from './session-tokens.ts';

/** The request and response header that carries device proofs. */
export const DEVICE_PROOF_HEADER = 'device-proof';

/** How long a browser stays known after its last successful sign-in: a dealer orders at least every few months. */
const PROOF_TTL_SECONDS = 180 * 24 * 3600;
/** A browser keeps one proof per storefront it signed in to; more than this in one header are ignored. */
const MAX_PROOFS_READ = 8;
/** Not a session token's audience: a device proof grants no session, and a session token is no device proof. */
const AUDIENCE = 'dealer-storefronts/device';
/**
 * Live proofs per tenant and credential (its password, admin password, one bypass code, one
 * store's password): enough for the browsers of one dealership office; a new one retires the
 * oldest, so a right secret cannot be minted into an army of proofs.
 */
export const LIVE_PROOFS_PER_CREDENTIAL = 10;

/**
 * What a proof proves: a right secret (`Grant`), or `LINK_CREDENTIAL`, a redeemed e-mailed
 * device link (device-links.ts): the browser's user reads one of the tenant's staff mailboxes.
 */
export type ProvenCredential = Grant | typeof LINK_CREDENTIAL;

/** The credential of proofs from e-mailed device links; its live proofs count as any credential's (`LIVE_PROOFS_PER_CREDENTIAL`). */
export const LINK_CREDENTIAL = 'link';

/**
 * What a link proof is bound to, as a grant's proof is to its secret: the tenant's staff
 * addresses (`email_recipients`). Changing them (a staff member leaves) retires every link
 * proof; a tenant with none has no link proofs.
 */
function linkSecret(tenant: Tenant): string | undefined {
  return tenant.emailRecipients.length === 0
    ? undefined
    : tenant.emailRecipients
        .map((address) => address.toLowerCase())
        .sort()
        .join('\n');
}

function credentialName(credential: ProvenCredential): string {
  return credential === LINK_CREDENTIAL ? LINK_CREDENTIAL : grantName(credential);
}

function credentialSecret(tenant: Tenant, name: string): string | undefined {
  if (name === LINK_CREDENTIAL) return linkSecret(tenant);
  const grant = grantNamed(name);
  return grant && grantSecret(tenant, grant);
}

/** A browser that proved a secret of `tenantId` before, with a proof still live. */
export interface KnownDevice {
  id: string;
  tenantId: string;
}

/** A proof to record as its credential's newest (DeviceRegistry), before the browser is given it. */
export interface DeviceRegistration {
  tenantId: string;
  credential: string;
  deviceId: string;
  /** How many of the credential's newest proofs stay live. */
  keep: number;
}

/** A signed proof and the registration that makes it live. */
export interface MintedProof {
  proof: string;
  registration: DeviceRegistration;
}

/** Which devices hold a live proof (device-proof-registry.ts, in the order database). */
export interface DeviceRegistry {
  /** Records the device as the newest proof of the credential, retiring all but the newest `keep`. */
  register(registration: DeviceRegistration): Promise<void>;
  /** Whether `deviceId` is among the newest `keep` proofs registered for the credential. */
  isLive(tenantId: string, credential: string, deviceId: string, keep: number): Promise<boolean>;
}

/**
 * Device proofs (OWASP's "device cookie", as a header): after a right secret for a tenant, the
 * answer carries a signed token naming the tenant, the credential it proved (`staff`,
 * `bypass:0`, …), a keyed fingerprint of that secret and a random device id, which the
 * storefront keeps and sends back on every call. A proof is honoured while it is signed by us,
 * unexpired, its secret unchanged and its device among the newest `LIVE_PROOFS_PER_CREDENTIAL`
 * of that credential. Its holder is not held back by the brake unknown clients share when the
 * tenant is flooded; proof holders share a brake lane of their own (failure-limiter.ts).
 * Signed with the session secret (JWT, HS256: signed-token.ts, verified by `jose`).
 */
export class DeviceProofs {
  /** Imported once, to verify: handed the raw bytes, jose imports a WebCrypto key on every verify. */
  private readonly key: Promise<CryptoKey>;

  constructor(
    private readonly secret: string,
    private readonly registry: DeviceRegistry,
    private readonly now: () => number = Date.now,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    // Its failure surfaces where the key is awaited, not as an unhandled rejection at start.
    this.key.catch(() => undefined);
  }

  /**
   * A proof that the browser knows `grant`'s secret of `tenant` (or redeemed a device link of it), keeping `deviceId` when the
   * browser already had one; registered as that credential's newest live proof.
   */
  async issue(tenant: Tenant, grant: ProvenCredential, deviceId?: string): Promise<string> {
    const { proof, registration } = this.mint(tenant, grant, deviceId);
    await this.registry.register(registration);
    return proof;
  }

  /**
   * A signed proof as `issue` makes it, not yet registered: the caller registers it in its own
   * transaction (create-order, with the order) and gives it out only once that committed.
   */
  mint(tenant: Tenant, grant: ProvenCredential, deviceId: string = randomBytes(16).toString('base64url')): MintedProof {
    const credential = credentialName(grant);
    const secret = credentialSecret(tenant, credential);
    if (secret === undefined) throw new Error(`internal: tenant ${tenant.id} has no secret to prove for ${credential}`);
    const issuedAt = Math.floor(this.now() / 1000);
    const proof = signHs256(
      {
        sub: tenant.id,
        aud: AUDIENCE,
        iat: issuedAt,
        exp: issuedAt + PROOF_TTL_SECONDS,
        dev: deviceId,
        cred: credential,
        sec: secretFingerprint(this.secret, tenant.id, credential, secret),
      },
      this.secret,
    );
    return { proof, registration: { tenantId: tenant.id, credential, deviceId, keep: LIVE_PROOFS_PER_CREDENTIAL } };
  }

  /**
   * The device of the first honoured proof in the header for `tenantId`; for a secret typed
   * without a tenant (the entry screen), of any tenant, which the limiter then honours only for
   * that tenant's own password. Undefined when there is none: the request is then an unknown
   * client. Forged, expired, retired, other tenants' proofs and proofs of a changed secret count for nothing.
   */
  async deviceOf(
    header: string | string[] | undefined,
    tenantId: string | undefined,
    tenantById: (id: string) => Tenant | undefined,
  ): Promise<KnownDevice | undefined> {
    const proofs = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, MAX_PROOFS_READ);
    if (proofs.length === 0) return undefined;
    const key = await this.key;
    for (const proof of proofs) {
      let claims: { sub?: unknown; dev?: unknown; cred?: unknown; sec?: unknown };
      try {
        ({ payload: claims } = await jwtVerify(proof, key, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: new Date(this.now()) }));
      } catch {
        continue; // not ours, expired or damaged: proves nothing
      }
      const { sub, dev, cred, sec } = claims;
      if (typeof sub !== 'string' || typeof dev !== 'string' || typeof cred !== 'string' || typeof sec !== 'string') continue;
      if (tenantId !== undefined && sub !== tenantId) continue;
      const tenant = tenantById(sub);
      const secret = tenant && credentialSecret(tenant, cred);
      if (secret === undefined || sec !== secretFingerprint(this.secret, sub, cred, secret)) continue;
      try {
        if (await this.registry.isLive(sub, cred, dev, LIVE_PROOFS_PER_CREDENTIAL)) return { id: dev, tenantId: sub };
      } catch {
        // Unreadable, it proves nothing: the request is an unknown client (and its guess is refused with 503 if the database is gone).
      }
    }
    return undefined;
  }
}
