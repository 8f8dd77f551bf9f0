import { runStart } from '../src/core/cli/start-command.ts';

await runStart(process.argv.slice(2));
