import { runPrices } from '../src/core/cli/prices-command.ts';

process.exitCode = runPrices(process.argv.slice(2));
