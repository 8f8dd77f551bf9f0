import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildStorefronts, BuildInputError } from '../build/build-storefronts.ts';
import { projectRoot } from './project-root.ts';

/** `npm run build [-- --tenant ID ...] [--root DIR] [--out-dir DIR]` */
export async function runBuild(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      tenant: { type: 'string', multiple: true },
      root: { type: 'string' },
      'out-dir': { type: 'string' },
    },
  });
  const root = projectRoot(values.root);
  const outDir = path.resolve(root, values['out-dir'] ?? 'dist');
  const started = performance.now();
  try {
    const { tenants } = await buildStorefronts({ root, outDir, only: values.tenant });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Built ${tenants.length} tenant${tenants.length === 1 ? '' : 's'} into ${path.relative(process.cwd(), outDir) || '.'}/ in ${seconds} s`);
    return 0;
  } catch (error) {
    if (error instanceof BuildInputError) {
      console.error(`Build failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
