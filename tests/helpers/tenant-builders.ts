import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';

/**
 * Tenants as the tests make them, from a project's tenant files (tenants/<id>.yaml): a copy of
 * an existing tenant under another id, or an existing one renamed, as a person editing the
 * files would do it.
 */

/** The fields of `tenants/<id>.yaml` under `root`, as the file writes them (snake_case). */
export function tenantFields(root: string, id: string): Record<string, unknown> {
  return parse(readFileSync(path.join(root, 'tenants', `${id}.yaml`), 'utf8')) as Record<string, unknown>;
}

/**
 * Writes `tenants/<id>.yaml` under `root`: a copy of `source`'s fields with what the data checks
 * want unique between tenants made its own (route prefix `routePrefix`, company name and
 * password ending in `suffix`), and `overrides` on top. Answers the fields written.
 */
export function aTenantCopy(
  root: string,
  id: string,
  source: Record<string, unknown>,
  suffix: string,
  routePrefix: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const fields = {
    ...source,
    route_prefix: routePrefix,
    company_name: `${String(source.company_name)} ${suffix}`,
    password: `${String(source.password)}-${suffix}`,
    ...overrides,
  };
  writeFileSync(path.join(root, 'tenants', `${id}.yaml`), stringify(fields));
  return fields;
}

/** Sets one top-level field (`title`, `company_name`, …) of the tenant file `file` in place, leaving the rest as it was written. */
export function setTenantField(file: string, field: string, value: string): void {
  const text = readFileSync(file, 'utf8');
  const line = new RegExp(`^${field}: .*$`, 'm');
  if (!line.test(text)) throw new Error(`${file} has no ${field} line`);
  writeFileSync(file, text.replace(line, `${field}: ${value}`));
}
