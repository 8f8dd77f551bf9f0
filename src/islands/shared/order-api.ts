import type { CallName, CallPath, RequestBody, SuccessBody } from '../../contracts/order-api-routes.ts';
import { DEVICE_PROOF_HEADER, deviceProofHeader, deviceProofStorage, keepDeviceProof } from './device-proof.ts';

/** A failed call: the server's message and the status (spec section 8), for the code to decide on; people read `errorMessage`. */
export class OrderApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The API's `issue` code when it sent one (a declined capture: 'INSTRUMENT_DECLINED'). */
    readonly issue?: string,
    readonly details: {
      /** The answer's X-Request-Id: what the order API logged the failure under. */
      requestId?: string;
      /** No answer came at all (offline, blocked, refused, cut off). */
      unanswered?: boolean;
      /** The answer's `problems`, each named where it is (`row 3: …`), when it listed them. */
      problems?: readonly string[];
    } = {},
  ) {
    super(message);
  }
}

export const UNEXPECTED_ERROR = 'Unexpected error. Please try again.';
export const SERVICE_UNREACHABLE = 'The order service cannot be reached; try again';

/**
 * A failed call as a person reads it: the server's own message (written for the buyer: 'Too
 * many wrong passwords or codes; try again in 40 seconds'), that the service cannot be reached
 * when no answer came, and for a failure on the server's side the reference it was logged
 * under, to quote when calling. Never the HTTP status: '(500)' means nothing to a buyer.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof OrderApiError)) return UNEXPECTED_ERROR;
  if (error.details.unanswered) return SERVICE_UNREACHABLE;
  const { requestId } = error.details;
  return error.status >= 500 && requestId ? `${error.message} (reference ${requestId})` : error.message;
}

export interface CallOptions {
  idempotencyKey?: string;
  token?: string;
}

/**
 * POSTs a call of the order API's route table (src/contracts/order-api-routes.ts) to the
 * tenant's order API, its body typed as the call's, and answers its status with the parsed
 * success body, typed as that call's answer. Only types come from the contract (no schema ships
 * to the browser), so the path is the table's rule, `/v1/<call>`, checked against it by type. Every call
 * carries the browser's device proofs and keeps a new one the answer brings (device-proof.ts). A failure
 * becomes an OrderApiError with the response's `message` (else 'Unexpected error. Please try
 * again.') and its status, or 500 when no response came at all. The status matters where two
 * successes mean different things (capture-order: 200 paid, 202 still processing).
 */
export async function postOrderApiAnswer<N extends CallName>(
  apiBase: string,
  call: N,
  body: RequestBody<N>,
  options: CallOptions = {},
): Promise<{ status: number; data: SuccessBody<N> }> {
  const path: CallPath<N> = `/v1/${call}`;
  let response: Response;
  const storage = deviceProofStorage();
  const proofs = deviceProofHeader(storage);
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(proofs ? { [DEVICE_PROOF_HEADER]: proofs } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new OrderApiError(UNEXPECTED_ERROR, 500, undefined, { unanswered: true });
  }
  keepDeviceProof(storage, response.headers.get(DEVICE_PROOF_HEADER));
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, issue, problems } = (data ?? {}) as { message?: unknown; issue?: unknown; problems?: unknown };
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const listed = Array.isArray(problems) ? problems.filter((problem): problem is string => typeof problem === 'string') : undefined;
    throw new OrderApiError(
      typeof message === 'string' && message !== '' ? message : UNEXPECTED_ERROR,
      response.status,
      typeof issue === 'string' ? issue : undefined,
      { requestId, ...(listed ? { problems: listed } : {}) },
    );
  }
  return { status: response.status, data: data as SuccessBody<N> };
}

/** postOrderApiAnswer for the calls whose every success means the same: the body alone. */
export async function postOrderApi<N extends CallName>(apiBase: string, call: N, body: RequestBody<N>, options: CallOptions = {}): Promise<SuccessBody<N>> {
  return (await postOrderApiAnswer(apiBase, call, body, options)).data;
}
