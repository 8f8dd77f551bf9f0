import { runDeployS3 } from '../src/core/cli/deploy-s3-command.ts';

process.exitCode = await runDeployS3(process.argv.slice(2));
