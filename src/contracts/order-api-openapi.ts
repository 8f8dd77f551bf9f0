import type { TSchema } from '@sinclair/typebox';
import {
  CaptureCompletedAnswerSchema,
  CaptureWaitingAnswerSchema,
  CreateOrderAnswerSchema,
  DeviceLinkAnswerSchema,
  ErrorAnswerSchema,
  HealthAnswerSchema,
  NotReadyAnswerSchema,
  ReadyAnswerSchema,
  RedeemDeviceLinkAnswerSchema,
  RetrieveOrdersAnswerSchema,
  SessionAnswerSchema,
  SetOrderStatusAnswerSchema,
  UpdateHistoricalOrderAnswerSchema,
  ViewOrderAnswerSchema,
} from './order-api-responses.ts';
import { REQUEST_BODY_SCHEMAS, type CallName } from './order-api-requests.ts';
import {
  DeskAuditAnswerSchema,
  DeskExportAnswerSchema,
  DeskImportTrackingAnswerSchema,
  DeskOrdersAnswerSchema,
  DeskSessionAnswerSchema,
  DeskSetStatusAnswerSchema,
} from './desk-responses.ts';
import { GitHubSignInAnswerSchema, GitHubTokenAnswerSchema } from './editor-github-oauth.ts';

/**
 * The order API's OpenAPI 3.1 document, generated from the request and answer schemas of this
 * folder and the table of calls below (which statuses each call answers, with which body and
 * headers), so it cannot drift from what the API checks and builds. The API serves it at
 * `GET /v1/openapi.json`; the contract suites check every answer against it.
 */

/** The schemas the document names (components/schemas); every other schema is written inline. */
const NAMED_SCHEMAS = {
  Error: ErrorAnswerSchema,
  CreateOrderBody: REQUEST_BODY_SCHEMAS['create-order'],
  CreateOrderAnswer: CreateOrderAnswerSchema,
  CaptureOrderBody: REQUEST_BODY_SCHEMAS['capture-order'],
  CaptureCompletedAnswer: CaptureCompletedAnswerSchema,
  CaptureWaitingAnswer: CaptureWaitingAnswerSchema,
  RetrieveOrdersBody: REQUEST_BODY_SCHEMAS['retrieve-orders'],
  RetrieveOrdersAnswer: RetrieveOrdersAnswerSchema,
  UpdateHistoricalOrderBody: REQUEST_BODY_SCHEMAS['update-historical-order'],
  UpdateHistoricalOrderAnswer: UpdateHistoricalOrderAnswerSchema,
  SetOrderStatusBody: REQUEST_BODY_SCHEMAS['set-order-status'],
  SetOrderStatusAnswer: SetOrderStatusAnswerSchema,
  ViewOrderBody: REQUEST_BODY_SCHEMAS['view-order'],
  ViewOrderAnswer: ViewOrderAnswerSchema,
  SessionBody: REQUEST_BODY_SCHEMAS.session,
  SessionAnswer: SessionAnswerSchema,
  DeviceLinkBody: REQUEST_BODY_SCHEMAS['device-link'],
  DeviceLinkAnswer: DeviceLinkAnswerSchema,
  RedeemDeviceLinkBody: REQUEST_BODY_SCHEMAS['redeem-device-link'],
  RedeemDeviceLinkAnswer: RedeemDeviceLinkAnswerSchema,
  DeskSessionBody: REQUEST_BODY_SCHEMAS['desk-session'],
  DeskSessionAnswer: DeskSessionAnswerSchema,
  DeskOrdersBody: REQUEST_BODY_SCHEMAS['desk-orders'],
  DeskOrdersAnswer: DeskOrdersAnswerSchema,
  DeskSetStatusBody: REQUEST_BODY_SCHEMAS['desk-set-status'],
  DeskSetStatusAnswer: DeskSetStatusAnswerSchema,
  DeskImportTrackingBody: REQUEST_BODY_SCHEMAS['desk-import-tracking'],
  DeskImportTrackingAnswer: DeskImportTrackingAnswerSchema,
  DeskExportBody: REQUEST_BODY_SCHEMAS['desk-export'],
  DeskExportAnswer: DeskExportAnswerSchema,
  DeskAuditBody: REQUEST_BODY_SCHEMAS['desk-audit'],
  DeskAuditAnswer: DeskAuditAnswerSchema,
  GitHubSignInBody: REQUEST_BODY_SCHEMAS['github-sign-in'],
  GitHubSignInAnswer: GitHubSignInAnswerSchema,
  GitHubTokenBody: REQUEST_BODY_SCHEMAS['github-token'],
  GitHubTokenAnswer: GitHubTokenAnswerSchema,
  HealthAnswer: HealthAnswerSchema,
  ReadyAnswer: ReadyAnswerSchema,
  NotReadyAnswer: NotReadyAnswerSchema,
} satisfies Record<string, TSchema>;

