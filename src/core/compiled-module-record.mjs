// Plain JavaScript, not TypeScript: `npm run build` (scripts/build.mjs) asks it whether the
// build's compiled module is current before anything loads tsx. compiled-module.ts makes the
// modules; this knows whether one made before still stands. Types: compiled-module-record.d.mts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** How the module is made besides its inputs: a change to either makes a new one. */
export const BUNDLE_OPTIONS = /** @type {const} */ ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  target: 'node20',
  sourcemap: 'linked',
});

/** esbuild, which tsx brings; loaded synchronously (its API is CommonJS), so a current module is known at once. */
export function loadEsbuild() {
  try {
    return createRequire(import.meta.url)('esbuild');
  } catch {
    return undefined;
  }
}

/** @param {{ version: string }} esbuild */
export function madeWithOf(esbuild) {
  return `esbuild ${esbuild.version} ${JSON.stringify(BUNDLE_OPTIONS)}`;
}

/**
 * The module `cacheDir` holds when it was made by `madeWith` from the files as they are now; its
 * path, or undefined.
 * @param {string} projectRoot
 * @param {string} cacheDir
 * @param {string} madeWith
 * @returns {string | undefined}
 */
export function currentModule(projectRoot, cacheDir, madeWith) {
  const recorded = readRecord(path.join(cacheDir, 'module.json'));
  if (recorded?.madeWith === madeWith && existsSync(path.join(cacheDir, recorded.file)) && unchanged(projectRoot, recorded.inputs))
    return path.join(cacheDir, recorded.file);
  return undefined;
}

/**
 * Each file's sha256, by its path relative to the project root.
 * @param {string} projectRoot
 * @param {readonly string[]} files
 * @returns {Record<string, string>}
 */
export function digests(projectRoot, files) {
  return Object.fromEntries(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(projectRoot, file)))
        .digest('hex'),
    ]),
  );
}

/** @param {string} file */
function readRecord(file) {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    return typeof record.file === 'string' && typeof record.inputs === 'object' ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} projectRoot
 * @param {Record<string, string>} inputs
 */
function unchanged(projectRoot, inputs) {
  try {
    return Object.entries(digests(projectRoot, Object.keys(inputs))).every(([file, sha256]) => inputs[file] === sha256);
  } catch {
    // A file gone: made again from what imports what now.
    return false;
  }
}
