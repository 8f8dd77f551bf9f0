import { centsText, type Money } from '../../src/domain/money.ts';

/**
 * A client of PayPal's Orders v2 REST API: OAuth client credentials, create and capture with
 * a `PayPal-Request-Id` (PayPal's own idempotency: the same id gets the same answer, so a
 * retried call never makes a second order or a second capture), and get.
 */

export const PAYPAL_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** PAYPAL_BASE_URLS.sandbox or .live, or a local fake in tests. */
  baseUrl: string;
  timeoutMs: number;
}

export interface PayPalItem {
  /** At most 127 characters. */
  name: string;
  sku: string;
  /** Whole cents. */
  unitAmount: Money;
  quantity: number;
}

/** An amount as PayPal gives it: `{ currency: 'USD', value: '77.54' }`, the value as PayPal's text, not a number. */
export interface PayPalAmount {
  currency: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  /** What PayPal captured; absent only if PayPal left it out. */
  amount?: PayPalAmount;
}

export interface PayPalOrder {
  id: string;
  status: string;
  /** The first purchase unit's `reference_id` (our tenant id). */
  referenceId?: string;
  /** The first purchase unit's `custom_id` (our order's paymentRef). */
  customId?: string;
  /** The first capture of the first purchase unit, once there is one. */
  capture?: PayPalCapture;
}

/** PayPal answered with an error, or did not answer (status 0). */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY) and first issue code (INSTRUMENT_DECLINED). */
    readonly errorName?: string,
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export class PayPalClient {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly config: PayPalConfig) {}

  /** `referenceId` names the tenant and `customId` this order; a capture must carry both back (capture-order.ts). */
  async createOrder(input: {
    requestId: string;
    referenceId: string;
    customId: string;
    total: Money;
    items: PayPalItem[];
    description: string;
  }): Promise<PayPalOrder> {
    const amount = (value: Money) => ({ currency_code: 'USD', value: centsText(value) });
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.referenceId.slice(0, 256),
          custom_id: input.customId.slice(0, 127),
          description: input.description.slice(0, 127),
          amount: { ...amount(input.total), breakdown: { item_total: amount(input.total) } },
          items: input.items.map((item) => ({
            name: item.name.slice(0, 127),
            sku: item.sku.slice(0, 127),
            quantity: String(item.quantity),
            unit_amount: amount(item.unitAmount),
            category: 'PHYSICAL_GOODS',
          })),
        },
      ],
    };
    return orderOf(await this.call('POST', '/v2/checkout/orders', body, input.requestId));
  }

  async captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return orderOf(await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId));
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    return orderOf(await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string, retried = false): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const response = await this.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.status === 401 && !retried) {
      // The token expired early or was revoked: get a new one, once.
      this.token = undefined;
      return this.call(method, path, body, requestId, true);
    }
    return readAnswer(response);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const answer = (await readAnswer(response)) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new PayPalError('PayPal gave no access token', response.status);
    // Renew a minute early so a token never expires between here and PayPal.
    this.token = { value: answer.access_token, expiresAt: Date.now() + Math.max(0, (answer.expires_in ?? 300) - 60) * 1000 };
    return this.token.value;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.config.baseUrl), { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${this.config.timeoutMs} ms` : String((error as Error).cause ?? error);
      throw new PayPalError(`PayPal could not be reached: ${reason}`, 0);
    }
  }
}

async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new PayPalError(`PayPal answered ${response.status} with something that is not JSON`, response.status);
  }
  if (response.ok) return json;
  const error = json as {
    name?: string;
    message?: string;
    error?: string;
    error_description?: string;
    debug_id?: string;
    details?: { issue?: string; description?: string }[];
  };
  const issue = error.details?.[0]?.issue;
  const what = error.details?.[0]?.description ?? error.message ?? error.error_description ?? error.error ?? 'no description';
  throw new PayPalError(
    `PayPal answered ${response.status} ${error.name ?? error.error ?? ''}${issue ? ` ${issue}` : ''}: ${what}`,
    response.status,
    error.name ?? error.error,
    issue,
    error.debug_id,
  );
}

interface PayPalAmountJson {
  currency_code?: string;
  value?: string;
}

interface PayPalCaptureJson {
  id: string;
  status: string;
  amount?: PayPalAmountJson;
  custom_id?: string;
}

function orderOf(json: unknown): PayPalOrder {
  const order = json as {
    id?: string;
    status?: string;
    purchase_units?: { reference_id?: string; custom_id?: string; payments?: { captures?: PayPalCaptureJson[] } }[];
  };
  if (!order.id || !order.status) throw new PayPalError('PayPal answered without an order id or status', 200);
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = capture?.amount;
  return {
    id: order.id,
    status: order.status,
    referenceId: unit?.reference_id,
    // PayPal repeats custom_id on each capture; the purchase unit's is the one we set.
    customId: unit?.custom_id ?? capture?.custom_id,
    capture: capture && {
      id: capture.id,
      status: capture.status,
      amount: amount?.currency_code !== undefined && amount.value !== undefined ? { currency: amount.currency_code, value: amount.value } : undefined,
    },
  };
}
