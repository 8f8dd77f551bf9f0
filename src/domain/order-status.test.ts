import { describe, expect, it } from 'vitest';
import { nextStatuses, SETTABLE_STATUSES, trackingLink, transitionProblem, TRACKING_NUMBER_PATTERN } from './order-status.ts';

describe('order status transitions', () => {
  it('goes forward only: nothing after delivered or cancelled, and a shipped order is not cancelled', () => {
    expect(nextStatuses('placed')).toEqual(['received', 'in_production', 'shipped', 'cancelled']);
    expect(nextStatuses('paid')).toEqual(nextStatuses('placed'));
    expect(nextStatuses('shipped')).toEqual(['delivered']);
    for (const next of SETTABLE_STATUSES) {
      expect(transitionProblem('delivered', next)).toBe('the order is delivered; its status cannot change any more');
      expect(transitionProblem('cancelled', next)).toBe('the order is cancelled; its status cannot change any more');
    }
    expect(transitionProblem('in_production', 'received')).toBe('an order that is in production cannot become received (it can become: shipped, cancelled)');
    expect(transitionProblem('shipped', 'cancelled')).toBe('an order that is shipped cannot become cancelled (it can become: delivered)');
    expect(transitionProblem('received', 'shipped')).toBeUndefined();
  });
});

describe('tracking links', () => {
  it("link to the carrier's tracking page without spaces or dashes, and none for other", () => {
    expect(trackingLink('UPS', '1Z 999-AA1')).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
    expect(trackingLink('USPS', '9400 1000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000');
    expect(trackingLink('other', '12345')).toBeUndefined();
  });

  it('take only letters, digits, spaces and dashes as a tracking number', () => {
    const pattern = new RegExp(TRACKING_NUMBER_PATTERN);
    expect(['1Z999AA10123456784', '9400 1000 0000', 'AB-1234'].filter((n) => pattern.test(n))).toHaveLength(3);
    expect(['abc', '1Z9?x=1', 'https://x.example', ' 1234', '1'.repeat(41)].filter((n) => pattern.test(n))).toEqual([]);
  });
});
