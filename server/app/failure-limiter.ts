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

/** Every wrong secret from one client (bypass code, tenant or admin password) counts against one limit. */
export function secretGuessKey(clientIp: string): string {
  return `secret:${clientIp}`;
}

export class FailureLimiter {
  constructor(
    private readonly log: FailureLog,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when `key` may try now, else the seconds to wait. */
  async retryAfterSeconds(key: string): Promise<number> {
    const now = this.now();
    const recent = await this.log.recentFailures(key, now - this.windowMs, this.maxFailures);
    if (recent.length < this.maxFailures) return 0;
    // Free again once the oldest of the last `maxFailures` failures leaves the window.
    const oldest = recent[this.maxFailures - 1]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Throws 429 "Too many wrong <what>; try again in N seconds" (with Retry-After) while `key` must wait. */
  async refuseIfLimited(key: string, what: string): Promise<void> {
    const wait = await this.retryAfterSeconds(key);
    if (wait > 0) throw new HttpError(429, `Too many wrong ${what}; try again in ${wait} seconds`, {}, { 'retry-after': String(wait) });
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
