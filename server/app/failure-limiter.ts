import type { Logger } from '../logger.ts';
import type { KnownDevice } from './device-proofs.ts';
import { HttpError } from './http-error.ts';

/**
 * Limits guesses of secrets (bypass codes, passwords, order lookups) per client and per tenant.
 *
 * An attempt is reserved before the secret is compared: in one atomic step (one transaction
 * holding a lock on each key, shared by every instance on the database) the recent failures
 * are counted and, if the attempt may go ahead, it is recorded, pending. A wrong secret then
 * settles its record as a failure before it is answered; a right one takes its record back as
 * soon as it has been compared. So N parallel wrong guesses compare at most the limit, on one
 * instance or several, and an attempt that cannot be recorded is never compared (fail closed).
 * A comparison that takes no time (`check`: a bypass code, a password) runs inside that one
 * transaction instead, and a right one is taken back there: it is never pending at all.
 *
 * Only failures refuse (429). Attempts still pending are undecided: when they alone would fill
 * a limit, the new attempt waits for them to be settled or taken back (`UNDECIDED_WAIT_MS`)
 * and then asks again. So 30 parallel right codes from one office are all compared and all
 * answered, while 200 parallel wrong ones still compare exactly the limit; and a refusal's
 * `Retry-After` is worked out from failures alone, one figure however many are in flight.
 *
 * A pending record counts only for its lease (`RESERVATION_LEASE_MS`): the record of a
 * request whose process died (kill -9, a lost machine) between reserving and settling stops
 * counting then, instead of counting as a failure for the whole window. A burst of orders cut
 * off by a crash would otherwise lock the dealership behind one address out for a quarter of
 * an hour. A wrong secret whose lease ran out before it was settled is not answered (503), so
 * no more wrong secrets are answered than the limit, however slow the comparison.
 */
export interface FailureLog {
  /**
   * Atomically: hands `admit` the attempts still counting under each checked key, newest first
   * (at most its `limit` failures and at most its `limit` pending attempts); if `admit` returns,
   * records one pending attempt at `at` under every key of `record`, counting until
   * `pendingUntil`, and answers a reservation. `admit` throws to refuse: nothing is recorded. An
   * attempt counts while it is younger than `since` and, when pending, until its `pendingUntil`.
   */
  reserve(request: ReserveRequest, admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void): Promise<Reservation>;
  /**
   * Makes a reservation's records failures that count for the whole window (a wrong secret).
   * False when the lease had already run out (the records are made failures all the same).
   * `now` is read in the same turn as reservations (under the same locks), so a reservation
   * that no longer counted this one was made at or after the instant the lapse is judged at:
   * either this settle counts it first, or it is judged late and not answered.
   */
  settle(reservation: Reservation, now: () => number): Promise<boolean>;
  /** Takes back what `reserve` recorded: the attempt was right, or was no guess after all. */
  release(reservation: Reservation): Promise<void>;
  /**
   * Atomically, for a comparison that needs no waiting: as `reserve` up to `admit`, then runs
   * `compare` under the same locks and, only when it answers undefined (wrong), records a
   * failure at `at` under every key of `record`, on disk before this resolves. A right answer
   * records nothing; a throw from either records nothing and passes.
   */
  check<T>(
    request: ReserveRequest,
    admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void,
    compare: () => T | undefined,
  ): Promise<T | undefined>;
}

export interface ReserveRequest {
  check: readonly KeyLimit[];
  record: readonly string[];
  /** Attempts at or before this instant no longer count (the window's start). */
  since: number;
  at: number;
  /** Until when the new records count while pending. */
  pendingUntil: number;
}

/** An attempt that counts: when it was made, and until when if it is still pending. */
export interface CountedAttempt {
  at: number;
  pendingUntil?: number;
}

/**
 * How long a reserved attempt counts before its request settles or takes it back. A comparison
 * and its settling take milliseconds; 15 s leaves room for a busy machine and for instances'
 * clocks a few seconds apart, and is how long the clients of a crashed instance wait for their
 * in-flight attempts to stop counting.
 */
export const RESERVATION_LEASE_MS = 15_000;

/**
 * How long an attempt waits for undecided (pending) attempts that alone would fill a limit. A
 * live request settles its attempt within milliseconds of reserving it, so a burst of 30 from
 * one office passes in well under a second; attempts still pending after 5 s belong to a
 * request that died, and the client is then told (429) when their lease runs out.
 */
