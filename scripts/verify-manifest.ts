import { runVerifyManifest } from '../src/core/cli/verify-manifest-command.ts';

process.exitCode = await runVerifyManifest(process.argv.slice(2));
