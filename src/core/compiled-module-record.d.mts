// The types of compiled-module-record.mjs (plain JavaScript, so `npm run build` checks its compiled module without tsx).
import type * as Esbuild from 'esbuild';

/** What `<cacheDir>/module.json` keeps of the module last made. */
export interface CompiledRecord {
  /** The module's file name in the same folder. */
  file: string;
  /** esbuild's version and BUNDLE_OPTIONS. */
  madeWith: string;
  /** Every file it was made from, relative to the project root, with its sha256. */
  inputs: Record<string, string>;
}

export declare const BUNDLE_OPTIONS: {
  readonly bundle: true;
  readonly platform: 'node';
  readonly format: 'esm';
  readonly packages: 'external';
  readonly target: 'node20';
  readonly sourcemap: 'linked';
};

export declare function loadEsbuild(): typeof Esbuild | undefined;
export declare function madeWithOf(esbuild: { version: string }): string;
export declare function currentModule(projectRoot: string, cacheDir: string, madeWith: string): string | undefined;
export declare function digests(projectRoot: string, files: readonly string[]): Record<string, string>;
