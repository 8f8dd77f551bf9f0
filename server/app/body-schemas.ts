import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { cleanText } from './clean-text.ts';
import { HttpError } from './http-error.ts';

/**
 * The JSON Schema of every request body (2020-12, `additionalProperties: false` throughout).
 * Field names are the spec's (section 7); fields marked "ours" are extensions. A body that
 * does not match is answered 400 naming each wrong field and why.
 */

const text = (maxLength: number, description: string) => ({ type: 'string', maxLength, description });
const optionalText = (maxLength: number, description: string) => ({ type: ['string', 'null'], maxLength, description });

const cartLine = {
  type: 'object',
  description: 'A cart line (spec section 3). Only code, size, color and quantity decide what is ordered; price is ignored.',
  additionalProperties: false,
  required: ['code', 'size', 'color', 'quantity'],
  properties: {
    type: optionalText(40, "The product's type; the catalog's is used."),
    name: optionalText(200, "The product's name; the catalog's is used."),
    price: { type: ['number', 'null'], description: 'The unit price the shopper saw; never used: the server prices every line.' },
    quantity: { type: 'number', description: 'Pieces: a positive whole number (tier × runs for tier sizes).' },
    size: text(40, 'A size label of the product, or its tier ("500").'),
    color: text(60, 'One of the product colours or half colours.'),
    code: text(60, 'The product code.'),
    placement: optionalText(40, 'Logo placement (recorded for mens, womens, tshirts and hat only).'),
    embroidery: optionalText(200, 'Logo name.'),
    secondEmbroidery: optionalText(200, 'Second logo name.'),
    secondPlacement: optionalText(40, 'Second logo placement.'),
    store: optionalText(40, "Ours: the code of the store whose customs catalog the line was added from; absent takes the order's store."),
  },
};

const companyName = { type: 'string', minLength: 1, maxLength: 200, description: "The tenant's company_name." };

const createOrder = {
  type: 'object',
  additionalProperties: false,
  required: ['first_name', 'last_name', 'email', 'cart', 'companyName'],
  properties: {
    first_name: { type: 'string', minLength: 1, maxLength: 100 },
    last_name: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$', 'x-error': 'must be an e-mail address' },
    store: optionalText(300, "The store chosen at checkout: one of the tenant's store codes (or its exact name); empty or absent for None."),
    customer_po: optionalText(100, "The customer's purchase order number."),
    companyName,
    cart: {
      description: 'The cart: a list of cart lines, or the keyed map the browser stores.',
      type: ['array', 'object'],
      minItems: 1,
      maxItems: 500,
      items: cartLine,
      minProperties: 1,
      maxProperties: 500,
      additionalProperties: cartLine,
    },
    bypassPaypal: { type: 'boolean', description: 'Place the order without payment, with a bypass code.' },
    code: optionalText(100, 'The bypass code typed at checkout (ours; required with bypassPaypal).'),
    store_tokens: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 2000 },
      description: 'Ours: store session tokens (POST /v1/session with store and password), one per password-protected store whose customs products are in the cart.',
    },
  },
};

const captureOrder = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'companyName'],
  properties: { order_id: { type: 'string', minLength: 1, maxLength: 100 }, companyName },
};

const retrieveOrders = {
  type: 'object',
  additionalProperties: false,
  required: ['companyName'],
  properties: {
    companyName,
    limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Ours: at most this many, newest first (default 100).' },
    cursor: { type: 'string', minLength: 1, maxLength: 200, description: "Ours: the previous answer's next_cursor, for the next page." },
  },
};

const orderLine = {
  type: 'object',
  description: 'A line of an order as retrieve-orders gave it. Only po, customer_po and est_ship_date may differ from the stored line.',
  additionalProperties: false,
  required: ['code'],
  properties: {
    code: text(60, 'Product code.'),
    quantity: { type: 'number' },
    price: { type: ['number', 'null'] },
    description: optionalText(300, 'The product name.'),
    size: text(40, 'Size or tier.'),
    color: text(60, 'Colour.'),
    embroidery: optionalText(200, 'Logo name.'),
    customer_po: optionalText(100, 'Editable.'),
    po: optionalText(100, 'Editable.'),
    est_ship_date: optionalText(100, 'Editable: a day as YYYY-MM-DD, empty to clear it, or the stored value unchanged (free text written before the date input).'),
    type: optionalText(40, 'Ours.'),
    placement: optionalText(40, 'Ours.'),
    second_embroidery: optionalText(200, 'Ours.'),
    second_placement: optionalText(40, 'Ours.'),
    line_total: { type: ['number', 'null'], description: 'Ours.' },
    store: optionalText(40, 'Ours: the store code a customs line was ordered for.'),
  },
};

const session = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: {
    companyName: { ...companyName, description: "The tenant's company_name; absent only for the entry screen's password, which names its tenant by itself." },
    password: { type: 'string', minLength: 1, maxLength: 200, description: "The tenant's password (staff) or admin_password (admin); with store, that store's password." },
    code: { type: 'string', minLength: 1, maxLength: 100, description: 'A bypass code of the tenant (compared in upper case): a bypass session.' },
    store: { type: 'string', minLength: 1, maxLength: 40, description: 'A store code of the tenant: with password, a store session that opens its customs catalog.' },
  },
};

