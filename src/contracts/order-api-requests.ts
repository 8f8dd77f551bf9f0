import { Type, type Static } from '@sinclair/typebox';
import { SUPPLIER_NOTE_MAX } from '../domain/in-hands-date.ts';
import { CARRIERS, SETTABLE_STATUSES, TRACKING_NUMBER_PATTERN, type Carrier, type SettableStatus, type OrderStatus } from '../domain/order-status.ts';
import { WireOrderLineSchema } from './order-line.ts';

/**
 * The order API's request bodies, written once: each is a JSON Schema (2020-12,
 * `additionalProperties: false` throughout) that the API checks with ajv
 * (server/app/body-schemas.ts), and its TypeScript type (`Static<…>`) that the API's handlers
 * and the islands that send it use. Field names are the spec's (section 7); fields marked
 * "ours" are extensions. The islands import the types only, so no schema ships to a browser.
 * The answers are beside them (order-api-responses.ts), an order line's fields in order-line.ts.
 */

// `type: [X, 'null']` rather than TypeBox's anyOf unions: ajv then reports one error per field
// ("must be string or null"), not one per branch.
const text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const optionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, description }));
const optionalNumber = (description?: string) =>
  Type.Optional(Type.Unsafe<number | null>({ type: ['number', 'null'], ...(description ? { description } : {}) }));

export const WireCartLineSchema = Type.Object(
  {
    type: optionalText(40, "The product's type; the catalog's is used."),
    name: optionalText(200, "The product's name; the catalog's is used."),
    price: optionalNumber('The unit price the shopper saw; never used: the server prices every line.'),
    quantity: Type.Number({ description: 'Pieces: a positive whole number (tier × runs for tier sizes).' }),
    size: text(40, 'A size label of the product, or its tier ("500").'),
    color: text(60, 'One of the product colours or half colours.'),
    code: text(60, 'The product code.'),
    placement: optionalText(40, 'Logo placement (recorded for mens, womens, tshirts and hat only).'),
    embroidery: optionalText(200, 'Logo name.'),
    secondEmbroidery: optionalText(200, 'Second logo name.'),
    secondPlacement: optionalText(40, 'Second logo placement.'),
    store: optionalText(40, "Ours: the code of the store whose customs catalog the line was added from; absent takes the order's store."),
  },
  {
    additionalProperties: false,
    description: 'A cart line (spec section 3). Only code, size, color and quantity decide what is ordered; price is ignored.',
  },
);
export type WireCartLine = Static<typeof WireCartLineSchema>;

const instant = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
    'x-error': 'must be an ISO 8601 time with its zone (2026-03-01T06:00:00.000Z)',
    description,
  });

const companyName = (description = "The tenant's company_name.") => Type.String({ minLength: 1, maxLength: 200, description });

/** An address mail can be sent to, as loosely as mail programs take one: text, one @, text. */
const emailAddress = (options: { description?: string } = {}) =>
  Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$', 'x-error': 'must be an e-mail address', ...options });

