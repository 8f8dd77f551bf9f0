import { runNewTenant } from '../src/core/cli/new-tenant-command.ts';
import { drawPlaceholderLogo } from './sample-images/placeholder-logo.ts';

process.exitCode = await runNewTenant(process.argv.slice(2), {
  input: process.stdin,
  output: process.stdout,
  errors: process.stderr,
  // Piped or redirected input (CI, scripts) cannot answer questions: missing flags are errors there.
  interactive: process.stdin.isTTY === true,
  drawLogo: drawPlaceholderLogo,
});
