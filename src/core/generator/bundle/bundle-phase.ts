import type { BuildContext } from '../build-context.ts';
import { bundleClientCached } from './bundle-client.ts';
import type { ClientAssets } from './client-assets.ts';

export interface BundledClient {
  assets: ClientAssets;
  /** The bundle's folder in .cache/client/: its name is a digest of src/ and the lockfile. */
  dir: string;
  cached: boolean;
}

/** The islands' browser bundles and the stylesheet, bundled by Vite or found in the cache. */
export async function bundlePhase(build: BuildContext): Promise<BundledClient> {
  build.progress.phaseStarted('bundle');
  const client = await build.clock.timed('bundle', () => bundleClientCached(build.repoRoot));
  build.progress.phaseEnded({ phase: 'bundle', cached: client.cached }, build.clock.ms.bundle);
  return client;
}
