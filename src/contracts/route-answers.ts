import type { TSchema } from '@sinclair/typebox';
import { ErrorAnswerSchema } from './order-api-responses.ts';

/**
 * The pieces every route of the order API's route table (order-api-routes.ts) is written with:
 * the headers an answer may carry, the shape of an answer and of a route, and the answers that
 * many calls share (every call's, an admin call's, a desk call's).
 */

export const RESPONSE_HEADERS = {
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: '`Bearer`, or `Bearer error="invalid_token"` for a token that is not (or no longer) valid.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key and body.',
    schema: { type: 'string', enum: ['true'] },
  },
  'Device-Proof': {
    description:
      "After a right secret: a signed proof that this browser signed in to the tenant; send it back as the `Device-Proof` request header so other clients' wrong guesses do not brake this one (docs/security.md, Guessing).",
    schema: { type: 'string', minLength: 1 },
  },
  'X-Request-Id': {
    description: 'What the order API logged this request under; quote it when reporting a failure.',
    required: true,
    schema: { type: 'string', minLength: 1 },
  },
  Allow: { description: 'The methods this path takes.', required: true, schema: { type: 'string', minLength: 1 } },
  'Access-Control-Allow-Methods': { description: 'The methods a browser may call this API with.', schema: { type: 'string' } },
  'Access-Control-Allow-Headers': { description: 'The request headers a browser may send.', schema: { type: 'string' } },
} as const;

export type HeaderName = keyof typeof RESPONSE_HEADERS;

export interface RouteAnswer {
  readonly description: string;
  /** The body's schema; absent for the OpenAPI document itself (any JSON object) and for answers without a body. */
  readonly body?: TSchema;
  /** No body at all: 204, and the 408 Node's HTTP server sends on its own (without X-Request-Id). */
  readonly empty?: 'no-content' | 'from-node';
  readonly headers?: readonly HeaderName[];
}

export interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: 'orders' | 'sessions' | 'desk' | 'editor' | 'operations';
  /** The request body's schema (POST calls), checked before the handler runs (server/app/body-schemas.ts). */
  readonly body?: TSchema;
  /** Request headers besides the session (`security`). */
  readonly idempotencyKey?: boolean;
  /** `required`: a staff or admin session; `optional`: a session, or a secret in the body. */
  readonly session?: 'required' | 'optional';
  /** Every status the route answers with, besides those every route shares (EVERY_ROUTE). */
  readonly answers: Readonly<Record<number, RouteAnswer>>;
}

export const error = (description: string, headers: HeaderName[] = []) => ({ description, body: ErrorAnswerSchema, headers });

/** What any route may answer, whatever its method (server/app/request-handler.ts, and Node's own 408). */
export const EVERY_ROUTE = {
  403: error('The request came from a browser origin not in CORS_ORIGINS.'),
  405: error('Sent to any method this path does not take (HEAD goes with GET); `Allow` names those it takes.', ['Allow']),
  408: {
    description:
      'The request (headers within HEADERS_TIMEOUT_SECONDS, the whole request within REQUEST_TIMEOUT_SECONDS) did not arrive in time; Node closes the connection with an empty body.',
    empty: 'from-node',
  },
  500: error('Unexpected error in the order API; nothing was charged.'),
} as const satisfies Record<number, RouteAnswer>;

/** What any POST call may answer besides its own outcomes. */
const EVERY_CALL = {
  400: error('The body is not JSON, not UTF-8, or does not match its schema (`problems` lists each `field: what is wrong`).'),
  413: error('The body is larger than MAX_BODY_BYTES.'),
  415: error('The body was not sent as `Content-Type: application/json`.'),
  429: error('Too many requests to this call from this client (REQUEST_LIMIT per window).', ['Retry-After']),
} as const satisfies Record<number, RouteAnswer>;

/** The answer to a browser's preflight (OPTIONS, on any path) from an allowed origin. */
export const PREFLIGHT_ANSWER = {
  description: 'A CORS preflight from an origin in CORS_ORIGINS: which methods and request headers it may use.',
  empty: 'no-content',
  headers: ['Access-Control-Allow-Methods', 'Access-Control-Allow-Headers'],
} as const satisfies RouteAnswer;

/** The answers of a call: those every call may give, with this call's own in their place. */
export function withEveryCall<Own extends Record<number, RouteAnswer>>(own: Own): Omit<typeof EVERY_CALL, keyof Own> & Own {
  return { ...EVERY_CALL, ...own };
}

/**
 * The answers of a call that changes an order: every call's, a 401 for a caller who is not signed
 * in (`unauthorized` says when), a 403 for a session that may not (only its own tenant's admins
 * may), and this call's own.
 */
export function adminCall<Own extends Record<number, RouteAnswer>>(unauthorized: string, own: Own) {
  return withEveryCall({
    401: error(unauthorized, ['WWW-Authenticate']),
    403: error("A staff session, another tenant's session, or an origin not in CORS_ORIGINS."),
    ...own,
  });
}

/** The answers of a desk call: every call's, a 401 without a desk session, a 403 for a tenant's session, and this call's own. */
export function deskCall<Own extends Record<number, RouteAnswer>>(own: Own) {
  return withEveryCall({
    401: error('No desk session, or one that is forged, expired or issued for a desk password since changed.', ['WWW-Authenticate']),
    403: error("A tenant's session (the desk takes only the supplier's), or an origin not in CORS_ORIGINS."),
    503: error('The order API has no SUPPLIER_DESK_PASSWORD_HASH: the desk is not set up.'),
    ...own,
  });
}

/**
 * A call that checks a secret counts each wrong one against the guess limits first; when that
 * count cannot be written, it checks nothing rather than let guesses go uncounted (fails closed).
 */
export const GUESS_NOT_RECORDED = error('The attempt could not be recorded (the database takes no writes), so the secret was not checked; try again later.', [
  'Retry-After',
]);
