import { describe, expect, it } from 'vitest';
import { orderLinkOf } from './order-link.ts';

describe('orderLinkOf', () => {
  it('reads the order and key of a link, and nothing from a fragment missing either', () => {
    expect(orderLinkOf('#order=abc-123&key=eyJ.x.y')).toEqual({ orderId: 'abc-123', key: 'eyJ.x.y' });
    expect(orderLinkOf('#order=abc-123')).toBeUndefined();
    expect(orderLinkOf('#key=eyJ.x.y')).toBeUndefined();
    expect(orderLinkOf('')).toBeUndefined();
  });
});
