import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Tenant } from '../../domain/tenant.ts';

/** The origins the local pages are served from (the order API allows them): `npm start` and `npm run dev` alike. */
export function localOrigins(tenants: readonly Tenant[], port: number): string[] {
  const noPrefix = tenants.filter((tenant) => tenant.routePrefix === '');
  return [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    ...noPrefix.flatMap((tenant, index) => [
      `http://${tenant.id}.localhost:${port}`,
      `http://localhost:${port + 1 + index}`,
      `http://127.0.0.1:${port + 1 + index}`,
    ]),
  ];
}

/** The order API (server/main.ts under `root`) as a child process on loopback, allowing `origins`; `env` adds to its configuration (DATA_ROOT…). */
export function startApi(root: string, port: number, origins: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), CORS_ORIGINS: origins.join(','), ...env },
  });
}
