import type { Logger } from '../logger.ts';
import type { BuyerMail } from '../mail/buyer-confirmations.ts';
import type { PayPalClient } from '../paypal/paypal-client.ts';
import type { DeskOrders } from '../storage/desk-orders.ts';
import type { OrderDatabase } from '../storage/order-database.ts';
import type { DeviceProofs } from './device-proofs.ts';
import type { FailureLimiter } from './failure-limiter.ts';
import type { GitHubOAuthConfig } from './github-oauth-config.ts';
import type { OrderLinks } from './order-links.ts';
import type { SessionTokens } from './session-tokens.ts';
import type { TenantDirectory } from './tenant-directory.ts';

/** What the calls share: built once at start (start-order-api.ts), passed to every handler. */
export interface ApiContext {
  database: OrderDatabase;
  tenants: TenantDirectory;
  /** Absent when the server has no PayPal credentials. */
  paypal?: PayPalClient;
  limiter: FailureLimiter;
  /** Proofs that a browser signed in to a tenant before (the guess limits' device cookie). */
  devices: DeviceProofs;
  sessions: SessionTokens;
  /** The buyers' read-only links to one order each, in their e-mails (view-order). */
  orderLinks: OrderLinks;
  /** The supplier's order desk: its password hash (undefined: no desk, every desk call 503) and its orders. */
  desk: { passwordHash?: string; orders: DeskOrders };
  /** The editor's GitHub OAuth app; absent: the editor's GitHub sign-in answers 503. */
  githubOAuth?: GitHubOAuthConfig;
  limits: {
    /** Lines one order may have (MAX_CART_LINES). */
    maxCartLines: number;
    /** Unpaid PayPal orders one client may create per window (MAX_UNPAID_ORDERS_PER_CLIENT per hour). */
    unpaidOrdersPerClient: { max: number; windowMs: number };
  };
  log: Logger;
  /** The From of order e-mails. */
  mailFrom: string;
  /** Confirmations to buyers: the supplier's contact, the From, the per-tenant hourly cap. */
  buyerMail: BuyerMail;
  /** Called after a transaction put e-mails in the outbox, to send them now rather than at the next poll. */
  mailQueued(): void;
  storageKind: 'sqlite' | 'postgres';
  timing: {
    /** An idempotency key's claim not renewed for this long belonged to a request that died, and is taken over. */
    keyLeaseMs: number;
    /** How often a request holding an idempotency key renews its lease (well under keyLeaseMs). */
    keyRenewMs: number;
    /** How long a request waits for a concurrent one holding the same idempotency key. */
    waitForOtherMs: number;
    /**
     * A capture claim older than this belonged to a request that died: a live one has had
     * its PayPal calls answered or timed out by then (start-order-api.ts).
     */
    staleCaptureMs: number;
    /** How long a capture waits for a concurrent one on the same order before answering 202 PROCESSING. */
    captureWaitMs: number;
    pollMs: number;
  };
}

/** One call, as a handler sees it. */
export interface ApiRequest {
  body: unknown;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The client's address, as stored with an order. */
  clientIp: string;
  /** Who the per-client limits count as one client: the IPv4 address, or the IPv6 address's prefix (client-key.ts). */
  client: string;
  log: Logger;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}
