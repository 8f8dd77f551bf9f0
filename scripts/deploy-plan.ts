import { runDeployPlan } from '../src/core/cli/deploy-plan-command.ts';

process.exitCode = runDeployPlan(process.argv.slice(2));
