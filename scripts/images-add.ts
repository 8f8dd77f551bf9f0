import { runImagesAdd } from '../src/core/cli/images-add-command.ts';

// npm runs scripts in the package folder; INIT_CWD is where the command was typed, which
// relative photo paths are relative to.
process.exitCode = await runImagesAdd(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
