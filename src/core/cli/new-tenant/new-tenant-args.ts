import { parseArgs } from 'node:util';
import type { Answers } from './tenant-fields.ts';

export const USAGE =
  'Usage: npm run new-tenant -- <tenant-id> [--title TEXT] [--company-name TEXT] [--route-prefix PREFIX] [--catalog ID] ' +
  '[--server-hostname URL] [--root DIR]';

export interface NewTenantArgs {
  /** The positional tenant id, if given. */
  id: string | undefined;
  /** The answers given as flags. */
  flags: Answers;
  root: string | undefined;
  help: boolean;
}

/** The command line, or what is wrong with it (with the usage). */
export function parseNewTenantArgs(argv: string[]): NewTenantArgs | { problem: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        title: { type: 'string' },
        'company-name': { type: 'string' },
        'route-prefix': { type: 'string' },
        catalog: { type: 'string' },
        'server-hostname': { type: 'string' },
        root: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { problem: `${(error as Error).message}\n${USAGE}` };
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1 && values.help !== true) {
    return { problem: `one tenant id at a time, got ${positionals.map((p) => `"${p}"`).join(' ')}\n${USAGE}` };
  }
  const flags: Answers = {
    title: values.title,
    company_name: values['company-name'],
    route_prefix: values['route-prefix'],
    catalog: values.catalog,
    server_hostname: values['server-hostname'],
  };
  return { id: positionals[0], flags, root: values.root, help: values.help === true };
}
