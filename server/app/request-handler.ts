import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import type { Logger } from '../logger.ts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { orderApiOpenApi } from '../../src/contracts/order-api-openapi.ts';
import { ROUTE_TABLE, type CallAnswer, type CallName, type RouteName } from '../../src/contracts/order-api-routes.ts';
import type { ErrorAnswer, HealthAnswer } from '../../src/contracts/order-api-responses.ts';
import { CALL_HANDLERS } from './call-handlers.ts';
import { clientKey } from './client-key.ts';
import { HttpError } from './http-error.ts';
import { nestingPastLimit } from './json-depth.ts';
import { probeWrite } from '../storage/write-probe.ts';

/** Every route of the table by its path, with the name its handler is found under. */
const ROUTES_BY_PATH = new Map(Object.entries(ROUTE_TABLE).map(([name, route]) => [route.path, { name: name as RouteName, route }]));
const ROUTE_LIST = Object.values(ROUTE_TABLE)
  .map((route) => `${route.method} ${route.path}`)
  .join(', ');

/** No call's body nests deeper than 4 levels; 32 leaves room for new fields and stops a body long before a walk of it could run out of stack. */
const MAX_JSON_DEPTH = 32;

/** The API's contract (src/contracts/order-api-openapi.ts), generated once per process. */
const openApiDocument = orderApiOpenApi();

/** On every answer: JSON only, never sniffed as something else; no referrer leaves with a link. */
const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };

export interface HandlerOptions {
  /** Exact origins allowed to call from a browser. */
  corsOrigins: readonly string[];
  trustProxy: boolean;
  /** An IPv6 client is its address's first this many bits (client-key.ts). */
  clientIpv6PrefixLength: number;
  /** Requests per client and call per window (429 past it), and the largest body read. */
  requestLimit: { max: number; windowMs: number };
  maxBodyBytes: number;
}

/**
 * The HTTP side: CORS, reading the JSON body, routing to the calls, and turning every
 * outcome into a JSON answer (`{ message }` for errors) with one log line per request.
 */
