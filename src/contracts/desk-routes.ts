import {
  DeskAuditBodySchema,
  DeskExportBodySchema,
  DeskImportTrackingBodySchema,
  DeskOrdersBodySchema,
  DeskSessionBodySchema,
  DeskSetStatusBodySchema,
} from './desk-requests.ts';
import {
  DeskAuditAnswerSchema,
  DeskExportAnswerSchema,
  DeskImportTrackingAnswerSchema,
  DeskOrdersAnswerSchema,
  DeskSessionAnswerSchema,
  DeskSetStatusAnswerSchema,
} from './desk-responses.ts';
import { deskCall, error, withEveryCall, type Route } from './route-answers.ts';

/** The supplier's order desk's calls: every tenant's orders, behind the supplier's own sign-in (a part of order-api-routes.ts). */
export const DESK_ROUTES = {
  'desk-session': {
    method: 'POST',
    path: '/v1/desk-session',
    tag: 'desk',
    summary: "Sign in to the supplier's order desk",
    description:
      "Checks the supplier's desk password (SUPPLIER_DESK_PASSWORD_HASH, never a tenant's) and starts a desk session under the name given, recorded with every change it makes. Wrong passwords count against the client's guess limit and the desk's own brake.",
    body: DeskSessionBodySchema,
    answers: withEveryCall({
      200: { description: 'The desk session token.', body: DeskSessionAnswerSchema },
      401: error('Wrong password.'),
      429: error('Too many wrong passwords from this client or for the desk, or too many requests.', ['Retry-After']),
      503: error('The desk is not set up (no SUPPLIER_DESK_PASSWORD_HASH), or the attempt could not be recorded (then with Retry-After).'),
    }),
  },
  'desk-orders': {
    method: 'POST',
    path: '/v1/desk-orders',
    tag: 'desk',
    summary: "List every tenant's placed and paid orders, newest first, filtered, a page at a time",
    description: 'Needs a desk session. Filters by tenant, status, days, store and PO, and searches order numbers, buyers and Customer POs.',
    body: DeskOrdersBodySchema,
    session: 'required',
    answers: deskCall({
      200: { description: 'One page of orders, and the tenants to filter by.', body: DeskOrdersAnswerSchema },
      400: error('A bad body, an unknown tenant, or a cursor not given by desk-orders.'),
    }),
  },
  'desk-set-status': {
    method: 'POST',
    path: '/v1/desk-set-status',
    tag: 'desk',
    summary: 'Set the status of several orders of any tenants at once: all of them, or none',
    description:
      "Needs a desk session. Each change is checked as set-order-status checks it; one refused change refuses them all (`problems` names each). Each change is audited with the desk user's name, and a shipment e-mails its buyer when the tenant sends shipping e-mails.",
    body: DeskSetStatusBodySchema,
    session: 'required',
    answers: deskCall({
      200: { description: 'Each order before and after (a dry run changes nothing).', body: DeskSetStatusAnswerSchema },
      400: error('A bad body, an order named twice, or fields that do not go with a status.'),
      404: error('An order_id that is no placed or paid order (`problems` names each).'),
      409: error('A change the order cannot make from where it stands (`problems` names each); nothing changed.'),
    }),
  },
  'desk-import-tracking': {
    method: 'POST',
    path: '/v1/desk-import-tracking',
    tag: 'desk',
    summary: "Ship orders from a carrier's CSV of order numbers and tracking numbers: all rows, or none",
    description:
      'Needs a desk session. Every row is checked first; a row with an unknown order, a bad tracking number or a status that cannot become shipped refuses the file, each problem named at its row. `dry_run` answers what would happen.',
    body: DeskImportTrackingBodySchema,
    session: 'required',
    answers: deskCall({
      200: { description: 'Each row and its order before and after (a dry run changes nothing).', body: DeskImportTrackingAnswerSchema },
      400: error('A bad body, or a file with a problem: `problems` lists each as `row N: …`; nothing changed.'),
    }),
  },
  'desk-export': {
    method: 'POST',
    path: '/v1/desk-export',
    tag: 'desk',
    summary: 'The filtered orders as a CSV or .xlsx file, one row per order line',
    description: 'Needs a desk session. Every order that matches the filter (up to 20,000), newest first; line totals sum to the order totals, to the cent.',
    body: DeskExportBodySchema,
    session: 'required',
    answers: deskCall({
      200: { description: 'The file, base64, and what it holds.', body: DeskExportAnswerSchema },
      400: error('A bad body or tenant, or more orders match than one file holds.'),
    }),
  },
  'desk-audit': {
    method: 'POST',
    path: '/v1/desk-audit',
    tag: 'desk',
    summary: "The desk's changes of one order: who, when, before and after",
    description: 'Needs a desk session.',
    body: DeskAuditBodySchema,
    session: 'required',
    answers: deskCall({ 200: { description: 'The changes, oldest first.', body: DeskAuditAnswerSchema } }),
  },
} as const satisfies Record<string, Route>;
