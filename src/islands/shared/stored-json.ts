/**
 * What the islands keep in sessionStorage or localStorage (checkout details, sessions, device
 * proofs) is a convenience: storage may be missing (Node in tests), refuse (private mode, a full
 * quota) or hold what another version of the page wrote. Losing it must cost the convenience and
 * never the page, so reading what cannot be read gives undefined, and a refused write or removal
 * leaves things as they were. Each reader still checks the shape of what it gets.
 */
export function readStoredJson(storage: Pick<Storage, 'getItem'> | undefined, key: string): unknown {
  try {
    return JSON.parse(storage?.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` as JSON under `key`; if storage refuses, it is kept only while the page is open. */
export function writeStoredJson(storage: Pick<Storage, 'setItem'> | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Refused or full: the caller's page goes on with what it holds in memory.
  }
}

export function removeStored(storage: Pick<Storage, 'removeItem'> | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Storage that refuses writes holds nothing of ours to remove.
  }
}
