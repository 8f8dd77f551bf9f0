import { Type, type Static } from '@sinclair/typebox';
import { CARRIERS, SETTABLE_STATUSES } from '../domain/order-status.ts';
import { PlacedOrderSchema } from './order-api-responses.ts';

/** The answers of the supplier's order desk (POST /v1/desk-*), beside their requests (desk-requests.ts). */

const orderStatus = Type.Unsafe<'placed' | 'paid' | (typeof SETTABLE_STATUSES)[number]>({
  type: 'string',
  enum: ['placed', 'paid', ...SETTABLE_STATUSES],
});

export const DeskSessionAnswerSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, description: 'Send as `Authorization: Bearer <token>` to the desk calls.' }),
    name: Type.String({ description: 'Who signed in, as recorded with each change.' }),
    expires_at: Type.String({ description: 'ISO time the token stops being accepted.' }),
  },
  { additionalProperties: false },
);
export type DeskSessionAnswer = Static<typeof DeskSessionAnswerSchema>;

export const DeskOrderSchema = Type.Object(
  { ...PlacedOrderSchema.properties, tenant_id: Type.String({ description: "The tenant's id (its file name)." }) },
  { additionalProperties: false, description: "An order as its tenant's admins see it, and whose it is." },
);
export type DeskOrder = Static<typeof DeskOrderSchema>;

export const DeskTenantSchema = Type.Object(
  {
    id: Type.String(),
    company_name: Type.String(),
    stores: Type.Array(Type.String(), { description: "Its stores' names, as orders show them." }),
  },
  { additionalProperties: false },
);
export type DeskTenant = Static<typeof DeskTenantSchema>;

export const DeskOrdersAnswerSchema = Type.Object(
  {
    orders: Type.Array(DeskOrderSchema, { description: 'Placed and paid orders of every tenant, newest first.' }),
    next_cursor: Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: 'Send back as `cursor` for the next page; null on the last.' }),
    tenants: Type.Array(DeskTenantSchema, { description: 'Every tenant the API serves, for the tenant and store filters.' }),
  },
  { additionalProperties: false },
);
export type DeskOrdersAnswer = Static<typeof DeskOrdersAnswerSchema>;

export const DeskStatusStateSchema = Type.Object(
  {
    status: orderStatus,
    carrier: Type.Optional(Type.Unsafe<(typeof CARRIERS)[number]>({ type: 'string', enum: [...CARRIERS] })),
    tracking_number: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false, description: 'Where an order stands: its status, and the tracking or reason that came with it.' },
);
export type DeskStatusState = Static<typeof DeskStatusStateSchema>;

export const DeskChangeSchema = Type.Object(
  {
    order_id: Type.String(),
    tenant_id: Type.String(),
    company_name: Type.String(),
    before: DeskStatusStateSchema,
    after: DeskStatusStateSchema,
  },
  { additionalProperties: false },
);
export type DeskChange = Static<typeof DeskChangeSchema>;

export const DeskSetStatusAnswerSchema = Type.Object(
  {
    applied: Type.Boolean({ description: 'false for a dry run: nothing changed.' }),
    changes: Type.Array(DeskChangeSchema, { description: 'Each order, before and after, in the order asked.' }),
  },
  { additionalProperties: false },
);
export type DeskSetStatusAnswer = Static<typeof DeskSetStatusAnswerSchema>;

export const DeskImportTrackingAnswerSchema = Type.Object(
  {
    applied: Type.Boolean({ description: 'false for a dry run: nothing changed.' }),
    rows: Type.Array(
      Type.Object(
        {
          row: Type.Integer({ minimum: 2, description: "The row's number in the file (the header is row 1)." }),
          change: DeskChangeSchema,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DeskImportTrackingAnswer = Static<typeof DeskImportTrackingAnswerSchema>;

export const DeskExportAnswerSchema = Type.Object(
  {
    file_name: Type.String({ minLength: 1 }),
    content_type: Type.String({ minLength: 1 }),
    content_base64: Type.String({ description: "The file's bytes, base64." }),
    orders: Type.Integer({ minimum: 0, description: 'Orders in the file.' }),
    lines: Type.Integer({ minimum: 0, description: 'Rows in the file: one per order line.' }),
    total: Type.Number({ description: "The orders' totals summed, in dollars, exact." }),
  },
  { additionalProperties: false },
);
export type DeskExportAnswer = Static<typeof DeskExportAnswerSchema>;

export const DeskAuditAnswerSchema = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        {
          order_id: Type.String(),
          by: Type.String({ description: "The name the supplier's staff member signed in with." }),
          at: Type.String({ description: 'ISO time of the change.' }),
          action: Type.Union([Type.Literal('status'), Type.Literal('tracking import')]),
          before: DeskStatusStateSchema,
          after: DeskStatusStateSchema,
        },
        { additionalProperties: false },
      ),
      { description: 'Oldest first.' },
    ),
  },
  { additionalProperties: false },
);
export type DeskAuditAnswer = Static<typeof DeskAuditAnswerSchema>;
