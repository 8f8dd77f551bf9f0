import { Type, type Static, type TOptional, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * An order line's fields, written once: retrieve-orders and update-historical-order answer
 * lines of this shape (`OrderLineSchema`), and update-historical-order takes them back
 * (`WireOrderLineSchema`, the same fields, most of them optional or null). The spec's fields
 * (section 3, Order line) come first; "ours" marks extensions.
 */
const ORDER_LINE_FIELDS = {
  code: Type.String({ maxLength: 60, description: 'Product code.' }),
  quantity: Type.Number({ description: 'Pieces.' }),
  price: Type.Number({ description: 'Unit price in dollars, exact (0.0279 stays 0.0279).' }),
  description: Type.String({ maxLength: 300, description: 'The product name.' }),
  size: Type.String({ maxLength: 40, description: 'Size or tier.' }),
  color: Type.String({ maxLength: 60, description: 'Colour.' }),
  embroidery: Type.String({ maxLength: 200, description: 'Logo name.' }),
  customer_po: Type.String({ maxLength: 100, description: 'Editable.' }),
  po: Type.String({ maxLength: 100, description: 'Editable.' }),
  est_ship_date: Type.String({
    maxLength: 100,
    description: 'Editable: a day as YYYY-MM-DD, empty to clear it, or the stored value unchanged (free text written before the date input).',
  }),
  type: Type.String({ maxLength: 40, description: "Ours: the product's type." }),
  placement: Type.String({ maxLength: 40, description: 'Ours: logo placement.' }),
  second_embroidery: Type.String({ maxLength: 200, description: 'Ours: second logo name.' }),
  second_placement: Type.String({ maxLength: 40, description: 'Ours: second logo placement.' }),
  line_total: Type.Number({ description: 'Ours: the line total in dollars, exact.' }),
  store: Type.String({ maxLength: 40, description: 'Ours: the store code a customs line was ordered for (absent for other lines).' }),
};

type Fields = typeof ORDER_LINE_FIELDS;

/** The fields a line sent back must carry, and those it may omit but not send as null. */
const REQUIRED_BACK = ['code'] as const satisfies readonly (keyof Fields)[];
const NEVER_NULL_BACK = ['quantity', 'size', 'color'] as const satisfies readonly (keyof Fields)[];

type SentBack<K extends keyof Fields> = K extends (typeof REQUIRED_BACK)[number]
  ? Fields[K]
  : K extends (typeof NEVER_NULL_BACK)[number]
    ? TOptional<Fields[K]>
    : TOptional<TUnsafe<Static<Fields[K]> | null>>;

// `type: [X, 'null']` rather than TypeBox's anyOf unions: ajv then reports one error per field
// ("must be string or null"), not one per branch.
function orNull<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] });
}

function sentBack(): { [K in keyof Fields]: SentBack<K> } {
  const entries = Object.entries(ORDER_LINE_FIELDS).map(([name, schema]) => {
    if ((REQUIRED_BACK as readonly string[]).includes(name)) return [name, schema];
    return [name, Type.Optional((NEVER_NULL_BACK as readonly string[]).includes(name) ? schema : orNull(schema))];
  });
  return Object.fromEntries(entries) as { [K in keyof Fields]: SentBack<K> };
}

export const OrderLineSchema = Type.Object(
  { ...ORDER_LINE_FIELDS, store: Type.Optional(ORDER_LINE_FIELDS.store) },
  { additionalProperties: false, description: 'A line of a placed order, as retrieve-orders and update-historical-order answer it.' },
);
export type OrderLine = Static<typeof OrderLineSchema>;

export const WireOrderLineSchema = Type.Object(sentBack(), {
  additionalProperties: false,
  description: 'A line of an order as retrieve-orders gave it. Only po, customer_po and est_ship_date may differ from the stored line.',
});
export type WireOrderLine = Static<typeof WireOrderLineSchema>;
