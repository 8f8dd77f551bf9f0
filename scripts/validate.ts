import { runValidate } from '../src/core/cli/validate-command.ts';

process.exitCode = runValidate(process.argv.slice(2));
