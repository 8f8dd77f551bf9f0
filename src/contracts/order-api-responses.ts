import { PAID, PAYMENT_STATE_MEANINGS, type PaymentState } from '../domain/payment.ts';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CARRIERS, SETTABLE_STATUSES } from '../domain/order-status.ts';
import { OrderLineSchema } from './order-line.ts';

/**
 * The order API's answers, written once beside its request bodies (order-api-requests.ts):
 * the JSON Schemas the OpenAPI document publishes (order-api-openapi.ts) and the contract
 * suites check every answer against, and the TypeScript types the API's handlers build their
 * answers as and the islands read them as (types only in the browser).
 *
 * A success body lists every field (`additionalProperties: false`), so a field added to an
 * answer without its schema fails the contract suites. Error bodies and the health answers
 * allow more fields: what a client may rely on there is `message` (and `status`).
 */

const dollars = (description: string) => Type.Number({ description: `${description} In dollars, exact (0.0279 stays 0.0279).` });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** One value of `paid`, named (src/domain/payment.ts). */
const paidState = <S extends PaymentState>(state: S) =>
  Type.Literal(PAID[state] as (typeof PAID)[S], { title: state, description: `${PAID[state]}: ${PAYMENT_STATE_MEANINGS[state]}.` });

export const ErrorAnswerSchema = Type.Object(
  {
    message: Type.String({ minLength: 1, description: 'What went wrong, written for the person at the storefront (it shows this text).' }),
    problems: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Every problem found, each as `field: what is wrong` or `cart[2] (K500, Medium, Navy): …`; `message` names the first few.',
      }),
    ),
    issue: Type.Optional(nullable(Type.String({ description: "PayPal's issue code (INSTRUMENT_DECLINED) or ours (CAPTURE_DECLINED, PAYMENT_MISMATCH)." }))),
    debug_id: Type.Optional(nullable(Type.String({ description: "PayPal's debug id of a refused capture." }))),
  },
  { additionalProperties: true, description: 'An answer other than success.' },
);
export type ErrorAnswer = Static<typeof ErrorAnswerSchema>;

/** Set when a confirmation e-mail to the buyer was queued with the order (the tenant sends them). */
const CONFIRMATION_SENT_TO = Type.String({
  minLength: 3,
  description:
    "The address the buyer's confirmation e-mail goes to: the one typed at checkout. Absent when none is sent (the tenant turned them off, or the hourly cap was reached).",
});

export const CreateOrderAnswerSchema = Type.Object(
  {
    order_id: Type.String({ minLength: 1, description: "The order's id: PayPal's order id for a PayPal order (capture it with capture-order), else ours." }),
    total: dollars("The server's total: what is charged or invoiced."),
    confirmation_sent_to: Type.Optional(CONFIRMATION_SENT_TO),
  },
  { additionalProperties: false },
);
export type CreateOrderAnswer = Static<typeof CreateOrderAnswerSchema>;

export const CaptureCompletedAnswerSchema = Type.Object(
  {
    order_id: Type.String({ minLength: 1 }),
    status: Type.Literal('COMPLETED'),
    paid: paidState('paypal'),
    capture_id: nullable(Type.String({ description: "PayPal's capture id." })),
    total: Type.Optional(dollars("The order's total, as create-order answered it (absent from captures stored before it was added).")),
    confirmation_sent_to: Type.Optional(CONFIRMATION_SENT_TO),
  },
  { additionalProperties: false, description: 'Captured and verified: the order is paid.' },
);
export type CaptureCompletedAnswer = Static<typeof CaptureCompletedAnswerSchema>;

export const CapturePendingAnswerSchema = Type.Object(
  {
    order_id: Type.String({ minLength: 1 }),
    status: Type.Literal('PENDING'),
    paid: paidState('unpaid'),
    capture_id: nullable(Type.String()),
    message: Type.String(),
  },
  { additionalProperties: false, description: 'PayPal accepted the capture but has not confirmed it; call again later.' },
);

