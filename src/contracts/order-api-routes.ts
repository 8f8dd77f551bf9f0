import type { Static, TSchema } from '@sinclair/typebox';
import { DESK_ROUTES } from './desk-routes.ts';
import { GitHubSignInAnswerSchema, GitHubSignInBodySchema, GitHubTokenAnswerSchema, GitHubTokenBodySchema } from './editor-github-oauth.ts';
import {
  CaptureOrderBodySchema,
  CreateOrderBodySchema,
  DeviceLinkBodySchema,
  RedeemDeviceLinkBodySchema,
  RetrieveOrdersBodySchema,
  SessionBodySchema,
  SetOrderStatusBodySchema,
  UpdateHistoricalOrderBodySchema,
  ViewOrderBodySchema,
} from './order-api-requests.ts';
import {
  CaptureCompletedAnswerSchema,
  CaptureWaitingAnswerSchema,
  CreateOrderAnswerSchema,
  DeviceLinkAnswerSchema,
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
import { adminCall, error, GUESS_NOT_RECORDED, withEveryCall, type Route, type RouteAnswer } from './route-answers.ts';

/**
 * The order API's route table: each call once, by name, with its method, path, request body
 * schema and every answer it gives (status, body schema, headers), besides those every route
 * shares (route-answers.ts: 403, 405, 408, 500, and OPTIONS' 204). Everything else is derived
 * from it: the server's routing and body checks (server/app/request-handler.ts,
 * body-schemas.ts), the types handlers must return (CallAnswer), the OpenAPI document
 * (order-api-openapi.ts) and the browser's typed client (src/islands/shared/order-api.ts), which
 * imports only the types below. A POST call's path is `/v1/<its name>` (CallPath).
 */

export const ROUTES = {
  'create-order': {
    method: 'POST',
    path: '/v1/create-order',
    tag: 'orders',
    summary: 'Place an order with a bypass code, or start a PayPal order',
    description:
      "Prices the cart from the tenant's catalog (never from the prices sent). With `bypassPaypal` and a valid `code` the order is placed (paid 2) and e-mailed; otherwise a PayPal order for the server's total is created and the order stored unpaid under PayPal's id.",
    body: CreateOrderBodySchema,
    idempotencyKey: true,
    answers: withEveryCall({
      200: { description: "The order's id and the server's total.", body: CreateOrderAnswerSchema, headers: ['Idempotent-Replayed', 'Device-Proof'] },
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
  'capture-order': {
    method: 'POST',
    path: '/v1/capture-order',
    tag: 'orders',
    summary: 'Capture the PayPal payment of an order',
    description:
      "Captures once: every later or concurrent call gets the first capture's answer. The order is paid only when PayPal's completed capture matches it (amount, custom_id, reference_id).",
    body: CaptureOrderBodySchema,
    answers: withEveryCall({
      200: { description: 'Captured and verified: the order is paid and e-mailed.', body: CaptureCompletedAnswerSchema },
      202: {
        description: 'PENDING: PayPal has not confirmed the capture yet; PROCESSING: another request holds it. Call again; do not pay again.',
        body: CaptureWaitingAnswerSchema,
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
  'retrieve-orders': {
    method: 'POST',
    path: '/v1/retrieve-orders',
    tag: 'orders',
    summary: "List a tenant's placed and paid orders, newest first, a page at a time",
    description: 'Needs a staff or admin session of the tenant. An admin session also sees how each order was placed and from which address.',
    body: RetrieveOrdersBodySchema,
    session: 'required',
    answers: withEveryCall({
      200: { description: 'One page of orders.', body: RetrieveOrdersAnswerSchema },
      400: error('A bad body, an unknown tenant, or a cursor not given by retrieve-orders.'),
      401: error('No session, or one that is forged, expired or issued for a password since changed.', ['WWW-Authenticate']),
      403: error("Another tenant's session, or an origin not in CORS_ORIGINS."),
    }),
  },
  'update-historical-order': {
    method: 'POST',
    path: '/v1/update-historical-order',
    tag: 'orders',
    summary: "Set PO, Customer PO and Est. Ship Date of an order's lines",
    description:
      "Needs an admin session of the order's tenant, or its `admin_password` in the body. The lines come back as retrieve-orders gave them, in order; any other field that differs is refused.",
    body: UpdateHistoricalOrderBodySchema,
    session: 'optional',
    answers: adminCall('No session and no admin password, or a session that is not (or no longer) valid.', {
      200: { description: 'The order as it now is.', body: UpdateHistoricalOrderAnswerSchema },
      400: error('A bad body or tenant; another field of a line changed, the number of lines differs, or a new est_ship_date is not a day.'),
      404: error(
        "No order with that e-mail and created_at that this session or admin password may edit: none, another tenant's, or a wrong admin password (one answer; each lookup counts as a guess).",
      ),
      409: error('Two tenants have an order with that e-mail and created_at; send companyName too.'),
      429: error('Too many wrong admin passwords or lookups from this client or for this tenant, or too many requests.', ['Retry-After']),
      503: GUESS_NOT_RECORDED,
    }),
  },
  'set-order-status': {
    method: 'POST',
    path: '/v1/set-order-status',
    tag: 'orders',
    summary: "Set an order's status: received, in production, shipped (carrier, tracking number), delivered or cancelled (reason)",
    description:
      "Needs an admin session of the order's tenant. The change is recorded with its time in the order's `status_history`; a change that makes no sense (anything after delivered or cancelled, backwards, cancelling a shipped order) is refused. Shipping e-mails the buyer once when the tenant sets `shipping_email`.",
    body: SetOrderStatusBodySchema,
    session: 'required',
    answers: adminCall('No session, or one that is not (or no longer) valid.', {
      200: { description: 'The order with its new status.', body: SetOrderStatusAnswerSchema },
      400: error('A bad body or tenant; shipped without carrier or tracking number, cancelled without a reason, or fields that do not go with the status.'),
      404: error('The tenant has no placed or paid order with that order_id.'),
      409: error('The status cannot change that way from where the order stands, or another admin changed it at the same moment.'),
    }),
  },
  'view-order': {
    method: 'POST',
    path: '/v1/view-order',
    tag: 'orders',
    summary: "One order, read-only, for its buyer's link: status, tracking and lines",
    description:
      "Needs no session: the `key` of the link in the buyer's confirmation or shipping e-mail, which opens that one order of that tenant, read-only, until it expires. No names, e-mail or address come back.",
    body: ViewOrderBodySchema,
    answers: withEveryCall({
      200: { description: 'The order the link opens.', body: ViewOrderAnswerSchema },
      400: error('A bad body or an unknown tenant.'),
      403: error('A key that is not valid, has expired or is for another order, or an origin not in CORS_ORIGINS.'),
      404: error('The tenant has no placed or paid order with that order_id.'),
    }),
  },
  session: {
    method: 'POST',
    path: '/v1/session',
    tag: 'sessions',
    summary: 'Check a password or bypass code and start a session',
    description:
      "`companyName` + `password`: a staff or admin session; `password` alone: the entry screen's, a staff session of the tenant it belongs to; `companyName` + `code`: a bypass session; `companyName` + `store` + `password`: a store session. Every wrong secret counts against the client's and the tenant's guess limits.",
    body: SessionBodySchema,
    answers: withEveryCall({
      200: { description: 'The session token and what it grants.', body: SessionAnswerSchema, headers: ['Device-Proof'] },
      400: error(
        'A bad body: neither or both of password and code, code or store without companyName, an unknown tenant or store, or a store without a password.',
      ),
      401: error('Wrong password.'),
      403: error('That bypass code is not valid, or an origin not in CORS_ORIGINS.'),
      429: error('Too many wrong passwords or codes from this client or for this tenant, or too many requests.', ['Retry-After']),
      503: GUESS_NOT_RECORDED,
    }),
  },
  'device-link': {
    method: 'POST',
    path: '/v1/device-link',
    tag: 'sessions',
    summary: "E-mail a staff address a link that makes this browser a known device (while the tenant's guesses are braked)",
    description:
      "For a new browser at the dealership while a flood of wrong secrets brakes the tenant (docs/security.md, Guess limits): when `email` is one of the tenant's `email_recipients`, and that address and the tenant are under their hourly caps, a single-use link valid for 15 minutes is e-mailed to it. The answer is the same 202 whatever happened, so it tells nothing about which addresses are listed.",
    body: DeviceLinkBodySchema,
    answers: withEveryCall({
      202: { description: 'Accepted: a link is on its way if the address is listed and under its cap.', body: DeviceLinkAnswerSchema },
      400: error('A bad body or an unknown tenant.'),
    }),
  },
  'redeem-device-link': {
    method: 'POST',
    path: '/v1/redeem-device-link',
    tag: 'sessions',
    summary: 'Redeem an e-mailed sign-in link: a device proof, no session',
    description:
      "The link's token, once: the answer carries a `Device-Proof` of the tenant (credential `link`), so this browser goes through the tenant's known-devices lane; the password is still needed, and every wrong one counts toward the tenant's guess limits like any proof holder's.",
    body: RedeemDeviceLinkBodySchema,
    answers: withEveryCall({
      200: { description: 'The browser is now a known device of the tenant.', body: RedeemDeviceLinkAnswerSchema, headers: ['Device-Proof'] },
      400: error('A bad body.'),
      403: error('A token that is unknown, used, expired, or whose address is no longer listed; or an origin not in CORS_ORIGINS.'),
      503: error('The token could not be checked (the database takes no writes); try again later.', ['Retry-After']),
    }),
  },
  'github-sign-in': {
    method: 'POST',
    path: '/v1/github-sign-in',
    tag: 'editor',
    summary: "Start the merchandisers' editor's GitHub sign-in: GitHub's authorize address and a signed state",
    description:
      "Only from the editor's own origin (that of GITHUB_OAUTH_CALLBACK_URL). The state is signed by the order API and good for 10 minutes (docs/security.md, The editor's GitHub token).",
    body: GitHubSignInBodySchema,
    answers: withEveryCall({
      200: { description: "GitHub's authorize address and the state to keep.", body: GitHubSignInAnswerSchema },
      400: error('A bad body.'),
      403: error("A request from another origin than the editor's."),
      503: error('GitHub sign-in is not set up on this order API (GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET, GITHUB_OAUTH_CALLBACK_URL).'),
    }),
  },
  'github-token': {
    method: 'POST',
    path: '/v1/github-token',
    tag: 'editor',
    summary: "Exchange GitHub's sign-in code for the merchandiser's token, with the OAuth app's secret only the order API holds",
    description:
      "Only with a state this order API signed in the last 10 minutes, and only from the editor's own origin. The token is answered, never stored or logged.",
    body: GitHubTokenBodySchema,
    answers: withEveryCall({
      200: { description: "The merchandiser's token and the scope GitHub granted.", body: GitHubTokenAnswerSchema },
      400: error('A bad body; a state this API did not sign or older than 10 minutes; a code GitHub says expired or was used.'),
      403: error("A request from another origin than the editor's, or GitHub did not grant the scope the editor needs."),
      502: error('GitHub did not answer, or answered without a token.'),
      503: error("GitHub sign-in is not set up, or GitHub refused the order API's OAuth app."),
    }),
  },
  ...DESK_ROUTES,
  healthz: {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    summary: 'Whether the process runs and its database answers',
    description: 'For a liveness check.',
    answers: {
      200: { description: 'The database answers.', body: HealthAnswerSchema },
      403: error('An origin not in CORS_ORIGINS.'),
      503: error('The database does not answer.'),
    },
  },
  readyz: {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Whether this instance should get traffic',
    description: 'For a load balancer: ready while a write reaches the database (probed at most once a second per instance).',
    answers: {
      200: { description: 'Ready.', body: ReadyAnswerSchema },
      403: error('An origin not in CORS_ORIGINS.'),
      503: { description: 'Not ready: the database takes no writes, and why.', body: NotReadyAnswerSchema, headers: ['Retry-After'] },
    },
  },
  openapi: {
    method: 'GET',
    path: '/v1/openapi.json',
    tag: 'operations',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the order API, generated from the schemas it checks requests and builds answers with.',
    answers: {
      200: { description: 'The OpenAPI document.' },
      403: error('An origin not in CORS_ORIGINS.'),
    },
  },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;
/** The table as plain routes, for code that walks every entry. */
export const ROUTE_TABLE: Readonly<Record<RouteName, Route>> = ROUTES;
/** The POST calls: those with a body. */
export type CallName = { [N in RouteName]: (typeof ROUTES)[N]['method'] extends 'POST' ? N : never }[RouteName];
export type RequestBody<N extends CallName> = Static<(typeof ROUTES)[N]['body']>;
/** Where a call is: how the browser's client reaches it without a table of paths. */
export type CallPath<N extends CallName> = `/v1/${N}`;

// Fails to compile when a call's path is not `/v1/<its name>`, the rule the browser's client relies on.
type Holds<T extends true> = T;
export type PathsFollowTheRule = Holds<{ [N in CallName]: (typeof ROUTES)[N]['path'] extends CallPath<N> ? true : false }[CallName]>;

type AnswersOf<N extends RouteName> = (typeof ROUTES)[N]['answers'];
type BodyOf<A> = A extends { body: infer S extends TSchema } ? Static<S> : Record<string, unknown>;

/**
 * What a route's handler returns: one of the statuses its entry lists, with that status's body.
 * Errors are mostly thrown (HttpError) and answered by the request handler; a stored answer
 * (capture-order's declined capture, replayed) is returned as it is.
 */
export type CallAnswer<N extends RouteName> = {
  [S in keyof AnswersOf<N> & number]: { status: S; body: BodyOf<AnswersOf<N>[S]>; headers?: Record<string, string> };
}[keyof AnswersOf<N> & number];

/** One status's answer of a route. */
export type CallAnswerOf<N extends RouteName, S extends number> = Extract<CallAnswer<N>, { status: S }>;

/** The body of a call's success answers, as the browser reads it. */
export type SuccessBody<N extends RouteName> = CallAnswerOf<N, 200 | 201 | 202>['body'];

export type { Route, RouteAnswer };
