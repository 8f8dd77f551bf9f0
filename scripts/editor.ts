import { runEditor } from '../src/core/cli/editor-command.ts';

process.exitCode = await runEditor(process.argv.slice(2));
