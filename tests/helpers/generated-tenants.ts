import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureProject } from './fixture-project.ts';

/**
 * The base fixture with `count` more tenants made from its guardian (`t001` … under
 * `_shared/t001` …, each with its own name and passwords): a project at the scale publishing
 * is tried at (docs/publishing.md, Figures), whose every tenant shows the same catalog.
 */
export function generatedTenantsProject(count: number): string {
  const root = fixtureProject();
  const template = readFileSync(path.join(root, 'tenants', 'guardian.yaml'), 'utf8');
  for (let index = 1; index <= count; index += 1) {
    const id = `t${String(index).padStart(3, '0')}`;
    const text = template
      .replace(/^title: .*$/m, `title: Dealer Group ${id}`)
      .replace(/^company_name: .*$/m, `company_name: Dealer Group ${id}`)
      .replace(/^route_prefix: .*$/m, `route_prefix: ${id}`)
      .replace(/^password: .*$/m, `password: entry-${id}-secret`)
      .replace(/^admin_password: .*$/m, `admin_password: admin-${id}-secret`)
      .replace(/^email_recipients: .*$/m, `email_recipients: [orders@${id}.example]`);
    writeFileSync(path.join(root, 'tenants', `${id}.yaml`), text);
  }
  return root;
}