type SchemaName = keyof typeof NAMED_SCHEMAS;
type HeaderName = keyof typeof RESPONSE_HEADERS;

interface Answer {
  description: string;
  /** The body's schema; absent for the document itself, which is any JSON object. */
  body?: SchemaName;
  headers?: HeaderName[];
}

interface Operation {
  method: 'get' | 'post';
  summary: string;
  description: string;
  tag: 'orders' | 'sessions' | 'desk' | 'operations';
  body?: CallName;
  /** Request headers besides the session (`security`). */
  idempotencyKey?: boolean;
  /** `required`: a staff or admin session; `optional`: a session, or a secret in the body. */
  session?: 'required' | 'optional';
  answers: Record<number, Answer>;
}

const RESPONSE_HEADERS = {
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
} as const;

const error = (description: string, headers: HeaderName[] = []): Answer => ({ description, body: 'Error', headers });

/** What any POST call may answer besides its own outcomes (server/app/request-handler.ts). */
const EVERY_CALL: Record<number, Answer> = {
  400: error('The body is not JSON, not UTF-8, or does not match its schema (`problems` lists each `field: what is wrong`).'),
  403: error('The request came from a browser origin not in CORS_ORIGINS.'),
  413: error('The body is larger than MAX_BODY_BYTES.'),
  415: error('The body was not sent as `Content-Type: application/json`.'),
  429: error('Too many requests to this call from this client (REQUEST_LIMIT per window).', ['Retry-After']),
  500: error('Unexpected error in the order API; nothing was charged.'),
};

/**
 * The answers of a call that changes an order: every call's, a 401 for a caller who is not signed
 * in (`unauthorized` says when), a 403 for a session that may not (only its own tenant's admins
 * may), and this call's own.
 */
function adminCall(unauthorized: string, own: Record<number, Answer>): Record<number, Answer> {
  return withEveryCall({
    401: error(unauthorized, ['WWW-Authenticate']),
    403: error("A staff session, another tenant's session, or an origin not in CORS_ORIGINS."),
    ...own,
  });
}

/**
 * A call that checks a secret counts each wrong one against the guess limits first; when that
 * count cannot be written, it checks nothing rather than let guesses go uncounted (fails closed).
 */
const GUESS_NOT_RECORDED = error('The attempt could not be recorded (the database takes no writes), so the secret was not checked; try again later.', [
  'Retry-After',
]);

/** The answers of a call: those every call may give, with this call's own in their place. */
function withEveryCall(own: Record<number, Answer>): Record<number, Answer> {
  return { ...EVERY_CALL, ...own };
}

/** The answers of a desk call: every call's, a 401 without a desk session, a 403 for a tenant's session, and this call's own. */
function deskCall(own: Record<number, Answer>): Record<number, Answer> {
  return withEveryCall({
    401: error('No desk session, or one that is forged, expired or issued for a desk password since changed.', ['WWW-Authenticate']),
    403: error("A tenant's session (the desk takes only the supplier's), or an origin not in CORS_ORIGINS."),
    503: error('The order API has no SUPPLIER_DESK_PASSWORD_HASH: the desk is not set up.'),
    ...own,
  });
}

