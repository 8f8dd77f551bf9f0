import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadProject } from '../data/load-project.ts';
import { reportLoad } from '../cli/validate-command.ts';
import { writeAtomically } from './atomic-output.ts';
import { renderPlaceholderPage } from './placeholder-page.tsx';

export interface BuildOptions {
  /** Where tenants/ and catalogs/ are. */
  root: string;
  /** The output folder, normally <root>/dist. */
  outDir: string;
  /** Build only these tenant ids and keep the others' previous output; all when empty. */
  only?: readonly string[];
}

export class BuildInputError extends Error {}

/** Validates, then writes dist/<tenant-id>/ for every (or every chosen) tenant, all or nothing. */
export async function buildStorefronts({ root, outDir, only = [] }: BuildOptions): Promise<{ tenants: string[] }> {
  const result = loadProject(root);
  if (!reportLoad(result) || !result.project) throw new BuildInputError('the data has errors; the previous output is unchanged');
  const { project } = result;

  const known = project.tenants.map((tenant) => tenant.id);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new BuildInputError(`unknown tenant ${unknown.map((id) => `"${id}"`).join(', ')}; tenants are ${known.join(', ')}`);
  const chosen = only.length > 0 ? project.tenants.filter((tenant) => only.includes(tenant.id)) : project.tenants;
  const carryOver = only.length > 0 ? known.filter((id) => !only.includes(id)) : [];

  await writeAtomically(
    outDir,
    async (staging) => {
      for (const tenant of chosen) {
        const catalog = project.catalogs.get(tenant.catalogId);
        if (!catalog) throw new Error(`internal: tenant ${tenant.id} has no catalog after validation`);
        const folder = path.join(staging, tenant.id);
        mkdirSync(folder, { recursive: true });
        writeFileSync(path.join(folder, 'index.html'), renderPlaceholderPage({ site: project.site, tenant, catalog }));
      }
    },
    { carryOver },
  );
  return { tenants: chosen.map((tenant) => tenant.id) };
}
