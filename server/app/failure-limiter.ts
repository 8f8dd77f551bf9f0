import type { Logger } from '../logger.ts';
import type { SqlExecutor } from '../storage/sql-database.ts';
import { HttpError } from './http-error.ts';

/**
 * Limits guesses of secrets (bypass codes, passwords, order lookups) per client and per tenant.
 *
 * An attempt is reserved before the secret is compared: in one atomic step (one transaction
 * holding a lock on each key, shared by every instance on the database) the recent failures
 * are counted and, if the attempt may go ahead, it is recorded as a failure. A right secret
 * then takes its record back. So N parallel wrong guesses compare at most the limit, on one
 * instance or several, and an attempt that cannot be recorded is never compared (fail closed).
 */
export interface FailureLog {
  /**
   * Atomically: hands `admit` the failures of each checked key after `since` (newest first, at
   * most its `limit`); if `admit` returns, records one failure at `at` under every key of
   * `record` and answers a reservation to release. `admit` throws to refuse: nothing is recorded.
   */
  reserve(
    check: readonly KeyLimit[],
    record: readonly string[],
    since: number,
    at: number,
    admit: (recent: ReadonlyMap<string, number[]>) => void,
  ): Promise<Reservation>;
  /**
   * Takes back what `reserve` recorded: the attempt was right, or was no guess after all.
   * `within`: in that transaction (of the same database), so it commits or rolls back with it.
   */
  release(reservation: Reservation, within?: SqlExecutor): Promise<void>;
}

export interface KeyLimit {
  key: string;
  limit: number;
}

/** What one reservation recorded, for `release`. */
export type Reservation = readonly (number | string)[];

/** Every wrong secret from one client (bypass code, tenant, store or admin password) counts against one limit. */
export function secretGuessKey(clientIp: string): string {
  return `secret:${clientIp}`;
}

/** Every wrong secret for one tenant, from anyone; a secret typed without naming a tenant (the entry screen) counts as `entry`. */
export function tenantGuessKey(tenantId: string | undefined): string {
  return `tenant:${tenantId ?? 'entry'}`;
}

/** Every wrong secret from one device that proved it signed in to the tenant before. */
export function deviceGuessKey(tenantId: string | undefined, deviceId: string): string {
  return `device:${tenantId ?? 'entry'}:${deviceId}`;
}

/**
 * Past `max` wrong secrets for one tenant within the window, that tenant accepts one secret
 * check every `intervalMs` from clients it does not know: guessing from many addresses slows to
 * a crawl. A device that signed in before is not braked (see `Guesser.device`).
 */
export interface TenantBrake {
  max: number;
  intervalMs: number;
}

/** Who is guessing. */
export interface Guesser {
  clientIp: string;
  /**
   * The device id of a valid device proof for the tenant (device-proofs.ts): its attempts skip
   * the tenant brake, so a flood from elsewhere cannot lock the dealer out, and are limited per
   * device (and still per address), so a stolen proof is no free pass.
   */
  device?: string;
  log: Logger;
}

/**
 * A right guess whose reservation is still counted. `release()` takes it back on its own;
 * `release(tx)` inside the transaction that acts on the guess (one commit instead of two per
 * order) and throws if it cannot, so that transaction fails. The holder releases on every path.
 */
export interface HeldGuess<T> {
  result: T;
  release(within?: SqlExecutor): Promise<void>;
}

/** Seconds a client is told to wait when attempts cannot be recorded. */
const UNAVAILABLE_RETRY_SECONDS = 30;

export class FailureLimiter {
  constructor(
    private readonly log: FailureLog,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly tenantBrake: TenantBrake = { max: 50, intervalMs: 5_000 },
  ) {}

  /**
   * One guess for `tenantId`: reserves the attempt (429 past a limit, 503 when it cannot be
   * recorded), then runs `compare`. A result other than undefined is a right guess, and its
   * reservation is taken back; undefined is a wrong one and stays counted. If `compare` throws,
   * it was no guess (a malformed request): the reservation is taken back and the error passes.
   */
  async guess<T>(who: Guesser, tenantId: string | undefined, compare: () => T | undefined | Promise<T | undefined>): Promise<T | undefined> {
    const held = await this.guessHeld(who, tenantId, compare);
    await held?.release();
    return held?.result;
  }

