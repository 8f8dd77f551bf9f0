import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleEditor } from '../editor/editor-bundle.ts';
import { startEditorServer } from '../editor/editor-server.ts';
import { projectRoot } from '../project-root.ts';

const USAGE = 'Usage: npm run editor [-- --port N] [--root DIR]';

/**
 * `npm run editor`: the browser editor on this machine, against this working tree. Each save
 * writes the files and commits them on the current branch. Runs until stopped (Ctrl+C).
 */
export async function runEditor(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = values.port === undefined ? 4321 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port takes a port number, got "${values.port}"\n${USAGE}`);
    return 1;
  }
  const root = projectRoot(values.root);
  if (!existsSync(path.join(root, '.git'))) {
    console.error(`${root} is not a Git working tree: the editor commits each save there`);
    return 1;
  }
  const server = await startEditorServer({ root, bundle: await bundleEditor(), port });
  console.log(`The editor is at ${server.url} (this machine only). Each save is a commit on the current branch. Ctrl+C stops it.`);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  await server.close();
  return 0;
}
