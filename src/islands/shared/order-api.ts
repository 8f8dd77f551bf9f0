/** What the storefront shows when a call fails: the server's message and the status (spec section 8). */
export class OrderApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The API's `issue` code when it sent one (a declined capture: 'INSTRUMENT_DECLINED'). */
    readonly issue?: string,
  ) {
    super(message);
  }
}

export const UNEXPECTED_ERROR = 'Unexpected error. Please try again.';

/**
 * POSTs JSON to the tenant's order API and answers its status with the parsed body. A failure
 * becomes an OrderApiError with the response's `message` (else 'Unexpected error. Please try
 * again.') and its status, or 500 when no response came at all. The status matters where two
 * successes mean different things (capture-order: 200 paid, 202 still processing).
 */
export async function postOrderApiAnswer<T>(apiBase: string, path: string, body: unknown, options: { idempotencyKey?: string; token?: string } = {}): Promise<{ status: number; data: T }> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new OrderApiError(UNEXPECTED_ERROR, 500);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, issue } = (data ?? {}) as { message?: unknown; issue?: unknown };
    throw new OrderApiError(typeof message === 'string' && message !== '' ? message : UNEXPECTED_ERROR, response.status, typeof issue === 'string' ? issue : undefined);
  }
  return { status: response.status, data: data as T };
}

/** postOrderApiAnswer for the calls whose every success means the same: the body alone. */
export async function postOrderApi<T>(apiBase: string, path: string, body: unknown, options: { idempotencyKey?: string; token?: string } = {}): Promise<T> {
  return (await postOrderApiAnswer<T>(apiBase, path, body, options)).data;
}
