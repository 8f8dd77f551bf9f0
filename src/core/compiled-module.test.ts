import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledModule, withoutTsx } from './compiled-module.ts';

describe('compiledModule (the code a page-rendering thread loads)', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it('compiles a module and what it imports, keeps it while they are unchanged, and compiles it again when one changes', async () => {
    const projectRoot = mkdtempSync(path.join(tmpdir(), 'compiled-module-'));
    folders.push(projectRoot);
    const cacheDir = path.join(projectRoot, '.cache', 'compiled');
    const write = (file: string, text: string) => writeFileSync(path.join(projectRoot, file), text);
    write('package.json', '{ "type": "module" }\n');
    write('tsconfig.json', '{ "compilerOptions": { "strict": true } }\n');
    write('entry.ts', "export { greeting, address } from './greeting.ts';\n");
    write('greeting.ts', "export const greeting: string = 'hello';\nexport const address = import.meta.url;\n");
    const entry = path.join(projectRoot, 'entry.ts');
    const load = async (file: string) => {
      const { greeting, address } = (await import(pathToFileURL(file).href)) as { greeting: string; address: string };
      return { greeting, address };
    };

    const first = compiledModule(entry, { projectRoot, cacheDir });
    expect(first).toBeInstanceOf(Promise);
    const firstFile = (await first) as string;
    expect(await load(firstFile)).toEqual({ greeting: 'hello', address: pathToFileURL(path.join(projectRoot, 'greeting.ts')).href });

    // Unchanged: known at once, the same file.
    expect(compiledModule(entry, { projectRoot, cacheDir })).toBe(firstFile);

    write('greeting.ts', "export const greeting: string = 'good morning';\nexport const address = import.meta.url;\n");
    const again = compiledModule(entry, { projectRoot, cacheDir });
    expect(again).toBeInstanceOf(Promise);
    const againFile = (await again) as string;
    expect(againFile).not.toBe(firstFile);
    expect((await load(againFile)).greeting).toBe('good morning');
  });

  it('answers none for code esbuild cannot compile, so the caller loads the TypeScript itself', async () => {
    const projectRoot = mkdtempSync(path.join(tmpdir(), 'compiled-module-'));
    folders.push(projectRoot);
    writeFileSync(path.join(projectRoot, 'entry.ts'), "export { missing } from './not-there.ts';\n");
    expect(await compiledModule(path.join(projectRoot, 'entry.ts'), { projectRoot, cacheDir: path.join(projectRoot, '.cache') })).toBeUndefined();
  });

  it("leaves out of a thread's Node options only what loads tsx", () => {
    expect(withoutTsx(['--import', 'tsx', '--cpu-prof'])).toEqual(['--cpu-prof']);
    // What the tsx command gives the process it runs.
    expect(
      withoutTsx([
        '--require',
        '/p/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///p/node_modules/tsx/dist/loader.mjs',
        '--max-old-space-size=4096',
      ]),
    ).toEqual(['--max-old-space-size=4096']);
    expect(withoutTsx(['--import=tsx', '--import', './other.mjs'])).toEqual(['--import', './other.mjs']);
  });
});
