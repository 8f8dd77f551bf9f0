import { runCatalogImport } from '../src/core/cli/catalog-import-command.ts';

process.exitCode = await runCatalogImport(process.argv.slice(2));
