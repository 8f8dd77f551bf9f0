import { describe, expect, it } from 'vitest';
import { OrderApiError } from '../shared/order-api.ts';
import { afterCaptureFailure, captureUntilSettled, isProcessing, type CaptureAnswer } from './capture-answer.ts';

const paid: CaptureAnswer = { status: 200, data: { order_id: 'PP-1', status: 'COMPLETED', paid: 1, capture_id: 'CAP-1' } };
const processing: CaptureAnswer = { status: 202, data: { order_id: 'PP-1', status: 'PENDING', paid: 0, message: 'PayPal is processing the payment' } };

/** A scripted capture-order and a clock that moves only when the poller waits. */
function scripted(answers: (CaptureAnswer | Error)[]) {
  let clock = 0;
  const calls: number[] = [];
  const waits: number[] = [];
  const capture = async () => {
    calls.push(clock);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  };
  const polling = {
    intervalMs: 3_000,
    windowMs: 60_000,
    now: () => clock,
    wait: async (ms: number) => {
      waits.push(ms);
      clock += ms;
    },
  };
  return { capture, polling, calls, waits };
}

describe('capture-order answers', () => {
  it('tells a processing payment (202, or the older 200 PENDING) from a paid one', () => {
    expect(isProcessing(paid)).toBe(false);
    expect(isProcessing(processing)).toBe(true);
    expect(isProcessing({ status: 202, data: { status: 'PROCESSING' } })).toBe(true);
    expect(isProcessing({ status: 200, data: { status: 'PENDING', paid: 0 } })).toBe(true);
  });

  it('restarts PayPal on a declined card, needs a new order after a late decline, and retries nothing else', () => {
    expect(afterCaptureFailure(new OrderApiError('Your card was declined', 422, 'INSTRUMENT_DECLINED'))).toBe('restart');
    expect(afterCaptureFailure(new OrderApiError('PayPal declined the payment', 422, 'CAPTURE_DECLINED'))).toBe('new-order');
    expect(afterCaptureFailure(new OrderApiError('The amount paid differs from the order', 422, 'PAYMENT_MISMATCH'))).toBe('stop');
    expect(afterCaptureFailure(new OrderApiError('PayPal failed', 502))).toBe('stop');
    expect(afterCaptureFailure(new Error('network'))).toBe('stop');
  });
});

describe('capturing until the payment settles', () => {
  it('is paid at once on 200 COMPLETED, without waiting', async () => {
    const { capture, polling, calls, waits } = scripted([paid]);
    // With the capture's answer, whose total the success page shows.
    expect(await captureUntilSettled(capture, polling)).toEqual({ outcome: 'paid', data: paid.data });
    expect(calls).toEqual([0]);
    expect(waits).toEqual([]);
  });

  it('asks again every 3 s while PayPal processes, reporting each processing answer, until it is paid', async () => {
    const { capture, polling, calls } = scripted([processing, processing, paid]);
    const seen: CaptureAnswer[] = [];
    expect(await captureUntilSettled(capture, { ...polling, onProcessing: (answer) => seen.push(answer) })).toMatchObject({ outcome: 'paid' });
    expect(calls).toEqual([0, 3_000, 6_000]);
    expect(seen).toEqual([processing, processing]);
  });

  it('gives up after about 60 s of processing and says the payment is still processing', async () => {
    const { capture, polling, calls } = scripted([processing]);
    expect(await captureUntilSettled(capture, polling)).toEqual({ outcome: 'processing' });
    expect(calls[0]).toBe(0);
    expect(calls.at(-1)).toBe(60_000);
    expect(calls).toHaveLength(21);
  });

  it('ends at a 422 during the polling: a payment declined after processing', async () => {
    const declined = new OrderApiError('PayPal declined the payment', 422, 'CAPTURE_DECLINED');
    const { capture, polling, calls } = scripted([processing, declined]);
    expect(await captureUntilSettled(capture, polling)).toEqual({ outcome: 'failed', error: declined });
    expect(calls).toEqual([0, 3_000]);
  });

  it('fails at once when the first capture fails, but treats a server hiccup while processing as a missed poll', async () => {
    const down = new OrderApiError('Unexpected error. Please try again.', 500);
    const first = scripted([down]);
    expect(await captureUntilSettled(first.capture, first.polling)).toEqual({ outcome: 'failed', error: down });
    expect(first.calls).toEqual([0]);

    const later = scripted([processing, down, paid]);
    expect(await captureUntilSettled(later.capture, later.polling)).toMatchObject({ outcome: 'paid' });
    expect(later.calls).toEqual([0, 3_000, 6_000]);
  });
});