  /** As `guess`, but a right guess's reservation is left to the caller to take back (`HeldGuess`). */
  async guessHeld<T>(who: Guesser, tenantId: string | undefined, compare: () => T | undefined | Promise<T | undefined>): Promise<HeldGuess<T> | undefined> {
    const reservation = await this.reserve(who, tenantId);
    let result: T | undefined;
    try {
      result = await compare();
    } catch (error) {
      await this.release(who, reservation);
      throw error;
    }
    if (result === undefined) return undefined;
    return {
      result,
      release: (within) => (within ? this.log.release(reservation, within) : this.release(who, reservation)),
    };
  }

  private async reserve(who: Guesser, tenantId: string | undefined): Promise<Reservation> {
    const now = this.now();
    const client = secretGuessKey(who.clientIp);
    const tenant = tenantGuessKey(tenantId);
    const device = who.device === undefined ? undefined : deviceGuessKey(tenantId, who.device);
    const check: KeyLimit[] = [{ key: client, limit: this.maxFailures }];
    if (device) check.push({ key: device, limit: this.maxFailures });
    else check.push({ key: tenant, limit: this.tenantBrake.max });
    // A device's failures also feed the tenant's brake for the clients it does not know.
    const record = device ? [client, device, tenant] : [client, tenant];
    try {
      return await this.log.reserve(check, record, now - this.windowMs, now, (recent) => {
        for (const key of device ? [client, device] : [client]) {
          const wait = this.windowWait(recent.get(key) ?? [], now);
          if (wait > 0) throw tooMany(`Too many wrong passwords or codes; try again in ${wait} seconds`, wait);
        }
        if (!device) {
          const wait = this.brakeWait(recent.get(tenant) ?? [], now);
          if (wait > 0) throw tooMany(`Many wrong passwords or codes were tried for this storefront; try again in ${wait} seconds`, wait);
        }
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Fail closed: a guess that could not be counted is not compared.
      who.log.error('could not record a secret attempt; refusing to check it', { error });
      throw new HttpError(
        503,
        'Passwords and codes cannot be checked right now; try again in a minute',
        {},
        { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) },
      );
    }
  }

  private async release(who: Guesser, reservation: Reservation): Promise<void> {
    try {
      await this.log.release(reservation);
    } catch (error) {
      // The attempt then stays counted as a failure: wrong in the dealer's disfavour, never the guesser's.
      who.log.warn('could not take back a right attempt; it counts as a failure', { error });
    }
  }

  /** 0 when `recent` (newest first) leaves room in the window, else the seconds until its oldest leaves. */
  private windowWait(recent: readonly number[], now: number): number {
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[this.maxFailures - 1]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  private brakeWait(recent: readonly number[], now: number): number {
    if (recent.length < this.tenantBrake.max) return 0;
    return Math.max(0, Math.ceil((recent[0]! + this.tenantBrake.intervalMs - now) / 1000));
  }
}

function tooMany(message: string, wait: number): HttpError {
  return new HttpError(429, message, {}, { 'retry-after': String(wait) });
}

/** A FailureLog in memory, for one process (unit tests): one reservation at a time. */
export class MemoryFailureLog implements FailureLog {
  private readonly failures: { id: number; key: string; at: number }[] = [];
  private nextId = 1;
  private turn: Promise<unknown> = Promise.resolve();

  reserve(
    check: readonly KeyLimit[],
    record: readonly string[],
    since: number,
    at: number,
    admit: (recent: ReadonlyMap<string, number[]>) => void,
  ): Promise<Reservation> {
    const work = async () => {
      const recent = new Map(
        check.map(({ key, limit }) => [
          key,
          this.failures
            .filter((f) => f.key === key && f.at > since)
            .map((f) => f.at)
            .sort((a, b) => b - a)
            .slice(0, limit),
        ]),
      );
      admit(recent);
      return record.map((key) => {
        const id = this.nextId++;
        this.failures.push({ id, key, at });
        return id;
      });
    };
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  async release(reservation: Reservation, _within?: SqlExecutor): Promise<void> {
    const ids = new Set(reservation);
    for (let i = this.failures.length - 1; i >= 0; i--) if (ids.has(this.failures[i]!.id)) this.failures.splice(i, 1);
  }
}