const updateHistoricalOrder = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'created_at', 'cart'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    created_at: { type: 'string', minLength: 1, maxLength: 40, description: 'Exactly as retrieve-orders gave it.' },
    cart: { type: 'array', minItems: 1, maxItems: 500, items: orderLine, description: "The order's lines, in order." },
    admin_password: { type: 'string', maxLength: 200, description: 'Without an admin session token: the admin password.' },
    companyName: { ...companyName, description: 'Ours, optional: the tenant, when two tenants could have an order with the same e-mail and time.' },
  },
};

export const BODY_SCHEMAS = {
  'create-order': createOrder,
  'capture-order': captureOrder,
  'retrieve-orders': retrieveOrders,
  'update-historical-order': updateHistoricalOrder,
  session,
} as const;

export type CallName = keyof typeof BODY_SCHEMAS;

export interface WireCartLine {
  type?: string | null;
  name?: string | null;
  price?: number | null;
  quantity: number;
  size: string;
  color: string;
  code: string;
  placement?: string | null;
  embroidery?: string | null;
  secondEmbroidery?: string | null;
  secondPlacement?: string | null;
  store?: string | null;
}

export interface CreateOrderBody {
  first_name: string;
  last_name: string;
  email: string;
  store?: string | null;
  customer_po?: string | null;
  companyName: string;
  cart: WireCartLine[] | Record<string, WireCartLine>;
  bypassPaypal?: boolean;
  code?: string | null;
  store_tokens?: string[];
}

export interface CaptureOrderBody {
  order_id: string;
  companyName: string;
}

export interface RetrieveOrdersBody {
  companyName: string;
  limit?: number;
  cursor?: string;
}

export interface WireOrderLine {
  code: string;
  quantity?: number;
  price?: number | null;
  description?: string | null;
  size?: string;
  color?: string;
  embroidery?: string | null;
  customer_po?: string | null;
  po?: string | null;
  est_ship_date?: string | null;
  type?: string | null;
  placement?: string | null;
  second_embroidery?: string | null;
  second_placement?: string | null;
  line_total?: number | null;
  store?: string | null;
}

export interface UpdateHistoricalOrderBody {
  email: string;
  created_at: string;
  cart: WireOrderLine[];
  admin_password?: string;
  companyName?: string;
}

export interface SessionBody {
  companyName?: string;
  password?: string;
  code?: string;
  store?: string;
}

interface Bodies {
  'create-order': CreateOrderBody;
  'capture-order': CaptureOrderBody;
  'retrieve-orders': RetrieveOrdersBody;
  'update-historical-order': UpdateHistoricalOrderBody;
  session: SessionBody;
}

let validators: Record<CallName, ValidateFunction> | undefined;

/** Compiles the schemas now rather than on the first request (start-order-api.ts calls it). */
export function compileBodySchemas(): void {
  getValidators();
}

function getValidators(): Record<CallName, ValidateFunction> {
  if (!validators) {
    // strictTypes off: `cart` is deliberately a list or a map, with `items` for one and `additionalProperties` for the other.
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictTypes: false });
    ajv.addKeyword({ keyword: 'x-error', schemaType: 'string' });
    validators = Object.fromEntries(Object.entries(BODY_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)])) as Record<CallName, ValidateFunction>;
  }
  return validators;
}

/** The body, typed and its text trimmed, or a 400 listing every problem as `field: reason`. */
export function validateBody<N extends CallName>(call: N, sent: unknown): Bodies[N] {
  const validate = getValidators()[call];
  const { body, problems: textProblems } = cleanText(sent);
  if (textProblems.length === 0 && validate(body)) return body as Bodies[N];
  const problems = [...new Set([...textProblems, ...(validate.errors ?? []).map(describeError)])];
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
  throw new HttpError(400, `Invalid ${call} request: ${shown}`, { problems });
}

function describeError(error: ErrorObject): string {
  const path = fieldPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const at = (field: string) => (path === 'body' ? field : /^[A-Za-z_][A-Za-z0-9_]*$/.test(field) ? `${path}.${field}` : `${path}[${JSON.stringify(field)}]`);
  switch (error.keyword) {
    case 'required':
      return `${at(String(params.missingProperty))}: is required`;
    case 'additionalProperties': {
      const allowed = Object.keys((schema.properties as object | undefined) ?? {});
      return `${at(String(params.additionalProperty))}: is not a known field (known: ${allowed.join(', ')})`;
    }
    case 'type':
      return `${path}: must be ${String(params.type).replace(',', ' or ')}, got ${describe(error.data)}`;
    case 'pattern':
      return `${path}: ${typeof schema['x-error'] === 'string' ? schema['x-error'] : `must match ${String(params.pattern)}`}`;
    case 'minLength':
      return params.limit === 1 ? `${path}: must not be empty` : `${path}: must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${path}: must be at most ${String(params.limit)} characters`;
    case 'minItems':
    case 'minProperties':
      return `${path}: must have at least ${String(params.limit)} ${params.limit === 1 ? 'line' : 'lines'}`;
    case 'maxItems':
    case 'maxProperties':
      return `${path}: must have at most ${String(params.limit)} lines`;
    case 'minimum':
    case 'maximum':
      return `${path}: must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}, got ${describe(error.data)}`;
    default:
      return `${path}: ${error.message ?? 'is not valid'}`;
  }
}

/** `/cart/2/quantity` → `cart[2].quantity`; the whole body is `body`. */
function fieldPath(pointer: string): string {
  if (pointer === '') return 'body';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}
