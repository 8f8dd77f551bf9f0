import { inject } from 'vitest';

/**
 * The API origin the sample site is built for in the tests. No server listens there: the
 * browser harness launches Chromium with a resolver rule that sends this host to the order
 * API its test file started (each file has its own API, database and port), so one build
 * serves every file. A host name, not 127.0.0.1: Chromium maps names, not IP literals.
 */
export const SAMPLE_API_ORIGIN = 'http://order-api.test:8787';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sample site built by tests/global-setup.ts for SAMPLE_API_ORIGIN (read only: every file shares it). */
    sampleDist: string;
    /** What that build printed. */
    sampleBuildOutput: string;
  }
}

/** The `dist/` of the run's one sample build (tests/global-setup.ts); tests read it, never write it. */
export function sampleDist(): string {
  return inject('sampleDist');
}

export function sampleBuildOutput(): string {
  return inject('sampleBuildOutput');
}
