import { Type, type Static } from '@sinclair/typebox';
import { CARRIERS, SETTABLE_STATUSES, TRACKING_NUMBER_PATTERN, type Carrier, type OrderStatus, type SettableStatus } from '../domain/order-status.ts';

/**
 * The request bodies of the supplier's order desk (POST /v1/desk-*), written once like the
 * tenants' calls beside them (order-api-requests.ts registers them): one sign-in for the
 * supplier's staff, one list of every tenant's orders, status and tracking in bulk, exports.
 */

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const carrier = (description: string) => Type.Unsafe<Carrier>({ type: 'string', enum: [...CARRIERS], description });

export const DeskSessionBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80, description: 'Who is signing in: recorded with every change this session makes.' }),
    password: Type.String({ minLength: 1, maxLength: 200, description: "The supplier's desk password (SUPPLIER_DESK_PASSWORD_HASH)." }),
  },
  { additionalProperties: false },
);
export type DeskSessionBody = Static<typeof DeskSessionBodySchema>;

export const DeskFilterSchema = Type.Object(
  {
    tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "A tenant's id: only its orders." })),
    status: Type.Optional(
      Type.Unsafe<OrderStatus>({ type: 'string', enum: ['placed', 'paid', ...SETTABLE_STATUSES], description: 'Where the order stands now.' }),
    ),
    from: Type.Optional(Type.String({ pattern: DAY, 'x-error': 'must be a date (YYYY-MM-DD)', description: 'Placed on or after this day (UTC).' })),
    to: Type.Optional(Type.String({ pattern: DAY, 'x-error': 'must be a date (YYYY-MM-DD)', description: 'Placed on or before this day (UTC).' })),
    store: Type.Optional(Type.String({ maxLength: 100, description: "The store's name, exactly as orders show it." })),
    po: Type.Optional(Type.String({ maxLength: 100, description: "Text in the order's Customer PO or a line's Customer PO or PO (any case)." })),
    search: Type.Optional(
      Type.String({
        maxLength: 254,
        description: "An order number (any case), or else text in the buyer's name or e-mail or in the order's Customer PO (any case).",
      }),
    ),
  },
  { additionalProperties: false, description: 'Only the orders that match every field given.' },
);
export type DeskFilter = Static<typeof DeskFilterSchema>;

export const DeskOrdersBodySchema = Type.Object(
  {
    filter: Type.Optional(DeskFilterSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'At most this many, newest first (default 50).' })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The previous answer's next_cursor, for the next page." })),
  },
  { additionalProperties: false },
);
export type DeskOrdersBody = Static<typeof DeskOrdersBodySchema>;

export const DeskStatusChangeSchema = Type.Object(
  {
    order_id: Type.String({ minLength: 1, maxLength: 100 }),
    status: Type.Unsafe<SettableStatus>({ type: 'string', enum: [...SETTABLE_STATUSES], description: 'The new status.' }),
    carrier: Type.Optional(carrier("Required for shipped: the carrier; 'other' gives no tracking link.")),
    tracking_number: Type.Optional(
      Type.String({ pattern: TRACKING_NUMBER_PATTERN, 'x-error': 'must be 4 to 40 letters, digits, spaces or dashes', description: 'Required for shipped.' }),
    ),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Required for cancelled: why, shown to staff.' })),
  },
  { additionalProperties: false },
);
export type DeskStatusChange = Static<typeof DeskStatusChangeSchema>;

export const DeskSetStatusBodySchema = Type.Object(
  {
    changes: Type.Array(DeskStatusChangeSchema, { minItems: 1, maxItems: 500, description: 'One change per order; all are made, or none.' }),
    dry_run: Type.Optional(Type.Boolean({ description: 'Check every change and answer what would happen, changing nothing.' })),
  },
  { additionalProperties: false },
);
export type DeskSetStatusBody = Static<typeof DeskSetStatusBodySchema>;

export const DeskImportTrackingBodySchema = Type.Object(
  {
    csv: Type.String({
      minLength: 1,
      maxLength: 500_000,
      description:
        "A carrier's CSV: a header row naming `order_number` and `tracking_number` columns (and optionally `carrier`), then one row per shipped order.",
    }),
    carrier: Type.Optional(carrier('The carrier of rows without a carrier column or value.')),
    dry_run: Type.Boolean({ description: 'true: check every row and answer what would happen; false: ship them all, or none.' }),
  },
  { additionalProperties: false },
);
export type DeskImportTrackingBody = Static<typeof DeskImportTrackingBodySchema>;

export const DeskExportBodySchema = Type.Object(
  {
    filter: Type.Optional(DeskFilterSchema),
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { description: 'CSV text or an Excel workbook.' }),
  },
  { additionalProperties: false },
);
export type DeskExportBody = Static<typeof DeskExportBodySchema>;

export const DeskAuditBodySchema = Type.Object(
  { order_id: Type.String({ minLength: 1, maxLength: 100, description: 'The order whose desk changes to list.' }) },
  { additionalProperties: false },
);
export type DeskAuditBody = Static<typeof DeskAuditBodySchema>;
