import { runDev } from '../src/core/cli/dev-command.ts';

const status = await runDev(process.argv.slice(2));
if (status !== 0) process.exit(status);