export function createRequestHandler(ctx: ApiContext, options: HandlerOptions) {
  const allowed = new Set(options.corsOrigins);
  // In memory, per instance: a budget against floods, not a security boundary (wrong secrets
  // are counted in the database, shared by every instance).
  const budget = new RateLimiterMemory({ points: options.requestLimit.max, duration: Math.ceil(options.requestLimit.windowMs / 1000) });
  const clientIp = clientAddress(options.trustProxy, ctx.log);
  // One write probe a second at most, shared by concurrent /readyz requests: probing is a
  // committed (fsynced) write, which a flood of readiness requests must not multiply.
  let probe: { at: number; written: Promise<void> } | undefined;
  const probeWriteOnce = () => {
    if (!probe || performance.now() - probe.at > 1_000) probe = { at: performance.now(), written: probeWrite(ctx.database.db) };
    return probe.written;
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const requestId = randomBytes(6).toString('hex');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const log = ctx.log.child({ requestId });
    const headers: Record<string, string> = { vary: 'Origin', ...SECURITY_HEADERS, 'x-request-id': requestId };
    let answer: ApiAnswer;

    try {
      const origin = req.headers.origin;
      if (origin !== undefined) {
        // Never `*` and never `null`: only an origin configured for the storefronts is echoed.
        if (!allowed.has(origin)) throw new HttpError(403, `Origin ${origin} may not call this API (see CORS_ORIGINS)`);
        headers['access-control-allow-origin'] = origin;
        headers['access-control-expose-headers'] = 'Retry-After, Idempotent-Replayed, X-Request-Id, Device-Proof';
      }
      if (req.method === 'OPTIONS') {
        answer = {
          status: 204,
          body: {},
          headers: {
            'access-control-allow-methods': 'POST, GET, OPTIONS',
            'access-control-allow-headers': 'Content-Type, Idempotency-Key, Authorization, Device-Proof',
            'access-control-max-age': '600',
          },
        };
      } else {
        const found = ROUTES_BY_PATH.get(path);
        if (!found) throw new HttpError(404, `There is no call ${path}; the calls are ${ROUTE_LIST}`);
        const { name, route } = found;
        if (route.method === 'GET') {
          if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, `Use GET ${path}`, {}, { allow: 'GET, HEAD, OPTIONS' });
          const operations: { [N in Exclude<RouteName, CallName>]: () => Promise<CallAnswer<N>> } = {
            healthz: () => health(ctx),
            readyz: () => readiness(ctx, log, probeWriteOnce),
            openapi: async () => ({ status: 200, body: openApiDocument }),
          };
          answer = await operations[name as Exclude<RouteName, CallName>]();
        } else {
          if (req.method !== 'POST') throw new HttpError(405, `Use POST ${path}`, {}, { allow: 'POST, OPTIONS' });
          const ip = clientIp(req);
          const client = clientKey(ip, options.clientIpv6PrefixLength);
          await spendBudget(budget, `${path} ${client}`, path);
          const body = await readJsonBody(req, options.maxBodyBytes);
          answer = await CALL_HANDLERS[name as CallName](ctx, { body, headers: req.headers, clientIp: ip, client, log: log.child({ call: path }) });
        }
      }
    } catch (error) {
      answer = errorAnswer(error, log);
    }

    if (res.destroyed) return;
    const text = answer.status === 204 ? '' : JSON.stringify(answer.body);
    res.writeHead(answer.status, { ...headers, ...answer.headers, ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}) });
    res.end(req.method === 'HEAD' ? undefined : text);
    log[answer.status >= 500 ? 'error' : 'info']('request', {
      method: req.method,
      path,
      status: answer.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

async function health(ctx: Pick<ApiContext, 'database' | 'storageKind' | 'paypal' | 'tenants'>): Promise<CallAnswer<'healthz'>> {
  try {
    await ctx.database.db.query('SELECT 1 AS ok');
  } catch (error) {
    throw new HttpError(503, `The database does not answer: ${(error as Error).message}`);
  }
  return {
    status: 200,
    body: { status: 'ok', storage: ctx.storageKind, paypal: ctx.paypal ? 'configured' : 'not configured', tenants: ctx.tenants.size } satisfies HealthAnswer,
  };
}

/**
 * Readiness, for a load balancer: whether this instance can take orders now, that is store
 * them (a write reaches the database). Liveness (/healthz) only says the process and the
 * database answer; restarting an instance whose disk is full helps nothing, routing away does.
 */
async function readiness(ctx: Pick<ApiContext, 'storageKind'>, log: ApiRequest['log'], probeWriteOnce: () => Promise<void>): Promise<CallAnswer<'readyz'>> {
  try {
    await probeWriteOnce();
  } catch (error) {
    log.error('not ready: the database does not take writes', { error });
    throw new HttpError(
      503,
      `The ${ctx.storageKind} database does not take writes: ${(error as Error).message}`,
      { status: 'not ready' },
      { 'retry-after': '5' },
    );
  }
  return { status: 200, body: { status: 'ready', storage: ctx.storageKind } };
}

/** An error as the client gets it: an HttpError as its status and `{ message, ...extra }`, anything else as a 500 that says nothing of it. */
export function errorAnswer(error: unknown, log: ApiRequest['log']): ApiAnswer {
  if (error instanceof HttpError)
    return { status: error.status, body: { message: error.message, ...error.extra } satisfies ErrorAnswer, headers: error.headers };
  log.error('internal error', { error });
  return { status: 500, body: { message: 'Unexpected error in the order API; nothing was charged. Please try again.' } satisfies ErrorAnswer };
}

async function spendBudget(budget: RateLimiterMemory, key: string, path: string): Promise<void> {
  try {
    await budget.consume(key);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    const wait = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    throw new HttpError(429, `Too many requests to ${path} from this address; try again in ${wait} seconds`, {}, { 'retry-after': String(wait) });
  }
}

/** Throws on a byte sequence that is not UTF-8, instead of quietly replacing it with U+FFFD. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, `Send the body as JSON with Content-Type: application/json${type ? `, not ${type}` : ''}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, `The body is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'The body is not valid UTF-8 text; send JSON encoded as UTF-8');
  }
  const tooDeep = nestingPastLimit(text, MAX_JSON_DEPTH);
  if (tooDeep >= 0) {
    throw new HttpError(
      400,
      `The body nests lists or objects more than ${MAX_JSON_DEPTH} levels deep (at character ${tooDeep}); no call takes more than a few levels`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The client's address: the peer's; behind a reverse proxy (TRUST_PROXY), the last
 * X-Forwarded-For entry, the address that proxy saw, but only when it is an IP address. Any
 * other text (a port, a name, kilobytes of HTML) would be stored with orders and become a
 * limit key of its own, so the peer's address is taken instead. Each way X-Forwarded-For is
 * not used is logged once: it means the proxy or TRUST_PROXY is set up wrong.
 */
function clientAddress(trustProxy: boolean, log: Logger): (req: IncomingMessage) => string {
  let warned = false;
  const warnOnce = (message: string, fields: Record<string, unknown>) => {
    if (warned) return;
    warned = true;
    log.warn(message, fields);
  };
  return (req) => {
    const peer = req.socket.remoteAddress ?? 'unknown';
    const forwarded = req.headers['x-forwarded-for'];
    if (!trustProxy) {
      // Behind a proxy without TRUST_PROXY every client shares the proxy's address, and with it one guess limit.
      if (forwarded !== undefined)
        warnOnce(
          "a request came through a proxy (X-Forwarded-For) but TRUST_PROXY is 0: every client behind it counts as the proxy's one address in the rate limits; set TRUST_PROXY=1 if this API is reachable only through that proxy",
          { proxy: peer },
        );
      return peer;
    }
    if (typeof forwarded !== 'string' || !forwarded.trim()) return peer;
    const last = forwarded.split(',').at(-1)!.trim();
    if (isIP(last) !== 0) return last;
    warnOnce("X-Forwarded-For does not end in an IP address, so the peer's address is used instead; check what the proxy in front of this API sends", {
      forwarded: forwarded.slice(0, 100),
      peer,
    });
    return peer;
  };
}
