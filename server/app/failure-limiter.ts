import { HttpError } from './http-error.ts';

/**
 * Limits failed guesses of secrets (bypass codes, admin passwords) per client: after
 * `maxFailures` failures within `windowMs`, every attempt of that kind from that client is
 * refused with 429 until enough of them leave the window. Only failures count, so a dealer
 * placing many bypass orders is never slowed down.
 *
 * The failures live in the order database (`FailureLog`), so several API instances sharing
 * one PostgreSQL database count them together: a guesser gains nothing by being spread over
 * the instances behind a load balancer.
 */
export interface FailureLog {
  /** When `key` failed after `since` (epoch ms), newest first, at most `limit` of them. */
  recentFailures(key: string, since: number, limit: number): Promise<number[]>;
  recordFailure(key: string, at: number): Promise<void>;
}

/** Every wrong secret from one client (bypass code, tenant, store or admin password) counts against one limit. */
export function secretGuessKey(clientIp: string): string {
  return `secret:${clientIp}`;
}

/** Every wrong secret for one tenant, from anyone; the entry screen's password (no tenant yet) counts as `entry`. */
export function tenantGuessKey(tenantId: string | undefined): string {
  return `tenant:${tenantId ?? 'entry'}`;
}

/**
 * Past `max` wrong secrets for one tenant within the window, that tenant accepts one secret
 * check every `intervalMs`: guessing from many addresses slows to a crawl, while a dealer who
 * types the right code waits seconds, never a quarter of an hour.
 */
export interface TenantBrake {
  max: number;
  intervalMs: number;
}

export class FailureLimiter {
  constructor(
    private readonly log: FailureLog,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly tenantBrake: TenantBrake = { max: 50, intervalMs: 5_000 },
  ) {}

  /**
   * Before checking a secret someone typed for `tenantId`: 429 while this client has too many
   * wrong ones, or while the tenant is braked and its last wrong one is too recent.
   */
  async beforeGuess(clientIp: string, tenantId: string | undefined): Promise<void> {
    const clientWait = await this.retryAfterSeconds(secretGuessKey(clientIp));
    if (clientWait > 0) {
      throw new HttpError(429, `Too many wrong passwords or codes; try again in ${clientWait} seconds`, {}, { 'retry-after': String(clientWait) });
    }
    const recent = await this.log.recentFailures(tenantGuessKey(tenantId), this.now() - this.windowMs, this.tenantBrake.max);
    if (recent.length < this.tenantBrake.max) return;
    const wait = Math.ceil((recent[0]! + this.tenantBrake.intervalMs - this.now()) / 1000);
    if (wait > 0) {
      throw new HttpError(429, `Many wrong passwords or codes were tried for this storefront; try again in ${wait} seconds`, {}, { 'retry-after': String(wait) });
    }
  }

  /** A secret typed for `tenantId` was wrong: it counts for the client and for the tenant. */
  async wrongGuess(clientIp: string, tenantId: string | undefined): Promise<void> {
    await this.recordFailure(secretGuessKey(clientIp));
    await this.recordFailure(tenantGuessKey(tenantId));
  }

  /** 0 when `key` may try now, else the seconds to wait. */
  async retryAfterSeconds(key: string): Promise<number> {
    const now = this.now();
    const recent = await this.log.recentFailures(key, now - this.windowMs, this.maxFailures);
    if (recent.length < this.maxFailures) return 0;
    // Free again once the oldest of the last `maxFailures` failures leaves the window.
    const oldest = recent[this.maxFailures - 1]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  async recordFailure(key: string): Promise<void> {
    await this.log.recordFailure(key, this.now());
  }
}

/** A FailureLog in memory, for one process (unit tests). */
export class MemoryFailureLog implements FailureLog {
  private readonly failures = new Map<string, number[]>();

  async recentFailures(key: string, since: number, limit: number): Promise<number[]> {
    return (this.failures.get(key) ?? [])
      .filter((at) => at > since)
      .sort((a, b) => b - a)
      .slice(0, limit);
  }

  async recordFailure(key: string, at: number): Promise<void> {
    this.failures.set(key, [...(this.failures.get(key) ?? []), at]);
  }
}
