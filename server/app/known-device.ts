import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { DEVICE_PROOF_HEADER } from './device-proofs.ts';
import type { Guesser } from './failure-limiter.ts';

/** The request as the guess limits see it: its address, and its device when it carries a valid proof for `tenantId`. */
export async function guesserOf(ctx: ApiContext, request: ApiRequest, tenantId: string | undefined): Promise<Guesser> {
  const device = await ctx.devices.deviceOf(request.headers[DEVICE_PROOF_HEADER], tenantId);
  return { client: request.client, log: request.log, ...(device === undefined ? {} : { device }) };
}

/**
 * `answer` to a right secret for `tenantId`, with a device proof for the browser to keep: the
 * same device id it proved, renewed, or a new one.
 */
export async function withDeviceProof(ctx: ApiContext, who: Guesser, tenantId: string, answer: ApiAnswer): Promise<ApiAnswer> {
  return { ...answer, headers: { ...answer.headers, [DEVICE_PROOF_HEADER]: await ctx.devices.issue(tenantId, who.device) } };
}