export const UNDECIDED_WAIT_MS = 5_000;
/**
 * Longest pause between asks while waiting for undecided attempts: a settle or take-back on
 * this instance wakes one waiter per key at once; the pause (doubling from 25 ms, plus up to as
 * much again at random) is for those settled by another instance.
 */
const UNDECIDED_POLL_MS = 400;

export interface KeyLimit {
  key: string;
  limit: number;
}

/** What one reservation recorded, for `settle` and `release`: its rows and the keys they are under. */
export interface Reservation {
  ids: readonly number[];
  keys: readonly string[];
}

/** Every wrong secret from one client (bypass code, tenant, store or admin password) counts against one limit. */
export function secretGuessKey(client: string): string {
  return `secret:${client}`;
}

/** Every wrong secret for one tenant, from anyone; a secret typed without naming a tenant (the entry screen) counts as `entry`. */
export function tenantGuessKey(tenantId: string | undefined): string {
  return `tenant:${tenantId ?? 'entry'}`;
}

/** Every wrong secret from one device that proved a secret of the tenant before. */
export function deviceGuessKey(tenantId: string, deviceId: string): string {
  return `device:${tenantId}:${deviceId}`;
}

/** Every attempt of the tenant's proof holders together: their lane through the brake. */
export function knownLaneKey(tenantId: string): string {
  return `known:${tenantId}`;
}

/**
 * Past `max` wrong secrets for one tenant within the window (from anyone, proof holders
 * included), that tenant is braked: it accepts one secret check every `intervalMs` from the
 * clients it does not know, and one every `intervalMs` from its proof holders together (a lane
 * of their own, `knownLaneKey`). Guessing from many addresses slows to a crawl, a flood from
 * unknown clients does not hold back a dealer who signed in before, and any number of proofs
 * gets no more guesses than the tenant's limit and then its lane.
 */
export interface TenantBrake {
  max: number;
  intervalMs: number;
}

/** Who is guessing. */
export interface Guesser {
  /** The client (request.client): an IPv4 address, or an IPv6 prefix, so a guesser cannot get a new budget per address of its /64. */
  client: string;
  /**
   * The device of an honoured device proof (device-proofs.ts): while the tenant is braked for
   * unknown clients, it goes through its tenant's proof holders' lane instead, so a flood from
   * elsewhere cannot lock the dealer out. Its failures are limited per device (and still per
   * client) and count for the tenant like anyone's. At the entry screen (no tenant named) the
   * lane is its own tenant's, and only that tenant's password is compared (`GuessPath`).
   */
  device?: KnownDevice;
  log: Logger;
}

/** How a guess was let through, for `compare`. */
export interface GuessPath {
  /**
   * Through the proof holders' lane of `Guesser.device`'s tenant, while unknown clients are
   * braked: compare only that tenant's secrets (at the entry screen, only its password).
   */
  known: boolean;
  /** When `known`: the seconds an unknown client is told to wait, for a secret not compared. */
  brakeWait: number;
}

/** Seconds a client is told to wait when attempts cannot be recorded. */
const UNAVAILABLE_RETRY_SECONDS = 30;

