import { OrderApiError } from '../shared/order-api.ts';

/**
 * What the checkout makes of capture-order's answers (docs/order-api.md), without React:
 * 200 COMPLETED is paid; 202 means PayPal is still processing the payment, so the capture is
 * asked again (same body) every few seconds for a while; 422 says what the buyer can do next.
 */

/** How often a processing payment is asked about again. */
export const CAPTURE_POLL_INTERVAL_MS = 3_000;
/** How long the buyer is kept waiting before being told the payment is still processing. */
export const CAPTURE_POLL_WINDOW_MS = 60_000;

export const PAYMENT_PROCESSING = 'Payment processing…';

/** One capture-order answer: its HTTP status and body. */
export interface CaptureAnswer {
  status: number;
  data: unknown;
}

export type CaptureResult =
  /** `data`: the capture's answer (order_id, total…), for the success page. */
  | { outcome: 'paid'; data: unknown }
  /** Still processing when the window closed: the order exists, its payment is not final yet. */
  | { outcome: 'processing' }
  | { outcome: 'failed'; error: unknown };

/** What a refused capture leaves the buyer to do. */
export type AfterFailure =
  /** The card was declined: PayPal's window reopens on the same order for another funding source. */
  | 'restart'
  /** A processing payment was declined later: that PayPal order is finished, paying again needs a new one. */
  | 'new-order'
  /** Nothing to retry automatically (a payment mismatch, a server error): the message says what happened. */
  | 'stop';

/** Whether an answer that is not an error says the payment is still being processed. */
export function isProcessing(answer: CaptureAnswer): boolean {
  const status = (answer.data as { status?: unknown } | undefined)?.status;
  // An older order API answered PENDING with 200; 202 is the current word for it.
  return answer.status === 202 || status === 'PENDING' || status === 'PROCESSING';
}

export function afterCaptureFailure(error: unknown): AfterFailure {
  if (!(error instanceof OrderApiError) || error.status !== 422) return 'stop';
  if (error.issue === 'INSTRUMENT_DECLINED') return 'restart';
  if (error.issue === 'CAPTURE_DECLINED') return 'new-order';
  return 'stop';
}

/**
 * A failure while a processing payment is being asked about again that is worth asking once
 * more: no answer, or the server or PayPal failing for a moment (5xx). A 4xx is final.
 */
function isTransient(error: unknown): boolean {
  return !(error instanceof OrderApiError) || error.status >= 500;
}

export interface CapturePolling {
  intervalMs?: number;
  windowMs?: number;
  /** Called on each answer that says the payment is still processing. */
  onProcessing?(answer: CaptureAnswer): void;
  wait?(ms: number): Promise<void>;
  now?(): number;
}

/**
 * Calls `capture` until the payment is paid or refused, or `windowMs` after the first call.
 * The first call's failure is final (as a declined card must restart at once); once the
 * payment was seen processing, a transient failure is only a missed poll.
 */
export async function captureUntilSettled(capture: () => Promise<CaptureAnswer>, polling: CapturePolling = {}): Promise<CaptureResult> {
  const { intervalMs = CAPTURE_POLL_INTERVAL_MS, windowMs = CAPTURE_POLL_WINDOW_MS, onProcessing } = polling;
  const wait = polling.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = polling.now ?? Date.now;
  const started = now();
  let processing = false;
  for (;;) {
    try {
      const answer = await capture();
      if (!isProcessing(answer)) return { outcome: 'paid', data: answer.data };
      processing = true;
      onProcessing?.(answer);
    } catch (error) {
      if (!processing || !isTransient(error)) return { outcome: 'failed', error };
    }
    if (now() - started + intervalMs > windowMs) return { outcome: 'processing' };
    await wait(intervalMs);
  }
}
