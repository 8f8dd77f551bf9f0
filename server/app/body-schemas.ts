import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { ROUTE_TABLE, type CallName, type RequestBody } from '../../src/contracts/order-api-routes.ts';
import { wordSchemaError } from '../../src/core/data/schema-error-words.ts';
import { cleanText } from './clean-text.ts';
import { HttpError } from './http-error.ts';

/**
 * Every request body is checked against its call's schema in the route table
 * (src/contracts/order-api-routes.ts, where its type comes from too). A body that does not match is answered 400 naming each wrong
 * field and why, worded as the data validator words its errors.
 */

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
    validators = Object.fromEntries(Object.entries(ROUTE_TABLE).flatMap(([name, route]) => (route.body ? [[name, ajv.compile(route.body)]] : []))) as Record<
      CallName,
      ValidateFunction
    >;
  }
  return validators;
}

/** The body, typed and its text trimmed, or a 400 listing every problem as `field: reason`. */
export function validateBody<N extends CallName>(call: N, sent: unknown): RequestBody<N> {
  const validate = getValidators()[call];
  const { body, problems: textProblems } = cleanText(sent);
  // ajv leaves a call's errors on the compiled function, shared by every request, until its next
  // call: so it is called for every body, and its errors are read at once, before anything else
  // runs. Read later, or after a call that was skipped, they are another client's.
  const valid = validate(body);
  const schemaProblems = valid ? [] : (validate.errors ?? []).map(describeError);
  if (textProblems.length === 0 && valid) return body as RequestBody<N>;
  const problems = [...new Set([...textProblems, ...schemaProblems])];
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
  throw new HttpError(400, `Invalid ${call} request: ${shown}`, { problems });
}

function describeError(error: ErrorObject): string {
  const { at, message } = wordSchemaError(error, { suggestKey: (_typed, known) => `; known fields are ${known.join(', ')}` });
  return `${fieldPath(at)}: ${message}`;
}

/** ['cart', '2', 'quantity'] → `cart[2].quantity`; the whole body is `body`. */
function fieldPath(segments: readonly string[]): string {
  if (segments.length === 0) return 'body';
  let out = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
