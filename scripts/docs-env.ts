import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envTable, withEnvTable } from '../server/env/env-table.ts';
import { ORDER_API_VARIABLES } from '../server/env/order-api-variables.ts';
import { REPO_ROOT } from '../src/core/project-root.ts';

/** `npm run docs:env`: writes the README's table of the order API's variables from their declaration. */
const readme = path.join(REPO_ROOT, 'README.md');
const before = readFileSync(readme, 'utf8');
const after = withEnvTable(before, envTable(ORDER_API_VARIABLES));
if (after === before) {
  console.log("README.md: the order API's variables are up to date");
} else {
  writeFileSync(readme, after);
  console.log("README.md: the order API's variables table rewritten");
}
