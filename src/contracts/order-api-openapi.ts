import type { TSchema } from '@sinclair/typebox';
import * as deskAnswers from './desk-responses.ts';
import * as answers from './order-api-responses.ts';
import { ROUTE_TABLE } from './order-api-routes.ts';
import { EVERY_ROUTE, PREFLIGHT_ANSWER, RESPONSE_HEADERS, type HeaderName, type Route, type RouteAnswer } from './route-answers.ts';

/**
 * The order API's OpenAPI 3.1 document, generated from the route table (order-api-routes.ts:
 * which statuses each route answers, with which body and headers) and the schemas it names, so
 * it cannot drift from what the API checks, routes and builds. Each path also lists OPTIONS
 * (the CORS preflight, answered on every path) and each GET path HEAD. The API serves it at
 * `GET /v1/openapi.json`; the contract suites check every answer against it.
 */

const pascal = (name: string) => name.replace(/(^|[^A-Za-z0-9]+)(.)/g, (_, _gap: string, next: string) => next.toUpperCase());

/** Each exported answer schema's name in the document: its export's, without `Schema` (`ErrorAnswerSchema` is `Error`). */
const ANSWER_NAMES = new Map<unknown, string>(
  Object.entries({ ...answers, ...deskAnswers })
    .filter(([name]) => name.endsWith('AnswerSchema'))
    .map(([name, schema]) => [schema, name === 'ErrorAnswerSchema' ? 'Error' : name.slice(0, -'Schema'.length)]),
);

/** The schemas the document names (components/schemas): each call's body (`CreateOrderBody`), then every answer schema a route uses. */
const NAMED_SCHEMAS: Record<string, TSchema> = Object.fromEntries([
  ...Object.entries(ROUTE_TABLE).flatMap(([name, route]) => (route.body ? [[`${pascal(name)}Body`, route.body] as const] : [])),
  ...Object.values(ROUTE_TABLE).flatMap((route) =>
    Object.values(route.answers).flatMap(({ body }) => (body && ANSWER_NAMES.has(body) ? [[ANSWER_NAMES.get(body)!, body] as const] : [])),
  ),
]);
const SCHEMA_NAMES = new Map(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [schema, name]));

/** The JSON of a TypeBox schema: its symbol-keyed bookkeeping left out. */
function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

const schemaRef = (schema: TSchema) => {
  const name = SCHEMA_NAMES.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : plain(schema);
};
const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const operationId = (path: string) => path.replace(/^\/(v1\/)?/, '').replace(/[^A-Za-z0-9]+(.)/g, (_, next: string) => next.toUpperCase());

function responseOf({ description, body, empty, headers = [] }: RouteAnswer, bodyless = false) {
  if (empty === 'from-node') return { description };
  return {
    description,
    headers: Object.fromEntries(['X-Request-Id' as const, ...headers].map((name) => [name, headerRef(name)])),
    ...(empty || bodyless
      ? {}
      : { content: { 'application/json': { schema: body ? schemaRef(body) : { type: 'object', description: 'An OpenAPI 3.1 document.' } } } }),
  };
}

/** A route's answers: those every route shares, with its own in their place, by status. */
function answersOf(route: Route): [string, RouteAnswer][] {
  return Object.entries({ ...EVERY_ROUTE, ...route.answers }).sort(([a], [b]) => Number(a) - Number(b));
}

const DEVICE_PROOF_PARAMETER = {
  name: 'Device-Proof',
  in: 'header',
  required: false,
  description:
    "The `Device-Proof` answers this browser was given after right secrets, comma separated (the first 8 are read): a valid one for the tenant keeps other clients' wrong guesses from braking this one.",
  schema: { type: 'string' },
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Recommended on every checkout attempt: the same key with the same body answers the first answer again and creates nothing; with another body, 422. Kept a day.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
};

function operationOf(route: Route, head = false) {
  return {
    operationId: operationId(route.path) + (head ? 'Head' : ''),
    tags: [route.tag],
    summary: head ? `${route.summary} (headers only)` : route.summary,
    description: head ? `GET ${route.path} without its body.` : route.description,
    security: route.session === 'required' ? [{ session: [] }] : route.session === 'optional' ? [{ session: [] }, {}] : [],
    ...(route.method === 'POST' ? { parameters: [...(route.idempotencyKey ? [IDEMPOTENCY_KEY_PARAMETER] : []), DEVICE_PROOF_PARAMETER] } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(route.body) } } } } : {}),
    responses: Object.fromEntries(answersOf(route).map(([status, answer]) => [status, responseOf(answer, head)])),
  };
}

/** The CORS preflight, which the API answers on every path before routing. */
function preflightOf(route: Route) {
  return {
    operationId: `${operationId(route.path)}Preflight`,
    tags: [route.tag],
    summary: `CORS preflight of ${route.method} ${route.path}`,
    description: 'Answered for an origin in CORS_ORIGINS, before any routing.',
    security: [],
    responses: {
      204: responseOf(PREFLIGHT_ANSWER),
      403: responseOf(EVERY_ROUTE[403]),
      408: responseOf(EVERY_ROUTE[408]),
    },
  };
}

function pathItemOf(route: Route) {
  return {
    [route.method.toLowerCase()]: operationOf(route),
    ...(route.method === 'GET' ? { head: operationOf(route, true) } : {}),
    options: preflightOf(route),
  };
}

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
      { name: 'editor', description: "The merchandisers' editor's GitHub sign-in (the OAuth app's secret stays here)." },
      { name: 'operations', description: 'For load balancers, monitoring and clients.' },
    ],
    paths: Object.fromEntries(Object.values(ROUTE_TABLE).map((route) => [route.path, pathItemOf(route)])),
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
