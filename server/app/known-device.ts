import type { Tenant } from '../../src/domain/tenant.ts';
import type { ApiAnswer, ApiContext, ApiRequest } from './api-context.ts';
import { DEVICE_PROOF_HEADER, type MintedProof, type ProvenCredential } from './device-proofs.ts';
import type { Guesser } from './failure-limiter.ts';

/** The request as the guess limits see it: its client, and its device when it carries an honoured proof for `tenantId` (any tenant at the entry screen). */
export async function guesserOf(ctx: Pick<ApiContext, 'devices' | 'tenants'>, request: ApiRequest, tenantId: string | undefined): Promise<Guesser> {
  const device = await ctx.devices.deviceOf(request.headers[DEVICE_PROOF_HEADER], tenantId, (id) => ctx.tenants.byId(id)?.tenant);
  return { client: request.client, log: request.log, ...(device === undefined ? {} : { device }) };
}

/**
 * `answer` to a right secret (`grant`) of `tenant`, with a device proof for the browser to keep:
 * the same device id it proved for this tenant, renewed, or a new one. A proof that cannot be
 * registered is left out: the answer stands, and the browser is an unknown client next time.
 */
export async function withDeviceProof<A extends ApiAnswer>(
  ctx: Pick<ApiContext, 'devices'>,
  request: ApiRequest,
  who: Guesser,
  tenant: Tenant,
  grant: ProvenCredential,
  answer: A,
): Promise<A> {
  let proof: string;
  try {
    proof = await ctx.devices.issue(tenant, grant, knownDeviceId(who, tenant));
  } catch (error) {
    request.log.warn('could not issue a device proof; answering without one', { error });
    return answer;
  }
  return withProof(answer, proof);
}

/** A device proof as withDeviceProof gives it, for the caller to register in its own transaction (create-order's, with the order). */
export function mintDeviceProof(ctx: Pick<ApiContext, 'devices'>, who: Guesser, tenant: Tenant, grant: ProvenCredential): MintedProof {
  return ctx.devices.mint(tenant, grant, knownDeviceId(who, tenant));
}

/** `answer` carrying `proof` in its header. */
export function withProof<A extends ApiAnswer>(answer: A, proof: string): A {
  return { ...answer, headers: { ...answer.headers, [DEVICE_PROOF_HEADER]: proof } };
}

/** The device id the request proved for `tenant`, kept when its proof is renewed. */
function knownDeviceId(who: Guesser, tenant: Tenant): string | undefined {
  return who.device?.tenantId === tenant.id ? who.device.id : undefined;
}
