import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../data/diagnostic.ts';
import type { Scratch } from './scratch-project.ts';
import { TENANT_ID, type Answers, type Field } from './tenant-fields.ts';
import { tenantFileText } from './tenant-template.ts';

/** Why `id` cannot be the new tenant's id, if it cannot: its form, or a file it would take or overwrite. */
export function idProblem(root: string, id: string): string | undefined {
  if (!TENANT_ID.test(id)) return 'must be lowercase letters and digits in words joined by single dashes, like smith-auto';
  for (const file of [`tenants/${id}.yaml`, `tenants/${id}.yml`]) {
    if (existsSync(path.join(root, file))) return `taken: ${file} already exists; choose another id`;
  }
  const logo = `tenants/logos/${id}.png`;
  if (existsSync(path.join(root, logo))) return `${logo} already exists and would be overwritten; move it away or choose another id`;
  return undefined;
}

/**
 * The validator's errors about one field. The fields not answered yet get stand-ins that pass
 * every rule (an empty route prefix never clashes), so that the file as a whole is valid but
 * for this field: the uniqueness checks skip a file with errors of its own.
 */
export function fieldProblem(scratch: Scratch, id: string, answers: Answers, field: Field, catalogIds: string[]): string | undefined {
  const standIns: Required<Answers> = {
    title: id,
    company_name: `${id} (new-tenant check)`,
    route_prefix: '',
    // Any address the validator takes without a word: the example one earns a warning.
    server_hostname: 'https://orders.new-tenant-check.invalid',
    catalog: catalogIds[0] ?? id,
  };
  // The order API address is refused for the validator's warnings too (the example address, http
  // away from localhost): a storefront with either cannot place an order.
  const refused = (d: Diagnostic) => d.severity === 'error' || field === 'server_hostname';
  const errors = scratch.check(tenantFileText(id, { ...standIns, ...answers })).filter((d) => refused(d) && d.path === field);
  return errors.length === 0 ? undefined : errors.map((d) => d.message).join('; ');
}
