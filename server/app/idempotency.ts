import { createHash } from 'node:crypto';
import type { KeyCompletion, StoredAnswer } from '../storage/idempotency-keys.ts';
import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { stableJson } from '../../src/core/stable-json.ts';
import { HttpError } from './http-error.ts';

/** The claim a request holds on its Idempotency-Key, to be completed with its answer in the order's transaction. */
export type KeyClaim = Omit<KeyCompletion, 'answer'> & { requestHash: string };

/**
 * Runs `work` at most once per Idempotency-Key. The same key with the same body gets the
 * first answer again and creates nothing; the same key with another body is 422; a request
 * arriving while the first is still working waits for its answer. Without the header,
 * `work` just runs. Only a success is remembered: a request that failed created nothing,
 * so its retry runs afresh. While `work` runs, its claim's lease is renewed every
 * `keyRenewMs`, so a retry waits for a live request however slow, and takes over from a dead
 * one once `keyLeaseMs` has passed without a renewal.
 */
export async function withIdempotencyKey<A extends ApiAnswer>(
  ctx: Pick<ApiContext, 'database' | 'timing'>,
  request: ApiRequest,
  call: string,
  work: (claim?: KeyClaim) => Promise<A>,
): Promise<A> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return work();
  const key = Array.isArray(header) ? header[0]! : header;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new HttpError(400, 'Idempotency-Key: must be 1 to 200 visible ASCII characters, such as a UUID');
  }
  const requestHash = requestHashOf(call, request.body);
  const deadline = Date.now() + ctx.timing.waitForOtherMs;
  for (;;) {
    const claim = await ctx.database.keys.claim(key, requestHash, ctx.timing.keyLeaseMs);
    if (claim.kind === 'replay') return replayed<A>(claim.answer);
    if (claim.kind === 'mismatch') {
      throw new HttpError(422, `Idempotency-Key ${key} was already used for a different request; use a new key for a new order`);
    }
    if (claim.kind === 'claimed') {
      const lease = holdLease(ctx, request, key, claim.token);
      let answer: A;
      try {
        answer = await work({ key, token: claim.token, requestHash });
      } catch (error) {
        await lease.stop();
        await ctx.database.keys
          .release(key, claim.token)
          .catch((releaseError: unknown) => request.log.error('could not release idempotency key', { error: releaseError }));
        throw error;
      }
      await lease.stop();
      return answer;
    }
    if (Date.now() > deadline) throw new HttpError(409, 'A request with this Idempotency-Key is still being processed; try again in a moment');
    await sleep(ctx.timing.pollMs);
  }
}

/**
 * Renews the claim's lease every `keyRenewMs` until stopped; stop() waits for a renewal under
 * way. A renewal that finds the claim no longer held ends the renewals: the work completed it
 * in its transaction, or another request took it over, and then this one's completion fails.
 */
function holdLease(ctx: Pick<ApiContext, 'database' | 'timing'>, request: ApiRequest, key: string, token: string): { stop(): Promise<void> } {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = ctx.database.keys.renew(key, token).then(
      (held) => {
        if (!held) clearInterval(timer);
      },
      (error: unknown) => request.log.warn('could not renew the lease of an idempotency key', { key, error }),
    );
  }, ctx.timing.keyRenewMs);
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** What makes two requests under one key the same request: the call and the body as sent. */
export function requestHashOf(call: string, body: unknown): string {
  return createHash('sha256')
    .update(`${call}\n${stableJson(body)}`)
    .digest('hex');
}

/** A stored answer is one `work` gave for the same call and body, so it is of work's type (the database keeps it as JSON). */
function replayed<A extends ApiAnswer>(answer: StoredAnswer): A {
  return { ...answer, headers: { 'idempotent-replayed': 'true' } } as unknown as A;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