export const CaptureProcessingAnswerSchema = Type.Object(
  {
    order_id: Type.String({ minLength: 1 }),
    status: Type.Literal('PROCESSING'),
    paid: paidState('unpaid'),
    message: Type.String(),
  },
  { additionalProperties: false, description: 'Another request holds this capture; call again in a moment, do not pay again.' },
);

export const CaptureWaitingAnswerSchema = Type.Union([CapturePendingAnswerSchema, CaptureProcessingAnswerSchema]);
export type CaptureWaitingAnswer = Static<typeof CaptureWaitingAnswerSchema>;

const settableStatus = (description: string) => Type.Unsafe<(typeof SETTABLE_STATUSES)[number]>({ type: 'string', enum: [...SETTABLE_STATUSES], description });

export const StatusChangeSchema = Type.Object(
  {
    status: settableStatus('The status set.'),
    at: Type.String({ description: 'ISO time of the change.' }),
    by: Type.Union([Type.Literal('admin'), Type.Literal('supplier')], {
      description: "Who changed it: an admin session of the tenant, or the supplier's order desk.",
    }),
    carrier: Type.Optional(Type.Unsafe<(typeof CARRIERS)[number]>({ type: 'string', enum: [...CARRIERS], description: 'Shipped: the carrier.' })),
    tracking_number: Type.Optional(Type.String({ description: 'Shipped: the tracking number.' })),
    tracking_url: Type.Optional(Type.String({ description: "Shipped: the carrier's tracking page; absent for carrier 'other'." })),
    reason: Type.Optional(Type.String({ description: 'Cancelled: why.' })),
  },
  { additionalProperties: false, description: "Ours: one change of an order's status." },
);
export type StatusChange = Static<typeof StatusChangeSchema>;

export const PlacedOrderSchema = Type.Object(
  {
    email: Type.String(),
    created_at: Type.String({ description: 'ISO time; update-historical-order finds the order by it, sent exactly as given.' }),
    first_name: Type.String(),
    last_name: Type.String(),
    company_name: Type.String(),
    store: Type.String({ description: "The store's name, or empty for None." }),
    paid: Type.Union([paidState('invoiced'), paidState('paypal'), paidState('unpaid')], {
      description: "How the order stands with payment: the spec's number, each value named by its `title`.",
    }),
    order: Type.Array(OrderLineSchema),
    order_id: Type.String({ description: 'Ours.' }),
    customer_po: Type.String({ description: 'Ours.' }),
    in_hands_date: Type.Optional(Type.String({ description: 'Ours: the day the buyer needs the goods in hand (YYYY-MM-DD), when they gave one.' })),
    supplier_note: Type.Optional(Type.String({ description: "Ours: the buyer's note to the supplier, when they wrote one; plain text." })),
    total: dollars('Ours: the order total.'),
    placed_with: Type.Optional(Type.String({ description: "Admin sessions only: how the order was placed ('bypass code 1 of 2', 'PayPal order …')." })),
    client_ip: Type.Optional(Type.String({ description: 'Admin sessions only: the address the order was placed from.' })),
    personal_data_removed: Type.Optional(
      Type.Literal(true, { description: "Ours: the order is past ORDER_RETENTION_DAYS; its names, e-mail and client address are ''." }),
    ),
    status: Type.Unsafe<'placed' | 'paid' | (typeof SETTABLE_STATUSES)[number]>({
      type: 'string',
      enum: ['placed', 'paid', ...SETTABLE_STATUSES],
      description: "Ours: where the order stands; 'placed' (bypass code) or 'paid' (PayPal) until an admin sets another (set-order-status).",
    }),
    status_history: Type.Array(StatusChangeSchema, { description: "Ours: every change of the status, oldest first; empty while it is the order's first." }),
  },
  { additionalProperties: false, description: 'An order (spec section 3), then our fields.' },
);
export type PlacedOrder = Static<typeof PlacedOrderSchema>;

