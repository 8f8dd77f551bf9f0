import { runCatalogExport } from '../src/core/cli/catalog-export-command.ts';

process.exitCode = await runCatalogExport(process.argv.slice(2));
