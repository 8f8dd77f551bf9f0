// The entry of a compression thread (compression-pool.ts). A worker thread does not inherit the
// TypeScript loader that `tsx` gave the build's own thread, so it registers one itself first.
import { register } from 'tsx/esm/api';

register();
const { compressFiles } = await import('./compress-files.ts');

export default compressFiles;
