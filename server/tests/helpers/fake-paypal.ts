import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for PayPal's REST API on loopback: OAuth token, create, capture and get of
 * Orders v2, with PayPal's idempotency (the same PayPal-Request-Id gets the same answer) and
 * its refusal to capture an order twice (ORDER_ALREADY_CAPTURED). How a capture goes is set
 * per order or for all: COMPLETED, PENDING, DECLINED (a capture PayPal made and declined) or
 * INSTRUMENT_DECLINED (refused, the order stays capturable). Like PayPal, it echoes the
 * purchase unit's reference_id and custom_id, and a capture carries the order's amount.
 */
export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'INSTRUMENT_DECLINED';

interface FakeAmount {
  currency_code: string;
  value: string;
}

export interface FakeOrder {
  id: string;
  status: string;
  body: {
    purchase_units: {
      reference_id?: string;
      custom_id?: string;
      amount: FakeAmount & { breakdown?: { item_total: FakeAmount } };
      items?: { name: string; sku: string; quantity: string; unit_amount: FakeAmount }[];
    }[];
  };
  capture?: { id: string; status: string; amount: FakeAmount; custom_id?: string };
}

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  /** Every request: method, path, PayPal-Request-Id. */
  calls: { method: string; path: string; requestId?: string }[];
  /** Capture calls that reached the capture logic (not answered from the request-id cache). */
  captureAttempts: number;
  defaultOutcome: CaptureOutcome;
  outcomes: Map<string, CaptureOutcome>;
  /** Milliseconds to wait before answering a create or capture. */
  delayMs: number;
  /** Answer every create with 500 while set. */
  failCreates: boolean;
  /** Marks an order captured behind the API's back, as if an earlier attempt had died after PayPal captured. */
  captureBehindTheScenes(orderId: string): void;
  /** Settles a PENDING capture. */
  settle(orderId: string, status: 'COMPLETED' | 'DECLINED' | 'FAILED'): void;
  /** Changes the order's amount before it is captured, as a buyer's browser could (the capture then takes this amount). */
  setAmount(orderId: string, value: string, currency?: string): void;
  /** Changes the order's custom_id before it is captured, as if it were another order's PayPal order. */
  setCustomId(orderId: string, customId: string): void;
  close(): Promise<void>;
}

export async function startFakePayPal(): Promise<FakePayPal> {
  const clientId = 'test-client';
  const clientSecret = 'test-secret';
  const tokens = new Set<string>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();

  const fake: FakePayPal = {
    url: '',
    clientId,
    clientSecret,
    orders: new Map(),
    calls: [],
    captureAttempts: 0,
    defaultOutcome: 'COMPLETED',
    outcomes: new Map(),
    delayMs: 0,
    failCreates: false,
    captureBehindTheScenes(orderId) {
      const order = fake.orders.get(orderId)!;
      order.status = 'COMPLETED';
      order.capture = newCapture(order, 'COMPLETED');
    },
    settle(orderId, status) {
      const order = fake.orders.get(orderId)!;
      order.capture = { ...order.capture!, status };
    },
    setAmount(orderId, value, currency = 'USD') {
      const unit = fake.orders.get(orderId)!.body.purchase_units[0]!;
      unit.amount = { currency_code: currency, value };
    },
    setCustomId(orderId, customId) {
      fake.orders.get(orderId)!.body.purchase_units[0]!.custom_id = customId;
    },
    close: async () => undefined,
  };

  const newCapture = (order: FakeOrder, status: string): NonNullable<FakeOrder['capture']> => {
    const unit = order.body.purchase_units[0]!;
    return {
      id: `CAP-${randomBytes(6).toString('hex').toUpperCase()}`,
      status,
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      custom_id: unit.custom_id,
    };
  };

  const representation = (order: FakeOrder) => ({
    id: order.id,
    status: order.status,
    purchase_units: [{ ...order.body.purchase_units[0], payments: order.capture ? { captures: [order.capture] } : undefined }],
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    fake.calls.push({ method: req.method ?? '', path, requestId });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const error = (status: number, name: string, issue: string) => ({
      status,
      body: { name, message: `${name}: ${issue}`, debug_id: randomBytes(6).toString('hex'), details: [{ issue, description: `fake ${issue}` }] },
    });

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || text !== 'grant_type=client_credentials')
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !tokens.has(token)) return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'no valid token' });

    const remember = (result: { status: number; body: unknown }) => {
      if (requestId) byRequestId.set(`${path}\n${requestId}`, result);
      return send(result.status, result.body);
    };
    const cached = requestId && byRequestId.get(`${path}\n${requestId}`);
    if (req.method === 'POST' && cached) return send(cached.status, cached.body);

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      await sleep(fake.delayMs);
      if (fake.failCreates) return send(500, { name: 'INTERNAL_SERVER_ERROR', message: 'fake outage' });
      const body = JSON.parse(text) as FakeOrder['body'];
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const order: FakeOrder = { id, status: 'APPROVED', body };
      fake.orders.set(id, order);
      return remember({ status: 201, body: { ...representation(order), status: 'CREATED' } });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      await sleep(fake.delayMs);
      fake.captureAttempts++;
      const order = fake.orders.get(decodeURIComponent(capture[1]!));
      if (!order) return remember(error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
      if (order.capture) return remember(error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED'));
      const outcome = fake.outcomes.get(order.id) ?? fake.defaultOutcome;
      if (outcome === 'INSTRUMENT_DECLINED') return remember(error(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED'));
      order.status = 'COMPLETED';
      order.capture = newCapture(order, outcome);
      return remember({ status: 201, body: representation(order) });
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = fake.orders.get(decodeURIComponent(get[1]!));
      if (!order) return send(404, error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID').body);
      return send(200, representation(order));
    }
    return send(404, { name: 'NOT_FOUND', message: `fake PayPal has no ${req.method} ${path}` });
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
