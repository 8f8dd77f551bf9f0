import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { BUNDLE_OPTIONS, currentModule, digests, loadEsbuild, madeWithOf, type CompiledRecord } from './compiled-module-record.mjs';

/**
 * `entry` and everything it imports from the project compiled by esbuild into one JavaScript
 * module (packages stay imports, resolved from node_modules as they are now), kept in `cacheDir`
 * until one of those files changes; answers its path. Through tsx, the build's thread took half
 * a second or more to resolve and compile its two hundred modules, each asked of tsx's own
 * loader thread, before it could read the first data file; a page-rendering thread took a second
 * or more for its 130, on the core the data's validation wanted (docs/performance.md, Cold
 * builds). A module still current is known at once (its inputs are hashed: a few milliseconds);
 * one to make again is answered as a promise. Answers undefined when esbuild cannot make it: the
 * caller then loads the TypeScript through tsx, as before.
 *
 * Each source's `import.meta.url` stays its own file's address, so what it finds beside itself
 * (a worker's script, the project root) it still finds from the compiled module.
 */
export function compiledModule(
  entry: string,
  { projectRoot, cacheDir }: { projectRoot: string; cacheDir: string },
): string | Promise<string | undefined> | undefined {
  const esbuild = loadEsbuild();
  if (!esbuild) return undefined;
  const madeWith = madeWithOf(esbuild);
  return currentModule(projectRoot, cacheDir, madeWith) ?? compile(esbuild, entry, madeWith, projectRoot, cacheDir, path.join(cacheDir, 'module.json'));
}

async function compile(
  esbuild: typeof Esbuild,
  entry: string,
  madeWith: string,
  projectRoot: string,
  cacheDir: string,
  recordFile: string,
): Promise<string | undefined> {
  try {
    const made = await esbuild.build({
      ...BUNDLE_OPTIONS,
      entryPoints: [entry],
      absWorkingDir: projectRoot,
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: path.join(cacheDir, 'module.mjs'),
      plugins: [ownAddresses],
    });
    const code = made.outputFiles.find((output) => output.path.endsWith('.mjs'))?.text;
    const map = made.outputFiles.find((output) => output.path.endsWith('.map'))?.text;
    if (code === undefined || map === undefined) return undefined;
    // The project's compilation settings (JSX) count as inputs too.
    const inputs = digests(projectRoot, [...Object.keys(made.metafile.inputs), 'tsconfig.json', 'package.json']);
    const file = `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
    mkdirSync(cacheDir, { recursive: true });
    // Beside other processes that may read the folder at once: each file appears whole, or not at all.
    writeWhole(path.join(cacheDir, `${file}.map`), map);
    writeWhole(path.join(cacheDir, file), code.replace('sourceMappingURL=module.mjs.map', `sourceMappingURL=${file}.map`));
    writeWhole(recordFile, `${JSON.stringify({ file, madeWith, inputs } satisfies CompiledRecord, null, 1)}\n`);
    return path.join(cacheDir, file);
  } catch {
    return undefined;
  }
}

/** Gives each source file of the project its own `import.meta.url`, not the compiled module's. */
const ownAddresses: Esbuild.Plugin = {
  name: 'own-addresses',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = readFileSync(file, 'utf8').replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(file).href));
      const extension = path.extname(file);
      return { contents, loader: extension === '.tsx' ? 'tsx' : extension === '.mjs' ? 'js' : 'ts' };
    });
  },
};

/**
 * The process's Node options without those that load tsx (`--import tsx`, and the `--require`/`--import`
 * pair the tsx command adds): for a worker thread that runs a compiled module, which would still
 * start tsx's loader, inherited, to no use.
 */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const loads = /^(--import|--require|-r|--loader|--experimental-loader)(=|$)/;
  const out: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const option = execArgv[index]!;
    const match = loads.exec(option);
    if (!match) {
      out.push(option);
      continue;
    }
    const value = match[2] === '=' ? option.slice(match[0].length) : execArgv[index + 1];
    if (match[2] !== '=') index++;
    if (!value?.includes('tsx')) out.push(...(match[2] === '=' ? [option] : [option, value ?? '']));
  }
  return out;
}

function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
