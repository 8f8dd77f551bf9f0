import { readStoredJson, writeStoredJson } from './stored-json.ts';

/**
 * Device proofs (server/app/device-proofs.ts): after a right password or bypass code, the order
 * API answers a `Device-Proof` header, a signed token naming the storefront. The browser keeps
 * one per storefront in localStorage, across visits, and sends them all back with every call:
 * the API then knows this browser signed in before, and a flood of wrong codes from elsewhere
 * does not make it wait. The token is opaque here except for the storefront it names.
 */
export const DEVICE_PROOF_HEADER = 'device-proof';

const STORAGE_KEY = 'order-api-device-proofs';
/** The API reads at most 8; a browser rarely knows more than one or two storefronts. */
const MAX_KEPT = 8;

type ProofStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's localStorage, or undefined where there is none or it is refused (private mode, tests in Node). */
export function deviceProofStorage(): ProofStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The Device-Proof header to send: every kept proof, newest first, or undefined when there is none. */
export function deviceProofHeader(storage: ProofStorage | undefined): string | undefined {
  const proofs = readProofs(storage);
  return proofs.length > 0 ? proofs.map((p) => p.proof).join(', ') : undefined;
}

/** Keeps a proof an answer carried, in place of an older one for the same storefront. */
export function keepDeviceProof(storage: ProofStorage | undefined, proof: string | null): void {
  if (!storage || !proof) return;
  const tenant = tenantOf(proof);
  if (tenant === undefined) return;
  const kept = [{ tenant, proof }, ...readProofs(storage).filter((p) => p.tenant !== tenant)].slice(0, MAX_KEPT);
  // Refused or full, the browser is an unknown client next time, nothing worse.
  writeStoredJson(storage, STORAGE_KEY, kept);
}

function readProofs(storage: ProofStorage | undefined): { tenant: string; proof: string }[] {
  const value = readStoredJson(storage, STORAGE_KEY);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is { tenant: string; proof: string } => typeof p?.tenant === 'string' && typeof p?.proof === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(p.proof),
  );
}

/** The storefront a proof names (its JWT subject), read without checking the signature: the API checks it. */
function tenantOf(proof: string): string | undefined {
  const payload = proof.split('.')[1];
  if (payload === undefined || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(proof)) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub: unknown = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}
