import { runPreviewPlan } from '../src/core/cli/preview-plan-command.ts';

process.exitCode = runPreviewPlan(process.argv.slice(2));
