// `npm run build`: the build's code loaded as the one module esbuild made of it
// (compiled-module.ts), kept in .cache/compiled/build/ until a source changes, so a build does
// not start tsx and compile its two hundred modules first (half a second or more, most of a
// one-product edit's start). Plain JavaScript, to ask before anything loads tsx; the first build
// after a change to the code makes the module through tsx, and a machine without esbuild loads
// the TypeScript as scripts/build.ts does.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { currentModule, loadEsbuild, madeWithOf } from '../src/core/compiled-module-record.mjs';

// A build is a production build (scripts/build.ts says why): set before React is first imported.
process.env.NODE_ENV = 'production';
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(projectRoot, 'src', 'core', 'cli', 'build-command.ts');
const cacheDir = path.join(projectRoot, '.cache', 'compiled', 'build');

const esbuild = loadEsbuild();
const current = esbuild && currentModule(projectRoot, cacheDir, madeWithOf(esbuild));
const { runBuild } = await import(current ? pathToFileURL(current).href : await madeNow());

process.exitCode = await runBuild(process.argv.slice(2));

/** The module made now through tsx, or, when esbuild cannot make it, the TypeScript itself. */
async function madeNow() {
  const { register } = await import('tsx/esm/api');
  register();
  const { compiledModule } = await import('../src/core/compiled-module.ts');
  const made = await compiledModule(entry, { projectRoot, cacheDir });
  return pathToFileURL(made ?? entry).href;
}
