import { createHash } from 'node:crypto';
import { stableJson } from '../../stable-json.ts';

const digests = new WeakMap<object, string>();

/**
 * The sha256 of an object's stable JSON, computed once per object: a tenant's frame, or a
 * catalog that several tenants and hundreds of pages are made from (megabytes of JSON at 600
 * products). Only for objects a build no longer changes once they are digested.
 */
export function sharedDigest(value: object): string {
  let digest = digests.get(value);
  if (digest === undefined) {
    digest = createHash('sha256').update(stableJson(value)).digest('hex');
    digests.set(value, digest);
  }
  return digest;
}
