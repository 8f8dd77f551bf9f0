import { runValidate } from '../src/core/cli/validate-command.ts';

process.exitCode = await runValidate(process.argv.slice(2));
