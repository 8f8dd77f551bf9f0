import { runSharedHost } from '../src/core/cli/shared-host-command.ts';

process.exitCode = runSharedHost(process.argv.slice(2));
