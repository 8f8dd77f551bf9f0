/**
 * JSON with object keys sorted at every level, so equal values always hash the same however
 * their keys happen to be ordered: the image cache's keys, the build's input digests and the
 * order API's idempotency request hashes all rest on it.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/**
 * stableJson of an object whose values are given already written by stableJson (an undefined
 * one left out, as stableJson leaves it out): a part that many digests share, such as an image's
 * published names shown by every tenant, is then written once, not once for each.
 */
export function stableJsonOfParts(parts: Readonly<Record<string, string | undefined>>): string {
  // The keys in the order sortKeys gives them.
  const sorted = sortKeys(parts) as Record<string, string>;
  return `{${Object.entries(sorted)
    .map(([key, json]) => `${JSON.stringify(key)}:${json}`)
    .join(',')}}`;
}