export const RetrieveOrdersAnswerSchema = Type.Object(
  {
    orders: Type.Array(PlacedOrderSchema, { description: 'Placed (2) and paid (1) orders, newest first.' }),
    next_cursor: nullable(Type.String({ minLength: 1, description: 'Send back as `cursor` for the next page; null on the last page.' })),
  },
  { additionalProperties: false },
);
export type RetrieveOrdersAnswer = Static<typeof RetrieveOrdersAnswerSchema>;

export const UpdateHistoricalOrderAnswerSchema = Type.Object(
  { order: PlacedOrderSchema },
  { additionalProperties: false, description: 'The order as it now is.' },
);
export type UpdateHistoricalOrderAnswer = Static<typeof UpdateHistoricalOrderAnswerSchema>;

export const SetOrderStatusAnswerSchema = Type.Object(
  { order: PlacedOrderSchema },
  { additionalProperties: false, description: 'The order with its new status.' },
);
export type SetOrderStatusAnswer = Static<typeof SetOrderStatusAnswerSchema>;

export const BuyerOrderSchema = Type.Pick(
  PlacedOrderSchema,
  ['order_id', 'created_at', 'company_name', 'store', 'customer_po', 'paid', 'order', 'total', 'status', 'status_history', 'in_hands_date', 'supplier_note'],
  { additionalProperties: false, description: "One order as its buyer's link shows it: no names, e-mail or address." },
);
export type BuyerOrder = Static<typeof BuyerOrderSchema>;

export const ViewOrderAnswerSchema = Type.Object({ order: BuyerOrderSchema }, { additionalProperties: false, description: 'The order the link opens.' });
export type ViewOrderAnswer = Static<typeof ViewOrderAnswerSchema>;

export const SessionAnswerSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, description: "Send as `Authorization: Bearer <token>` (staff, admin), or in create-order's `store_tokens` (store)." }),
    role: Type.Union([Type.Literal('staff'), Type.Literal('admin'), Type.Literal('bypass'), Type.Literal('store')]),
    store: Type.Optional(Type.String({ description: 'A store session: the store code it opens.' })),
    expires_at: Type.String({ description: 'ISO time the token stops being accepted.' }),
    tenant_id: Type.Optional(Type.String({ description: "The entry screen's password only: the tenant whose password it is." })),
    company_name: Type.Optional(Type.String({ description: "The entry screen's password only: that tenant's company name." })),
  },
  { additionalProperties: false },
);
export type SessionAnswer = Static<typeof SessionAnswerSchema>;

export const DeviceLinkAnswerSchema = Type.Object(
  {
    message: Type.String({
      description: 'The same for every address, listed or not, sent or over its hourly cap: the answer never tells whether an address is known.',
    }),
  },
  { additionalProperties: false },
);
export type DeviceLinkAnswer = Static<typeof DeviceLinkAnswerSchema>;

export const RedeemDeviceLinkAnswerSchema = Type.Object(
  {
    tenant_id: Type.String({ description: 'The tenant the link was for.' }),
    company_name: Type.String({ description: "That tenant's company name." }),
    message: Type.String({ description: 'What to tell the person: the browser is recognised, and the password is still needed.' }),
  },
  { additionalProperties: false, description: 'No session: only the Device-Proof header, which makes the browser a known device of the tenant.' },
);
export type RedeemDeviceLinkAnswer = Static<typeof RedeemDeviceLinkAnswerSchema>;

export const HealthAnswerSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    storage: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
    paypal: Type.Union([Type.Literal('configured'), Type.Literal('not configured')]),
    tenants: Type.Integer({ minimum: 0, description: 'Tenants loaded.' }),
  },
  { additionalProperties: true, description: 'The process runs and its database answers.' },
);
export type HealthAnswer = Static<typeof HealthAnswerSchema>;

export const ReadyAnswerSchema = Type.Object(
  { status: Type.Literal('ready'), storage: Type.Optional(Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')])) },
  { additionalProperties: true, description: 'This instance can take traffic.' },
);

export const NotReadyAnswerSchema = Type.Object(
  { status: Type.Literal('not ready'), message: Type.String({ minLength: 1, description: 'Why not.' }) },
  { additionalProperties: true, description: 'This instance should not get traffic yet (or any more).' },
);