/** The supplier's order desk: every tenant's orders, behind the supplier's own sign-in. */
const DESK_OPERATIONS: Record<string, Operation> = {
  '/v1/desk-session': {
    method: 'post',
    tag: 'desk',
    summary: "Sign in to the supplier's order desk",
    description:
      "Checks the supplier's desk password (SUPPLIER_DESK_PASSWORD_HASH, never a tenant's) and starts a desk session under the name given, recorded with every change it makes. Wrong passwords count against the client's guess limit and the desk's own brake.",
    body: 'desk-session',
    answers: withEveryCall({
      200: { description: 'The desk session token.', body: 'DeskSessionAnswer' },
      401: error('Wrong password.'),
      429: error('Too many wrong passwords from this client or for the desk, or too many requests.', ['Retry-After']),
      503: error('The desk is not set up (no SUPPLIER_DESK_PASSWORD_HASH), or the attempt could not be recorded (then with Retry-After).'),
    }),
  },
  '/v1/desk-orders': {
    method: 'post',
    tag: 'desk',
    summary: "List every tenant's placed and paid orders, newest first, filtered, a page at a time",
    description: 'Needs a desk session. Filters by tenant, status, days, store and PO, and searches order numbers, buyers and Customer POs.',
    body: 'desk-orders',
    session: 'required',
    answers: deskCall({
      200: { description: 'One page of orders, and the tenants to filter by.', body: 'DeskOrdersAnswer' },
      400: error('A bad body, an unknown tenant, or a cursor not given by desk-orders.'),
    }),
  },
  '/v1/desk-set-status': {
    method: 'post',
    tag: 'desk',
    summary: 'Set the status of several orders of any tenants at once: all of them, or none',
    description:
      "Needs a desk session. Each change is checked as set-order-status checks it; one refused change refuses them all (`problems` names each). Each change is audited with the desk user's name, and a shipment e-mails its buyer when the tenant sends shipping e-mails.",
    body: 'desk-set-status',
    session: 'required',
    answers: deskCall({
      200: { description: 'Each order before and after (a dry run changes nothing).', body: 'DeskSetStatusAnswer' },
      400: error('A bad body, an order named twice, or fields that do not go with a status.'),
      404: error('An order_id that is no placed or paid order (`problems` names each).'),
      409: error('A change the order cannot make from where it stands (`problems` names each); nothing changed.'),
    }),
  },
  '/v1/desk-import-tracking': {
    method: 'post',
    tag: 'desk',
    summary: "Ship orders from a carrier's CSV of order numbers and tracking numbers: all rows, or none",
    description:
      'Needs a desk session. Every row is checked first; a row with an unknown order, a bad tracking number or a status that cannot become shipped refuses the file, each problem named at its row. `dry_run` answers what would happen.',
    body: 'desk-import-tracking',
    session: 'required',
    answers: deskCall({
      200: { description: 'Each row and its order before and after (a dry run changes nothing).', body: 'DeskImportTrackingAnswer' },
      400: error('A bad body, or a file with a problem: `problems` lists each as `row N: …`; nothing changed.'),
    }),
  },
  '/v1/desk-export': {
    method: 'post',
    tag: 'desk',
    summary: 'The filtered orders as a CSV or .xlsx file, one row per order line',
    description: 'Needs a desk session. Every order that matches the filter (up to 20,000), newest first; line totals sum to the order totals, to the cent.',
    body: 'desk-export',
    session: 'required',
    answers: deskCall({
      200: { description: 'The file, base64, and what it holds.', body: 'DeskExportAnswer' },
      400: error('A bad body or tenant, or more orders match than one file holds.'),
    }),
  },
  '/v1/desk-audit': {
    method: 'post',
    tag: 'desk',
    summary: "The desk's changes of one order: who, when, before and after",
    description: 'Needs a desk session.',
    body: 'desk-audit',
    session: 'required',
    answers: deskCall({ 200: { description: 'The changes, oldest first.', body: 'DeskAuditAnswer' } }),
  },
};