export class FailureLimiter {
  /** Attempts of this instance waiting for undecided ones, per key they check, oldest first. */
  private readonly waiting = new Map<string, (() => void)[]>();

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
   * reservation is taken back at once, before the caller acts on it (an order's commit), so
   * right guesses in flight never hold others back; undefined is a wrong one, settled as a
   * failure before it is answered (503 if it cannot be, or its lease ran out). If `compare`
   * throws, it was no guess (a malformed request): the reservation is taken back and the error passes.
   */
  async guess<T>(who: Guesser, tenantId: string | undefined, compare: (path: GuessPath) => T | undefined | Promise<T | undefined>): Promise<T | undefined> {
    const { reservation, path } = await this.reserve(who, tenantId);
    let result: T | undefined;
    try {
      result = await compare(path);
    } catch (error) {
      await this.release(who, reservation);
      this.wake(reservation.keys);
      throw error;
    }
    try {
      if (result === undefined) await this.settle(who, reservation);
      else await this.release(who, reservation);
    } finally {
      this.wake(reservation.keys);
    }
    return result;
  }

  /**
   * One guess whose comparison is synchronous (a bypass code, a password): checked, compared
   * and, when wrong, counted in one transaction under the keys' locks (FailureLog.check). A
   * right one writes nothing and waits for no disk, and is never pending, so it never holds
   * another attempt back; a wrong one is on disk before it is answered. The limits hold as for
   * `guess`. If `compare` throws, it was no guess: nothing is counted and the error passes.
   */
  async check<T>(who: Guesser, tenantId: string | undefined, compare: (path: GuessPath) => T | undefined): Promise<T | undefined> {
    try {
      return await this.admitted(who, tenantId, (request, admit, path) =>
        this.log.check(request, admit, () => {
          try {
            return compare(path);
          } catch (error) {
            throw new ComparisonError(error);
          }
        }),
      );
    } catch (error) {
      throw error instanceof ComparisonError ? error.error : error;
    }
  }

  private reserve(who: Guesser, tenantId: string | undefined): Promise<{ reservation: Reservation; path: GuessPath }> {
    return this.admitted(who, tenantId, async (request, admit, path) => ({ reservation: await this.log.reserve(request, admit), path }));
  }

  /**
   * Runs `attempt` (a reservation or a whole check) with the admission rule: 429 past a limit,
   * waiting while only undecided attempts fill one, 503 when the attempt cannot be recorded.
   */
  private async admitted<R>(
    who: Guesser,
    tenantId: string | undefined,
    attempt: (request: ReserveRequest, admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void, path: GuessPath) => Promise<R>,
  ): Promise<R> {
    const client = secretGuessKey(who.client);
    const tenant = tenantGuessKey(tenantId);
    // A proof counts for its own tenant, or at the entry screen (which compares only that tenant's password then).
    const own = who.device && (tenantId === undefined || who.device.tenantId === tenantId) ? who.device : undefined;
    const device = own && {
      key: deviceGuessKey(own.tenantId, own.id),
      lane: knownLaneKey(own.tenantId),
      tenant: tenantGuessKey(own.tenantId),
    };
    const check = uniqueKeys([
      { key: client, limit: this.maxFailures },
      { key: tenant, limit: this.tenantBrake.max },
      ...(device
        ? [
            { key: device.key, limit: this.maxFailures },
            { key: device.lane, limit: 1 },
            { key: device.tenant, limit: this.tenantBrake.max },
          ]
        : []),
    ]);
    // A proof holder's attempts count for its tenant and its lane too, whichever way they went.
    const record = check.map((c) => c.key);
    const started = performance.now();
    for (let round = 0; ; round++) {
      const now = this.now();
      let undecided = false;
      const path: GuessPath = { known: false, brakeWait: 0 };
      try {
        const request = { check, record, since: now - this.windowMs, at: now, pendingUntil: now + RESERVATION_LEASE_MS };
        const admit = (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => {
          const of = (key: string) => recent.get(key) ?? [];
          const open = this.brakeRefusal(of(tenant), of(tenant), now, tenantId !== undefined);
          const known = device && open ? this.brakeRefusal(of(device.tenant), of(device.lane), now, false) : undefined;
          let brake = open;
          if (open?.decided && device && !known) {
            // Braked for unknown clients, the proof holders' lane is free: through it.
            brake = undefined;
            path.known = true;
            path.brakeWait = open.wait;
          } else if (open && known) {
            brake = { ...(known.wait <= open.wait ? known : open), decided: open.decided && known.decided };
          }
          // Otherwise the brake for unknown clients is undecided (attempts in flight): wait for it rather than take the lane.
          const refusals = [this.windowRefusal(of(client), now), ...(device ? [this.windowRefusal(of(device.key), now)] : []), brake];
          const refused = refusals.find((r) => r?.decided);
          if (refused) throw refused.error;
          const pendingOnly = refusals.find((r) => r !== undefined);
          if (pendingOnly === undefined) return;
          // Only attempts still in flight fill the limit: wait for them, unless they stay
          // pending so long that their request must have died.
          if (performance.now() - started < UNDECIDED_WAIT_MS) {
            undecided = true;
            throw UNDECIDED;
          }
          throw pendingOnly.error;
        };
        return await attempt(request, admit, path);
      } catch (error) {
        if (undecided) {
          const pause = Math.min(UNDECIDED_POLL_MS, 25 * 2 ** round);
          await this.waitForSettle(check, pause + Math.random() * pause);
          continue;
        }
        // What refused this attempt likely refuses the next waiter too: let it find out now.
        if (error instanceof HttpError) this.wake(check.map((c) => c.key));
        if (error instanceof HttpError || error instanceof ComparisonError) throw error;
        // Fail closed: a guess that could not be counted is not compared.
        who.log.error('could not record a secret attempt; refusing to check it', { error });
        throw unavailable();
      }
    }
  }

  /** Sleeps up to `ms`, or until an attempt under one of `check`'s keys is settled or taken back on this instance. */
  private waitForSettle(check: readonly KeyLimit[], ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const { key } of check) {
          const queue = this.waiting.get(key);
          const at = queue?.indexOf(done) ?? -1;
          if (at >= 0) queue!.splice(at, 1);
          if (queue?.length === 0) this.waiting.delete(key);
        }
        resolve();
      };
      const timer = setTimeout(done, ms);
      for (const { key } of check) this.waiting.set(key, [...(this.waiting.get(key) ?? []), done]);
    });
  }

  /** One attempt's slot under `keys` may be free: wakes the oldest waiter of each key to ask again. */
  private wake(keys: readonly string[]): void {
    for (const key of new Set(keys)) this.waiting.get(key)?.[0]?.();
  }

  /** Counts a wrong guess for the window, or answers 503 instead of its result: a wrong guess is never answered uncounted. */
  private async settle(who: Guesser, reservation: Reservation): Promise<void> {
    let inTime: boolean;
    try {
      inTime = await this.log.settle(reservation, this.now);
    } catch (error) {
      who.log.error('could not record a wrong secret; not answering it', { error });
      throw unavailable();
    }
    if (!inTime) {
      who.log.warn('a wrong secret was compared after its reservation lapsed; not answering it', { leaseMs: RESERVATION_LEASE_MS });
      throw unavailable();
    }
  }

  private async release(who: Guesser, reservation: Reservation): Promise<void> {
    try {
      await this.log.release(reservation);
    } catch (error) {
      // The attempt then counts until its lease runs out: it was a right secret, so no guess is gained.
      who.log.warn('could not take back a right attempt; it counts until its lease runs out', { error });
    }
  }

  /**
   * Undefined when `recent` leaves room under the client or device limit. Decided when its
   * failures alone fill it: 429 until enough of them leave the window, the same figure however
   * many attempts are in flight. Otherwise only pending attempts fill it: 429 (if they stay
   * undecided) until enough of them stop counting, at their lease's end or, once settled, the window's.
   */
  private windowRefusal(recent: readonly CountedAttempt[], now: number): Refusal | undefined {
    if (recent.length < this.maxFailures) return undefined;
    const failures = recent.filter((attempt) => attempt.pendingUntil === undefined);
    const decided = failures.length >= this.maxFailures;
    const ends = (decided ? failures : recent).map((attempt) => attempt.pendingUntil ?? attempt.at + this.windowMs).sort((a, b) => b - a);
    const wait = Math.max(1, Math.ceil((ends[this.maxFailures - 1]! - now) / 1000));
    return { decided, wait, error: tooMany(`Too many wrong passwords or codes; try again in ${wait} seconds`, wait) };
  }

  /**
   * Undefined when the tenant is not braked. Braked once its failures alone reach the brake's
   * `max`: one check per interval after the newest attempt (`recent` is newest first), pending
   * ones included, so a burst compares one. When pending attempts are needed to reach `max`,
   * the brake is undecided until they are settled.
   */
  private brakeRefusal(counted: readonly CountedAttempt[], lane: readonly CountedAttempt[], now: number, linkOffered: boolean): Refusal | undefined {
    if (counted.length < this.tenantBrake.max || lane.length === 0) return undefined;
    const wait = Math.max(0, Math.ceil((lane[0]!.at + this.tenantBrake.intervalMs - now) / 1000));
    if (wait === 0) return undefined;
    const decided = counted.filter((attempt) => attempt.pendingUntil === undefined).length >= this.tenantBrake.max;
    return { decided, wait, error: brakeRefusal(wait, linkOffered) };
  }
}

