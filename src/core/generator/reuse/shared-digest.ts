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

/**
 * Records the digest of an object made by a pure function of things already digested, from
 * their digests: a picture is pictureSources' of its image and the tenant's URL prefix
 * (publish-assets.ts), and the tenants of a catalog show the same images under their own prefix,
 * so each image is written out once, not once for every tenant. The code of that function is in
 * every page's key (page-cache.ts), so equal inputs give the same object. The recipe's text, not a
 * sha256's hex, so it never equals another object's digest.
 */
export function madeFrom(value: object, kind: string, inputs: readonly string[]): void {
  // Not hashed: it stands for the object only inside the digests that hash it, and a hash a picture was a tenth of a second of a one-product edit.
  digests.set(value, JSON.stringify([kind, ...inputs]));
}