const OPERATIONS: Record<string, Operation> = {
  '/v1/create-order': {
    method: 'post',
    tag: 'orders',
    summary: 'Place an order with a bypass code, or start a PayPal order',
    description:
      "Prices the cart from the tenant's catalog (never from the prices sent). With `bypassPaypal` and a valid `code` the order is placed (paid 2) and e-mailed; otherwise a PayPal order for the server's total is created and the order stored unpaid under PayPal's id.",
    body: 'create-order',
    idempotencyKey: true,
    answers: withEveryCall({
      200: { description: "The order's id and the server's total.", body: 'CreateOrderAnswer', headers: ['Idempotent-Replayed', 'Device-Proof'] },
      400: error(
        "A bad body or Idempotency-Key; an unknown tenant or store; a cart line the catalog or the order rules refuse (`problems` lists each); a total over the tenant's limit; PayPal not offered to this tenant, or a $0.00 PayPal order.",
      ),
      403: error("A missing or wrong bypass code; a password store's customs line without that store's token; an origin not in CORS_ORIGINS."),
      409: error('A request with this Idempotency-Key is still being processed; try again in a moment.'),
      422: error('This Idempotency-Key was already used with another body.'),
      429: error('Too many wrong codes from this client or for this tenant, too many unpaid PayPal orders from this client, or too many requests.', [
        'Retry-After',
      ]),
      502: error('PayPal could not start the payment; nothing was charged.'),
      503: error(
        'PayPal checkout asked for, but this order API has no PayPal credentials; or the bypass code could not be checked because the attempt could not be recorded (the database takes no writes; `Retry-After` then says when to try again).',
      ),
    }),
  },
  '/v1/capture-order': {
    method: 'post',
    tag: 'orders',
    summary: 'Capture the PayPal payment of an order',
    description:
      "Captures once: every later or concurrent call gets the first capture's answer. The order is paid only when PayPal's completed capture matches it (amount, custom_id, reference_id).",
    body: 'capture-order',
    answers: withEveryCall({
      200: { description: 'Captured and verified: the order is paid and e-mailed.', body: 'CaptureCompletedAnswer' },
      202: {
        description: 'PENDING: PayPal has not confirmed the capture yet; PROCESSING: another request holds it. Call again; do not pay again.',
        body: 'CaptureWaitingAnswer',
      },
      404: error('No such order for this tenant, or PayPal does not know it.'),
      409: error('The order was placed with a bypass code; there is nothing to capture.'),
      422: error(
        '`issue` INSTRUMENT_DECLINED: choose another funding source (the order stays capturable); CAPTURE_DECLINED: PayPal declined it, pay with a new order; PAYMENT_MISMATCH: the capture does not match the order.',
      ),
      502: error('PayPal failed or could not be asked; nothing was charged.'),
      503: error('This order API has no PayPal credentials.'),
    }),
  },
  '/v1/retrieve-orders': {
    method: 'post',
    tag: 'orders',
    summary: "List a tenant's placed and paid orders, newest first, a page at a time",
    description: 'Needs a staff or admin session of the tenant. An admin session also sees how each order was placed and from which address.',
    body: 'retrieve-orders',
    session: 'required',
    answers: withEveryCall({
      200: { description: 'One page of orders.', body: 'RetrieveOrdersAnswer' },
      400: error('A bad body, an unknown tenant, or a cursor not given by retrieve-orders.'),
      401: error('No session, or one that is forged, expired or issued for a password since changed.', ['WWW-Authenticate']),
      403: error("Another tenant's session, or an origin not in CORS_ORIGINS."),
    }),
  },
  '/v1/update-historical-order': {
    method: 'post',
    tag: 'orders',
    summary: "Set PO, Customer PO and Est. Ship Date of an order's lines",
    description:
      "Needs an admin session of the order's tenant, or its `admin_password` in the body. The lines come back as retrieve-orders gave them, in order; any other field that differs is refused.",
    body: 'update-historical-order',
    session: 'optional',
    answers: adminCall('No session and no admin password, or a session that is not (or no longer) valid.', {
      200: { description: 'The order as it now is.', body: 'UpdateHistoricalOrderAnswer' },
      400: error('A bad body or tenant; another field of a line changed, the number of lines differs, or a new est_ship_date is not a day.'),
      404: error(
        "No order with that e-mail and created_at that this session or admin password may edit: none, another tenant's, or a wrong admin password (one answer; each lookup counts as a guess).",
      ),
      409: error('Two tenants have an order with that e-mail and created_at; send companyName too.'),
      429: error('Too many wrong admin passwords or lookups from this client or for this tenant, or too many requests.', ['Retry-After']),
      503: GUESS_NOT_RECORDED,
    }),
  },
  '/v1/set-order-status': {
    method: 'post',
    tag: 'orders',
    summary: "Set an order's status: received, in production, shipped (carrier, tracking number), delivered or cancelled (reason)",
    description:
      "Needs an admin session of the order's tenant. The change is recorded with its time in the order's `status_history`; a change that makes no sense (anything after delivered or cancelled, backwards, cancelling a shipped order) is refused. Shipping e-mails the buyer once when the tenant sets `shipping_email`.",
    body: 'set-order-status',
    session: 'required',
    answers: adminCall('No session, or one that is not (or no longer) valid.', {
      200: { description: 'The order with its new status.', body: 'SetOrderStatusAnswer' },
      400: error('A bad body or tenant; shipped without carrier or tracking number, cancelled without a reason, or fields that do not go with the status.'),
      404: error('The tenant has no placed or paid order with that order_id.'),
      409: error('The status cannot change that way from where the order stands, or another admin changed it at the same moment.'),
    }),
  },
  '/v1/view-order': {
    method: 'post',
    tag: 'orders',
    summary: "One order, read-only, for its buyer's link: status, tracking and lines",
    description:
      "Needs no session: the `key` of the link in the buyer's confirmation or shipping e-mail, which opens that one order of that tenant, read-only, until it expires. No names, e-mail or address come back.",
    body: 'view-order',
    answers: withEveryCall({
      200: { description: 'The order the link opens.', body: 'ViewOrderAnswer' },
      400: error('A bad body or an unknown tenant.'),
      403: error('A key that is not valid, has expired or is for another order, or an origin not in CORS_ORIGINS.'),
      404: error('The tenant has no placed or paid order with that order_id.'),
    }),
  },
  '/v1/session': {
    method: 'post',
    tag: 'sessions',
    summary: 'Check a password or bypass code and start a session',
    description:
      "`companyName` + `password`: a staff or admin session; `password` alone: the entry screen's, a staff session of the tenant it belongs to; `companyName` + `code`: a bypass session; `companyName` + `store` + `password`: a store session. Every wrong secret counts against the client's and the tenant's guess limits.",
    body: 'session',
    answers: withEveryCall({
      200: { description: 'The session token and what it grants.', body: 'SessionAnswer', headers: ['Device-Proof'] },
      400: error(
        'A bad body: neither or both of password and code, code or store without companyName, an unknown tenant or store, or a store without a password.',
      ),
      401: error('Wrong password.'),
      403: error('That bypass code is not valid, or an origin not in CORS_ORIGINS.'),
      429: error('Too many wrong passwords or codes from this client or for this tenant, or too many requests.', ['Retry-After']),
      503: GUESS_NOT_RECORDED,
    }),
  },
  '/v1/device-link': {
    method: 'post',
    tag: 'sessions',
    summary: "E-mail a staff address a link that makes this browser a known device (while the tenant's guesses are braked)",
    description:
      "For a new browser at the dealership while a flood of wrong secrets brakes the tenant (docs/security.md, Guess limits): when `email` is one of the tenant's `email_recipients`, and that address and the tenant are under their hourly caps, a single-use link valid for 15 minutes is e-mailed to it. The answer is the same 202 whatever happened, so it tells nothing about which addresses are listed.",
    body: 'device-link',
    answers: withEveryCall({
      202: { description: 'Accepted: a link is on its way if the address is listed and under its cap.', body: 'DeviceLinkAnswer' },
      400: error('A bad body or an unknown tenant.'),
    }),
  },
  '/v1/redeem-device-link': {
    method: 'post',
    tag: 'sessions',
    summary: 'Redeem an e-mailed sign-in link: a device proof, no session',
    description:
      "The link's token, once: the answer carries a `Device-Proof` of the tenant (credential `link`), so this browser goes through the tenant's known-devices lane; the password is still needed, and every wrong one counts toward the tenant's guess limits like any proof holder's.",
    body: 'redeem-device-link',
    answers: withEveryCall({
      200: { description: 'The browser is now a known device of the tenant.', body: 'RedeemDeviceLinkAnswer', headers: ['Device-Proof'] },
      400: error('A bad body.'),
      403: error('A token that is unknown, used, expired, or whose address is no longer listed; or an origin not in CORS_ORIGINS.'),
      503: error('The token could not be checked (the database takes no writes); try again later.', ['Retry-After']),
    }),
  },
  ...DESK_OPERATIONS,
  '/v1/github-sign-in': {
    method: 'post',
    tag: 'sessions',
    summary: "Start the editor's GitHub sign-in: GitHub's authorize page and a signed state",
    description: 'Only from the origin of GITHUB_OAUTH_CALLBACK_URL (the editor). The state is good for 10 minutes.',
    body: 'github-sign-in',
    answers: withEveryCall({
      200: { description: 'Where to send the merchandiser, and the state to keep until GitHub sends them back.', body: 'GitHubSignInAnswer' },
      403: error("An origin other than the editor's."),
      503: error('The order API has no GitHub OAuth app (GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET, GITHUB_OAUTH_CALLBACK_URL).'),
    }),
  },
  '/v1/github-token': {
    method: 'post',
    tag: 'sessions',
    summary: "Finish the editor's GitHub sign-in: the code GitHub sent back exchanged for the merchandiser's token",
    description:
      "Only from the editor's origin. The exchange is made here with the app's secret (GitHub's web application flow), which never reaches a browser.",
    body: 'github-token',
    answers: withEveryCall({
      200: { description: "The merchandiser's GitHub token and its scope.", body: 'GitHubTokenAnswer' },
      400: error('A bad body; a state this API did not sign or older than 10 minutes; a code GitHub no longer takes.'),
      403: error("An origin other than the editor's, or a token without the scope the editor needs."),
      502: error('GitHub did not answer, or answered without a token.'),
      503: error('No GitHub OAuth app, or one GitHub refuses (wrong id, secret or callback).'),
    }),
  },
  '/healthz': {
    method: 'get',
    tag: 'operations',
    summary: 'Whether the process runs and its database answers',
    description: 'For a liveness check.',
    answers: {
      200: { description: 'The database answers.', body: 'HealthAnswer' },
      403: error('An origin not in CORS_ORIGINS.'),
      503: error('The database does not answer.'),
    },
  },
  '/readyz': {
    method: 'get',
    tag: 'operations',
    summary: 'Whether this instance should get traffic',
    description: 'For a load balancer: ready while a write reaches the database (probed at most once a second per instance).',
    answers: {
      200: { description: 'Ready.', body: 'ReadyAnswer' },
      403: error('An origin not in CORS_ORIGINS.'),
      503: { description: 'Not ready: the database takes no writes, and why.', body: 'NotReadyAnswer', headers: ['Retry-After'] },
    },
  },
  '/v1/openapi.json': {
    method: 'get',
    tag: 'operations',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the order API, generated from the schemas it checks requests and builds answers with.',
    answers: {
      200: { description: 'The OpenAPI document.' },
      403: error('An origin not in CORS_ORIGINS.'),
    },
  },
};