/** Why an attempt may not go ahead; `decided` when failures alone say so, not attempts still in flight. */
interface Refusal {
  decided: boolean;
  wait: number;
  error: HttpError;
}

/**
 * The 429 of a braked tenant, for `wait` seconds; for a named tenant (not the entry screen,
 * which knows none) it points a browser without a device proof to the e-mailed sign-in link
 * (device-links.ts), offered on the storefront's orders page.
 */
export function brakeRefusal(wait: number, linkOffered = false): HttpError {
  const link = linkOffered ? '. On a new browser, View Orders offers a sign-in link by e-mail' : '';
  return tooMany(`Many wrong passwords or codes were tried for this storefront; try again in ${wait} seconds${link}`, wait);
}

/** The first of each key: a proof holder's tenant is the tenant guessed at, except at the entry screen. */
function uniqueKeys(keys: readonly KeyLimit[]): KeyLimit[] {
  return keys.filter((k, i) => keys.findIndex((other) => other.key === k.key) === i);
}

/** What a comparison itself threw (a malformed request, not a guess), carried past the fail-closed 503. */
class ComparisonError {
  constructor(readonly error: unknown) {}
}

/** Thrown inside a reservation to leave it unrecorded while undecided attempts are awaited. */
const UNDECIDED = new Error('undecided attempts fill the limit');

