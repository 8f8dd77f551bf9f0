import type { Tenant } from '../../domain/tenant.ts';
import { UserError } from '../user-error.ts';

export interface LocalPorts {
  /** The pages' port (0: any free port); the tenants without a route prefix also get port+1, port+2… */
  port: number;
  /** The order API's port, which the pages are rendered to call. */
  apiPort: number;
}

/** PORT and API_PORT as `npm start` and `npm run dev` read them; a value that is no port is refused naming its variable. */
export function localPorts(env: NodeJS.ProcessEnv): LocalPorts {
  return { port: portSetting(env, 'PORT', 5173, 0), apiPort: portSetting(env, 'API_PORT', 8787, 1) };
}

/**
 * Refuses, in one line naming the variables, ports that overlap: PORT serves the pages, the next
 * port each tenant without a route prefix, API_PORT the order API. Checked before
 * anything listens: otherwise one of the servers fails to start, and the pages lose a tenant or
 * cannot order.
 */
export function assertPortsApart({ port, apiPort }: LocalPorts, tenants: readonly Tenant[]): void {
  // PORT=0 picks a free port at start; the ports after it are then whatever is free.
  if (port === 0) return;
  const noPrefix = tenants.filter((tenant) => tenant.routePrefix === '').map((tenant) => tenant.id);
  const last = port + noPrefix.length;
  const taken =
    noPrefix.length === 0
      ? `port PORT=${port}`
      : `ports ${port} to ${last} (PORT=${port}, then one for each tenant without a route prefix: ${noPrefix.join(', ')})`;
  if (last > 65535) throw new UserError(`PORT=${port}: the pages would take ${taken}, past the last port 65535; choose a lower PORT`);
  if (apiPort >= port && apiPort <= last) {
    throw new UserError(`API_PORT=${apiPort} is one of the pages' ${taken}; choose an API_PORT outside ${port}–${last}, or another PORT`);
  }
}

function portSetting(env: NodeJS.ProcessEnv, name: 'PORT' | 'API_PORT', fallback: number, lowest: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < lowest || value > 65535) {
    throw new UserError(`${name} must be a port number from ${lowest} to 65535${lowest === 0 ? ' (0: any free port)' : ''}, got "${text}"`);
  }
  return value;
}