/** The JSON of a TypeBox schema: its symbol-keyed bookkeeping left out. */
function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

const schemaRef = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const operationId = (path: string) => path.replace(/^\/(v1\/)?/, '').replace(/[^A-Za-z0-9]+(.)/g, (_, next: string) => next.toUpperCase());

function responseOf({ description, body, headers = [] }: Answer) {
  return {
    description,
    headers: Object.fromEntries(['X-Request-Id' as const, ...headers].map((name) => [name, headerRef(name)])),
    content: { 'application/json': { schema: body ? schemaRef(body) : { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
  };
}

function operationOf(path: string, operation: Operation) {
  return {
    operationId: operationId(path),
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: operation.session === 'required' ? [{ session: [] }] : operation.session === 'optional' ? [{ session: [] }, {}] : [],
    ...(operation.method === 'post'
      ? {
          parameters: [
            ...(operation.idempotencyKey
              ? [
                  {
                    name: 'Idempotency-Key',
                    in: 'header',
                    required: false,
                    description:
                      'Recommended on every checkout attempt: the same key with the same body answers the first answer again and creates nothing; with another body, 422. Kept a day.',
                    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
                  },
                ]
              : []),
            {
              name: 'Device-Proof',
              in: 'header',
              required: false,
              description:
                "The `Device-Proof` answers this browser was given after right secrets, comma separated (the first 8 are read): a valid one for the tenant keeps other clients' wrong guesses from braking this one.",
              schema: { type: 'string' },
            },
          ],
        }
      : {}),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(BODY_SCHEMA_NAMES[operation.body]) } } } } : {}),
    responses: Object.fromEntries(Object.entries(operation.answers).map(([status, answer]) => [status, responseOf(answer)])),
  };
}