function tooMany(message: string, wait: number): HttpError {
  return new HttpError(429, message, {}, { 'retry-after': String(wait) });
}

function unavailable(): HttpError {
  return new HttpError(503, 'Passwords and codes cannot be checked right now; try again in a minute', {}, { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) });
}

/** A FailureLog in memory, for one process (unit tests): one reservation or settle at a time. */
export class MemoryFailureLog implements FailureLog {
  private readonly attempts: { id: number; key: string; at: number; pendingUntil?: number }[] = [];
  private nextId = 1;
  private turn: Promise<unknown> = Promise.resolve();

  reserve(request: ReserveRequest, admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void): Promise<Reservation> {
    return this.inTurn(async () => {
      admit(this.recent(request));
      return { ids: this.record(request, request.pendingUntil), keys: request.record };
    });
  }

  check<T>(
    request: ReserveRequest,
    admit: (recent: ReadonlyMap<string, readonly CountedAttempt[]>) => void,
    compare: () => T | undefined,
  ): Promise<T | undefined> {
    return this.inTurn(async () => {
      admit(this.recent(request));
      const result = compare();
      if (result === undefined) this.record(request, undefined);
      return result;
    });
  }

  private recent({ check, since, at }: ReserveRequest): Map<string, CountedAttempt[]> {
    return new Map(
      check.map(({ key, limit }) => {
        const counting = this.attempts
          .filter((a) => a.key === key && a.at > since && (a.pendingUntil === undefined || a.pendingUntil > at))
          .sort((a, b) => b.at - a.at);
        const failures = counting.filter((a) => a.pendingUntil === undefined).slice(0, limit);
        const pending = counting.filter((a) => a.pendingUntil !== undefined).slice(0, limit);
        return [
          key,
          [...failures, ...pending]
            .sort((a, b) => b.at - a.at)
            .map((a) => (a.pendingUntil === undefined ? { at: a.at } : { at: a.at, pendingUntil: a.pendingUntil })),
        ];
      }),
    );
  }

  /** Records one attempt under each key of `record`: pending until `pendingUntil`, or a failure. */
  private record({ record, at }: ReserveRequest, pendingUntil: number | undefined): number[] {
    return record.map((key) => {
      const id = this.nextId++;
      this.attempts.push(pendingUntil === undefined ? { id, key, at } : { id, key, at, pendingUntil });
      return id;
    });
  }

  settle(reservation: Reservation, now: () => number): Promise<boolean> {
    return this.inTurn(async () => {
      const at = now();
      const ids = new Set(reservation.ids);
      let inTime = true;
      for (const attempt of this.attempts) {
        if (!ids.has(attempt.id)) continue;
        if (attempt.pendingUntil === undefined || attempt.pendingUntil <= at) inTime = false;
        delete attempt.pendingUntil;
      }
      return inTime;
    });
  }

  async release(reservation: Reservation): Promise<void> {
    const ids = new Set(reservation.ids);
    for (let i = this.attempts.length - 1; i >= 0; i--) if (ids.has(this.attempts[i]!.id)) this.attempts.splice(i, 1);
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }
}
