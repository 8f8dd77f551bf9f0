/**
 * JSON with object keys sorted at every level, so equal values always hash the same however
 * their keys happen to be ordered: the image cache's keys, the build's input digests and the
 * order API's idempotency request hashes all rest on it.
 *
 * Written straight to text, not through a sorted copy handed to JSON.stringify: a build writes
 * megabytes of it for its page keys, and the copies were most of that time. The text is the
 * copy's, byte for byte (digests recorded before still match): an object's own enumerable keys,
 * those whose value is not undefined, integer keys first in numeric order (as an object made of
 * the sorted keys would list them), then the others in sorted order; any other object (a Date, a
 * Map) written by its own keys, never by toJSON.
 */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return written(value);
}

function written(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // Where JSON.stringify leaves a value out of an object or writes null in an array (a function, a symbol): callers of written handle undefined.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += written(value[index]);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of sortedKeys(record)) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${written(item)}`;
  }
  return `${text}}`;
}

/** An object's keys in the order JSON.stringify wrote the sorted copy's: integer keys by value, then the rest sorted. */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  let integers: string[] | undefined;
  for (const key of keys) if (isIndexKey(key)) (integers ??= []).push(key);
  // sort()'s own order is by UTF-16 code units, as `<` compares strings.
  if (integers === undefined) return keys.sort();
  const others = keys.filter((key) => !isIndexKey(key)).sort();
  return [...integers.sort((a, b) => Number(a) - Number(b)), ...others];
}

/** A key an object lists first, in numeric order: a canonical array index (0 to 2^32 - 2). */
function isIndexKey(key: string): boolean {
  const first = key.charCodeAt(0);
  if (!(first >= 48 && first <= 57)) return false;
  if (key.length > 1 && first === 48) return false;
  for (let index = 1; index < key.length; index++) {
    const code = key.charCodeAt(index);
    if (!(code >= 48 && code <= 57)) return false;
  }
  return key.length < 10 || Number(key) < 2 ** 32 - 1;
}

/**
 * stableJson of an object whose values are given already written by stableJson (an undefined
 * one left out, as stableJson leaves it out): a part that many digests share, such as an image's
 * published names shown by every tenant, is then written once, not once for each.
 */
export function stableJsonOfParts(parts: Readonly<Record<string, string | undefined>>): string {
  return `{${sortedKeys(parts)
    .filter((key) => parts[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${parts[key]}`)
    .join(',')}}`;
}
