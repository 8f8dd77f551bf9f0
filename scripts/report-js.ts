// Prints the JavaScript each page type of a built tenant ships, brotli-compressed, against
// the storefront issue's budgets. Reads dist/ as `npm run build` left it.
//   npm run report:js [-- --tenant stivers] [-- --out-dir dist]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/core/project-root.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { pageScriptBytes } from '../src/core/generator/bundle/page-script-size.ts';
import { PAGE_SCRIPT_BUDGETS } from '../src/core/generator/bundle/script-budgets.ts';
import { basePath } from '../src/site/routes.ts';

const { values } = parseArgs({ options: { tenant: { type: 'string', default: 'stivers' }, 'out-dir': { type: 'string', default: 'dist' } } });
const root = path.resolve(projectRoot());
const tenant = loadProject(root).project?.tenants.find((t) => t.id === values.tenant);
if (!tenant) {
  console.error(`No valid tenant "${values.tenant}" in ${root}: run npm run validate`);
  process.exit(1);
}
const site = path.resolve(root, values['out-dir'], tenant.id);
if (!existsSync(path.join(site, 'index.html'))) {
  console.error(`${path.relative(root, site)}/ is not built: run npm run build first`);
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(`JavaScript per page of ${tenant.id}, brotli (PayPal's script not counted):`);
let over = false;
for (const { name, page: file, budget } of PAGE_SCRIPT_BUDGETS) {
  if (!existsSync(path.join(site, file))) continue;
  const bytes = pageScriptBytes(site, basePath(tenant.routePrefix), file);
  over ||= budget !== undefined && bytes > budget;
  console.log(`  ${name.padEnd(16)} ${kb(bytes).padStart(9)}${budget === undefined ? '' : `   budget ${kb(budget)}${bytes > budget ? '  OVER' : ''}`}`);
}
process.exit(over ? 1 : 0);
