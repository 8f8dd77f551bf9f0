import path from 'node:path';
import { listFiles } from '../../data/list-files.ts';
import { orderApiAddressProblem } from '../../data/order-api-address.ts';
import { tenantFilesLeniently } from '../../data/tenant-files-leniently.ts';

/** What the loader accepts as a file id; other files are not catalogs it would load. */
const FILE_ID = /^[a-z0-9][a-z0-9-]*$/;

/** Catalog ids as the loader finds them: catalogs/<id>.yaml. */
export function catalogIdsOf(root: string): string[] {
  return listFiles(path.join(root, 'catalogs'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.slice(0, -'.yaml'.length))
    .filter((id) => FILE_ID.test(id));
}

/**
 * The order API address most tenants use (the first such in id order), to default to; never the
 * example address or one the validator warns about, which would only spread the mistake.
 */
export function sharedServerHostname(root: string): string | undefined {
  const counts = new Map<string, number>();
  for (const data of tenantFilesLeniently(root)) {
    const hostname = (data as Record<string, unknown> | null)?.server_hostname;
    if (typeof hostname === 'string' && orderApiAddressProblem(hostname) === undefined) counts.set(hostname, (counts.get(hostname) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [hostname, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = hostname;
  return best;
}
