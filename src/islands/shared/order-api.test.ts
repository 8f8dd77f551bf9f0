import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, OrderApiError, postOrderApi, SERVICE_UNREACHABLE, UNEXPECTED_ERROR } from './order-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }));
}

async function failure(): Promise<unknown> {
  try {
    await postOrderApi('http://api.example', 'desk-audit', { order_id: 'A-1' });
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('postOrderApi', () => {
  it("posts a call's JSON body to /v1/<call> of the tenant's order API and answers its body", async () => {
    const sent: { url: string; method?: string; body?: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ message: 'A link is on its way.' }), { status: 202, headers: { 'content-type': 'application/json' } });
    });
    const answer = await postOrderApi('https://orders.example', 'device-link', { companyName: 'Guardian', email: 'staff@guardian.example' });
    expect(answer.message).toBe('A link is on its way.');
    expect(sent).toEqual([
      { url: 'https://orders.example/v1/device-link', method: 'POST', body: { companyName: 'Guardian', email: 'staff@guardian.example' } },
    ]);
  });
});

describe('errorMessage: a failed call as a person reads it', () => {
  it("is the server's own words for a refusal, without the status", async () => {
    answering(429, { message: 'Too many wrong passwords or codes; try again in 40 seconds' }, { 'x-request-id': '0123456789ab' });
    const error = await failure();
    expect(error).toMatchObject({ status: 429 });
    expect(errorMessage(error)).toBe('Too many wrong passwords or codes; try again in 40 seconds');
  });

  it('adds the reference the order API logged a failure on its side under, to quote when calling', async () => {
    answering(502, { message: 'PayPal could not start the payment; nothing was charged. Try again in a moment.' }, { 'x-request-id': '4f9c2a1b7d3e' });
    expect(errorMessage(await failure())).toBe('PayPal could not start the payment; nothing was charged. Try again in a moment. (reference 4f9c2a1b7d3e)');
    answering(500, {});
    expect(errorMessage(await failure())).toBe(UNEXPECTED_ERROR);
  });

  it('says the service cannot be reached when no answer came', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure();
    expect(error).toMatchObject({ status: 500, message: UNEXPECTED_ERROR });
    expect(errorMessage(error)).toBe(SERVICE_UNREACHABLE);
  });

  it("never shows a status code, and says something for errors that are not the API's", () => {
    for (const status of [400, 403, 404, 409, 422, 500, 503]) expect(errorMessage(new OrderApiError('Something went wrong', status))).not.toMatch(/\d{3}/);
    expect(errorMessage(new Error('x is undefined'))).toBe(UNEXPECTED_ERROR);
  });
});
