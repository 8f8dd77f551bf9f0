import { parseArgs } from 'node:util';
import { DevInputError, startDevServer } from '../dev/dev-server.ts';
import { localPorts } from '../serve/local-ports.ts';
import { printUrls } from './start-command.ts';
import { projectRoot } from '../project-root.ts';
import { UserError } from '../user-error.ts';

/**
 * `npm run dev [-- --root DIR]`: the live preview. The same addresses as `npm start` (PORT,
 * API_PORT), every page rendered when it is asked for from the data in memory, updated in the
 * open pages when a data file, an image or src/ changes.
 */
export async function runDev(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { root: { type: 'string' } } });
  const started = performance.now();
  try {
    const { port, apiPort } = localPorts(process.env);
    const server = await startDevServer({ repoRoot: projectRoot(), dataRoot: projectRoot(values.root), port, apiPort });
    printUrls(server.data.project.tenants, server.port, server.apiOrigin);
    console.log(
      `Live preview ready in ${((performance.now() - started) / 1000).toFixed(1)} s: saving a data file, an image or a file under src/ updates the open pages. Ctrl-C stops.`,
    );
    const stop = () => {
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return 0;
  } catch (error) {
    if (error instanceof UserError) {
      // After the data's problem lines, a blank line; a refused setting is the one line.
      console.error(`${error instanceof DevInputError ? '\n' : ''}npm run dev: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
