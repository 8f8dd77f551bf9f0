import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Tenant } from '../../domain/tenant.ts';
import type { SiteMount } from '../serve/static-server.ts';
import type { DevLog } from './dev-log.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The pages' ports as `npm start` gives them: `main` (already carrying Vite's HMR WebSocket) on
 * `port`, then one more for each tenant without a route prefix, at port+1, port+2… A taken extra
 * port is reported with the address that still reaches the tenant. Answers the port `main` got.
 */
export async function listenDevPorts(
  main: Server,
  port: number,
  tenants: readonly Tenant[],
  handler: (mounts: readonly SiteMount[]) => Handler,
  log: DevLog,
): Promise<{ port: number; extra: Server[] }> {
  const noPrefix = tenants.filter((tenant) => tenant.routePrefix === '');
  const extra = noPrefix.map((tenant) => {
    const server = createServer(handler([{ prefix: '/', dir: tenant.id }]));
    // Their pages' HMR connection arrives on their own port: hand it to Vite's WebSocket.
    server.on('upgrade', (request, socket, head) => main.emit('upgrade', request, socket, head));
    return server;
  });
  await listen(main, port);
  const actualPort = (main.address() as { port: number }).port;
  await Promise.all(
    extra.map((server, index) => {
      const tenantPort = actualPort + 1 + index;
      const id = noPrefix[index]?.id;
      return listen(server, tenantPort).catch((error: unknown) =>
        log(`${id}: port ${tenantPort} is taken (${String(error)}); use http://${id}.localhost:${actualPort}/`, 'error'),
      );
    }),
  );
  return { port: actualPort, extra };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Closes the servers, open connections included (a page's HMR WebSocket would keep them open). */
export async function closeServers(servers: readonly Server[]): Promise<void> {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
}
