/**
 * Limits failed guesses of secrets (bypass codes, admin passwords) per client: after
 * `maxFailures` failures within `windowMs`, every attempt of that kind from that client is
 * refused with 429 until the oldest failure leaves the window. Only failures count, so a
 * dealer placing many bypass orders is never slowed down.
 *
 * Kept in memory: each API instance counts on its own, so N instances allow N times the
 * failures. That still turns guessing a code into years of work.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when `key` may try now, else the seconds to wait. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    if (recent.length > this.maxFailures) recent.shift();
    this.failures.set(key, recent);
    if (this.failures.size > 100_000) this.prune();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) if (this.recent(key).length === 0) this.failures.delete(key);
  }
}
