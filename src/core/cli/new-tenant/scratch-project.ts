import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../data/diagnostic.ts';
import { listFiles } from '../../data/list-files.ts';
import { loadProject } from '../../data/load-project.ts';

export interface Scratch {
  /** Every diagnostic `npm run validate` gives tenants/<id>.yaml when it holds `text`. */
  check(text: string, logo?: Buffer): Diagnostic[];
  dispose(): void;
}

/**
 * A scratch copy of the project's data files beside which a candidate tenant file is checked by
 * the validator itself (loadProject), so the answers meet exactly the schema and cross-file rules
 * `npm run validate` applies, and nothing is written into the project until all of them pass.
 * Images are left out but for the new logo: a missing one is an error in the file naming it,
 * never in the new one.
 */
export function createScratch(root: string, id: string): Scratch {
  const scratch = mkdtempSync(path.join(tmpdir(), 'new-tenant-'));
  const tenantIds = copyDataFiles(root, scratch);
  // A clash (company name, route prefix) is reported on the later of the two files, so the
  // candidate goes under a name sorting after every tenant: its errors are then its own, and they
  // name the existing file it clashes with. Its content still names the real id (the logo).
  const stand = `${'z'.repeat(Math.max(0, ...tenantIds.map((t) => t.length)) + 1)}.yaml`;
  const file = `tenants/${id}.yaml`;
  return {
    check(text, logo = Buffer.alloc(0)) {
      writeFileSync(path.join(scratch, 'tenants', stand), text);
      writeFileSync(path.join(scratch, 'tenants', 'logos', `${id}.png`), logo);
      return loadProject(scratch)
        .diagnostics.filter((d) => d.file === `tenants/${stand}`)
        .map((d) => ({ ...d, file }));
    },
    dispose: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** Copies the YAML files of tenants/ and catalogs/ into `scratch`; returns the tenant ids. */
function copyDataFiles(root: string, scratch: string): string[] {
  const tenantIds: string[] = [];
  for (const folder of ['tenants', 'catalogs']) {
    mkdirSync(path.join(scratch, folder));
    for (const name of listFiles(path.join(root, folder))) {
      if (!/\.ya?ml$/i.test(name)) continue;
      copyFileSync(path.join(root, folder, name), path.join(scratch, folder, name));
      if (folder === 'tenants') tenantIds.push(name.replace(/\.ya?ml$/i, ''));
    }
  }
  mkdirSync(path.join(scratch, 'tenants', 'logos'));
  mkdirSync(path.join(scratch, 'catalogs', 'images'));
  return tenantIds;
}
