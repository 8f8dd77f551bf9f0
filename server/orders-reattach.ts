import { parseArgs } from 'node:util';
import { UserError } from '../src/core/user-error.ts';
import { loadServedData } from './app/served-data.ts';
import type { TenantDirectory } from './app/tenant-directory.ts';
import { readConfig, redact, type Config } from './config.ts';
import { migrate } from './storage/migrations.ts';
import { openOrderDatabase } from './storage/open-order-database.ts';
import { reattachOrders, ReattachError, storedTenants, type OrderSelection } from './storage/order-tenants.ts';
import type { SqlDatabase } from './storage/sql-database.ts';

export const REATTACH_USAGE = `Usage:
  npm run orders:reattach -- --list
  npm run orders:reattach -- --from <old tenant id> --to <tenant id>
  npm run orders:reattach -- --order <order id> [--order <order id> ...] --to <tenant id>
It reads the order API's configuration: DATABASE_URL (else SQLITE_PATH) and DATA_ROOT.`;

class CommandError extends UserError {}

type Request = { kind: 'list' } | { kind: 'move'; selection: OrderSelection; to: string };

/**
 * `npm run orders:reattach`: the operator's way to give orders whose tenant file was removed or
 * renamed (and which therefore nobody can see or edit) to a tenant that exists. It opens the
 * database the order API is configured with, prints every order it moves, and refuses a target
 * that is not a tenant of the data. Returns the exit code; `print` gets each line of output.
 */
export async function reattachCommand(argv: readonly string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  try {
    const request = readArguments(argv);
    const config = readConfig(env);
    const tenants = loadTenants(config);
    if (request.kind === 'move') checkTenants(request, tenants);
    const db = openOrderDatabase(config.storage);
    try {
      await migrate(db, { tenants: tenants.known() });
      if (request.kind === 'list') await list(db, tenants, config, print);
      else await move(db, request, tenants, print);
    } finally {
      await db.close();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof UserError || error instanceof ReattachError)) throw error;
    print(error.message);
    return 1;
  }
}

function readArguments(argv: readonly string[]): Request {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { list: { type: 'boolean' }, from: { type: 'string' }, order: { type: 'string', multiple: true }, to: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${REATTACH_USAGE}`);
  }
  if (values.list) {
    if (values.from !== undefined || values.order !== undefined || values.to !== undefined)
      throw new CommandError(`--list takes no other option\n${REATTACH_USAGE}`);
    return { kind: 'list' };
  }
  if (values.to === undefined || values.to === '') throw new CommandError(`--to: name the tenant id to reattach the orders to\n${REATTACH_USAGE}`);
  if ((values.from === undefined) === (values.order === undefined))
    throw new CommandError(`give either --from or --order, not both or neither\n${REATTACH_USAGE}`);
  const selection: OrderSelection = values.from !== undefined ? { fromTenant: values.from } : { orderIds: values.order ?? [] };
  return { kind: 'move', selection, to: values.to };
}

function loadTenants(config: Config): TenantDirectory {
  const data = loadServedData(config.dataRoot);
  if ('problem' in data) throw new CommandError(data.problem);
  return data.tenants;
}

function checkTenants(request: Extract<Request, { kind: 'move' }>, tenants: TenantDirectory): void {
  const ids = tenants
    .known()
    .map((t) => t.id)
    .join(', ');
  if (!tenants.byId(request.to)) throw new CommandError(`--to ${request.to}: there is no tenants/${request.to}.yaml; the tenants are ${ids}`);
  const from = 'fromTenant' in request.selection ? request.selection.fromTenant : undefined;
  if (from !== undefined && tenants.byId(from)) {
    throw new CommandError(
      `--from ${from}: tenants/${from}.yaml exists, so its orders are not orphaned; to move single orders between tenants, name them with --order`,
    );
  }
}

async function list(db: SqlDatabase, tenants: TenantDirectory, config: Config, print: (line: string) => void): Promise<void> {
  const where = config.storage.kind === 'postgres' ? redact(config.storage.url) : config.storage.file;
  const stored = await storedTenants(db);
  print(`Orders by tenant id in ${where}:`);
  if (stored.length === 0) print('  (no orders)');
  for (const entry of stored) {
    const tenant = tenants.byId(entry.tenantId)?.tenant;
    const state = tenant ? `tenant "${tenant.companyName}"` : 'NO TENANT: nobody can see these until reattached';
    const names = entry.companyNames.map((name) => JSON.stringify(name)).join(', ');
    print(`  ${JSON.stringify(entry.tenantId)}  ${entry.orders} ${entry.orders === 1 ? 'order' : 'orders'}  ${state}  (placed as ${names})`);
  }
}

async function move(db: SqlDatabase, request: Extract<Request, { kind: 'move' }>, tenants: TenantDirectory, print: (line: string) => void): Promise<void> {
  const moved = await reattachOrders(db, request.selection, request.to);
  if (moved.length === 0 && 'fromTenant' in request.selection) {
    const orphans = (await storedTenants(db)).filter((entry) => !tenants.byId(entry.tenantId)).map((entry) => JSON.stringify(entry.tenantId));
    throw new CommandError(
      `--from ${request.selection.fromTenant}: no order is stored under that tenant id; orders without a tenant are under ${orphans.length > 0 ? orphans.join(', ') : 'no tenant id (there are none)'}`,
    );
  }
  for (const order of moved) {
    print(
      `moved order ${order.orderId} (${order.email}, ${order.createdAt}, placed as ${JSON.stringify(order.companyName)}) from ${JSON.stringify(order.from)} to ${JSON.stringify(request.to)}`,
    );
  }
  const company = tenants.byId(request.to)!.tenant.companyName;
  print(`${moved.length} ${moved.length === 1 ? 'order' : 'orders'} reattached to ${request.to} (${company}).`);
}