export const CreateOrderBodySchema = Type.Object(
  {
    first_name: Type.String({ minLength: 1, maxLength: 100 }),
    last_name: Type.String({ minLength: 1, maxLength: 100 }),
    email: emailAddress(),
    store: optionalText(300, "The store chosen at checkout: one of the tenant's store codes (or its exact name); empty or absent for None."),
    customer_po: optionalText(100, "The customer's purchase order number."),
    in_hands_date: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        pattern: '^(\\d{4}-\\d{2}-\\d{2})?$',
        'x-error': 'must be a date (YYYY-MM-DD)',
        description: 'Ours: the day the goods must be in hand, YYYY-MM-DD; a day that exists and is not over anywhere on Earth. Empty or absent for none.',
      }),
    ),
    supplier_note: optionalText(SUPPLIER_NOTE_MAX, 'Ours: a note to the supplier, one line of text, shown as typed (never as markup).'),
    companyName: companyName(),
    // A list or the browser's keyed map: `items` checks the one, `additionalProperties` the other.
    cart: Type.Unsafe<WireCartLine[] | Record<string, WireCartLine>>({
      description: 'The cart: a list of cart lines, or the keyed map the browser stores.',
      type: ['array', 'object'],
      minItems: 1,
      maxItems: 500,
      items: WireCartLineSchema,
      minProperties: 1,
      maxProperties: 500,
      additionalProperties: WireCartLineSchema,
    }),
    bypassPaypal: Type.Optional(Type.Boolean({ description: 'Place the order without payment, with a bypass code.' })),
    code: optionalText(100, 'The bypass code typed at checkout (ours; required with bypassPaypal).'),
    store_tokens: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), {
        maxItems: 20,
        description:
          'Ours: store session tokens (POST /v1/session with store and password), one per password-protected store whose customs products are in the cart.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBodySchema>;

export const CaptureOrderBodySchema = Type.Object(
  { order_id: Type.String({ minLength: 1, maxLength: 100 }), companyName: companyName() },
  { additionalProperties: false },
);
export type CaptureOrderBody = Static<typeof CaptureOrderBodySchema>;

export const RetrieveOrdersBodySchema = Type.Object(
  {
    companyName: companyName(),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Ours: at most this many, newest first (default 100).' })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Ours: the previous answer's next_cursor, for the next page." })),
    filter: Type.Optional(
      Type.Object(
        {
          buyer: Type.Optional(Type.String({ maxLength: 254, description: "Words in the buyer's first name, last name or e-mail (any case)." })),
          po: Type.Optional(Type.String({ maxLength: 100, description: "Text in the order's Customer PO or a line's Customer PO or PO (any case)." })),
          placed_from: Type.Optional(instant('Placed at or after this instant (the start of the first day the desk chose, in its time zone).')),
          placed_before: Type.Optional(instant('Placed before this instant (the end of the last day the desk chose, in its time zone).')),
          status: Type.Optional(
            Type.Unsafe<OrderStatus>({ type: 'string', enum: ['placed', 'paid', ...SETTABLE_STATUSES], description: 'Where the order stands now.' }),
          ),
        },
        { additionalProperties: false, description: 'Ours: only the orders that match every field given; the cursor pages through the matches.' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RetrieveOrdersBody = Static<typeof RetrieveOrdersBodySchema>;

export const UpdateHistoricalOrderBodySchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    created_at: Type.String({ minLength: 1, maxLength: 40, description: 'Exactly as retrieve-orders gave it.' }),
    cart: Type.Array(WireOrderLineSchema, { minItems: 1, maxItems: 500, description: "The order's lines, in order." }),
    admin_password: Type.Optional(Type.String({ maxLength: 200, description: 'Without an admin session token: the admin password.' })),
    companyName: Type.Optional(companyName('Ours, optional: the tenant, when two tenants could have an order with the same e-mail and time.')),
  },
  { additionalProperties: false },
);
export type UpdateHistoricalOrderBody = Static<typeof UpdateHistoricalOrderBodySchema>;

export const SetOrderStatusBodySchema = Type.Object(
  {
    companyName: companyName(),
    order_id: Type.String({ minLength: 1, maxLength: 100, description: "The order's order_id, as retrieve-orders gave it." }),
    status: Type.Unsafe<SettableStatus>({ type: 'string', enum: [...SETTABLE_STATUSES], description: 'The new status.' }),
    carrier: Type.Optional(
      Type.Unsafe<Carrier>({ type: 'string', enum: [...CARRIERS], description: "Required for shipped: the carrier; 'other' gives no tracking link." }),
    ),
    tracking_number: Type.Optional(
      Type.String({
        pattern: TRACKING_NUMBER_PATTERN,
        'x-error': 'must be 4 to 40 letters, digits, spaces or dashes',
        description: 'Required for shipped: the tracking number.',
      }),
    ),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Required for cancelled: why, shown to staff.' })),
  },
  { additionalProperties: false },
);
export type SetOrderStatusBody = Static<typeof SetOrderStatusBodySchema>;

export const SessionBodySchema = Type.Object(
  {
    companyName: Type.Optional(companyName("The tenant's company_name; absent only for the entry screen's password, which names its tenant by itself.")),
    password: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "The tenant's password (staff) or admin_password (admin); with store, that store's password." }),
    ),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A bypass code of the tenant (compared in upper case): a bypass session.' })),
    store: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'A store code of the tenant: with password, a store session that opens its customs catalog.' }),
    ),
  },
  { additionalProperties: false },
);
export type SessionBody = Static<typeof SessionBodySchema>;

export const ViewOrderBodySchema = Type.Object(
  {
    companyName: companyName(),
    order_id: Type.String({ minLength: 1, maxLength: 100, description: "The order's order_id, as the order link names it." }),
    key: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: "The order link's key, as the buyer's e-mail gave it: it opens this one order, read-only, until it expires.",
    }),
  },
  { additionalProperties: false },
);
export type ViewOrderBody = Static<typeof ViewOrderBodySchema>;

export const DeviceLinkBodySchema = Type.Object(
  {
    companyName: companyName(),
    email: emailAddress({ description: "A staff address: a link is e-mailed only when it is one of the tenant's `email_recipients`." }),
  },
  { additionalProperties: false },
);
export type DeviceLinkBody = Static<typeof DeviceLinkBodySchema>;

export const RedeemDeviceLinkBodySchema = Type.Object(
  {
    token: Type.String({
      minLength: 20,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]+$',
      description: "The e-mailed sign-in link's token (its `#device-link=` fragment).",
    }),
  },
  { additionalProperties: false },
);
export type RedeemDeviceLinkBody = Static<typeof RedeemDeviceLinkBodySchema>;
