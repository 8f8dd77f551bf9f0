// How a worker thread loads its TypeScript module: as the one module esbuild made of it
// (compiled-module.ts) when its parent has one; otherwise, since a worker thread does not inherit
// the TypeScript loader `tsx` gave its parent, through a tsx loader registered here.
import { pathToFileURL } from 'node:url';

/** `bundle`: the compiled module's path, or undefined; `source`: the TypeScript module's URL. */
export async function loadThreadModule(bundle, source) {
  if (bundle) {
    try {
      return await import(pathToFileURL(bundle).href);
    } catch {
      // A bundle removed with the cache meanwhile: the TypeScript is only slower to load.
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(source.href);
}
