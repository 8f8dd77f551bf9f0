import { runBuild } from '../src/core/cli/build-command.ts';

process.exitCode = await runBuild(process.argv.slice(2));