const BODY_SCHEMA_NAMES = {
  'create-order': 'CreateOrderBody',
  'capture-order': 'CaptureOrderBody',
  'retrieve-orders': 'RetrieveOrdersBody',
  'update-historical-order': 'UpdateHistoricalOrderBody',
  'set-order-status': 'SetOrderStatusBody',
  'view-order': 'ViewOrderBody',
  session: 'SessionBody',
  'device-link': 'DeviceLinkBody',
  'redeem-device-link': 'RedeemDeviceLinkBody',
  'desk-session': 'DeskSessionBody',
  'desk-orders': 'DeskOrdersBody',
  'desk-set-status': 'DeskSetStatusBody',
  'desk-import-tracking': 'DeskImportTrackingBody',
  'desk-export': 'DeskExportBody',
  'desk-audit': 'DeskAuditBody',
  'github-sign-in': 'GitHubSignInBody',
  'github-token': 'GitHubTokenBody',
} as const satisfies Record<CallName, SchemaName>;

/** The document, as `GET /v1/openapi.json` serves it. */
export function orderApiOpenApi(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dealer storefronts order API',
      version: '1',
      description:
        'Places and captures the storefronts\' orders, lists them to staff, lets admins edit PO fields and set the status of each order, and checks every password and bypass code. Every call answers JSON; an error is `{ "message": … }` (some add `problems` or `issue`), and its message is written to be shown to the person at the storefront. Every answer has `Cache-Control: no-store`, `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.',
    },
    servers: [{ url: '/', description: 'The order API this document was fetched from.' }],
    tags: [
      { name: 'orders', description: 'Placing, paying for, listing and editing orders.' },
      { name: 'sessions', description: 'Passwords and bypass codes, checked only here.' },
      { name: 'desk', description: "The supplier's order desk: every tenant's orders, behind the supplier's own sign-in." },
      { name: 'operations', description: 'For load balancers, monitoring and clients.' },
    ],
    paths: Object.fromEntries(Object.entries(OPERATIONS).map(([path, operation]) => [path, { [operation.method]: operationOf(path, operation) }])),
    components: {
      schemas: Object.fromEntries(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [name, plain(schema)])),
      headers: RESPONSE_HEADERS,
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A staff or admin session token from POST /v1/session, or a desk session from POST /v1/desk-session; it stops working when it expires or its password changes.',
        },
      },
    },
  };
}
