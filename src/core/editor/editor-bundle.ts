import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { schemaValidatorsCode } from '../data/schema-validator.ts';
import { REPO_ROOT } from '../project-root.ts';

/** The editor's browser code and its stylesheet, one file each. */
export interface EditorBundle {
  js: string;
  /** The validator's thread (src/editor/check-worker.ts), loaded from beside the page's script as check-worker.js. */
  worker: string;
  css: string;
}

/** The module name the editor imports its schema validators by (src/editor/schema-validators.d.ts). */
const VALIDATORS = 'editor:schema-validators';

/**
 * The browser editor (src/editor/main.tsx) bundled by esbuild: a bundle of its own, loaded only by
 * /admin/, so none of it counts against a storefront page's script budget. The schema validators
 * go in compiled (the same code `npm run validate` runs), so the page needs no eval.
 */
export async function bundleEditor(): Promise<EditorBundle> {
  const made = await build({
    entryPoints: { main: path.join(REPO_ROOT, 'src/editor/main.tsx'), 'check-worker': path.join(REPO_ROOT, 'src/editor/check-worker.ts') },
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [validatorsPlugin()],
    logLevel: 'silent',
  });
  const output = (name: string) => made.outputFiles.find((file) => path.basename(file.path) === name)?.text ?? '';
  return { js: output('main.js'), worker: output('check-worker.js'), css: output('main.css') };
}

function validatorsPlugin(): Plugin {
  return {
    name: 'schema-validators',
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^${VALIDATORS}$`) }, () => ({ path: VALIDATORS, namespace: 'validators' }));
      builder.onLoad({ filter: /.*/, namespace: 'validators' }, () => ({ contents: schemaValidatorsCode(), loader: 'js', resolveDir: REPO_ROOT }));
    },
  };
}
