import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureProject, REPO_ROOT } from '../../../../tests/helpers/fixture-project.ts';
import { PLACEHOLDER_API_ORIGIN } from '../../data/order-api-address.ts';
import { buildContext } from '../build-context.ts';
import { BuildInputError } from '../build-input-error.ts';
import { validatePhase } from './validate-phase.ts';

const contextFor = (root: string, options: { only?: string[]; apiOrigin?: string; allowPlaceholderApi?: boolean } = {}) =>
  buildContext({ root, repoRoot: REPO_ROOT, outDir: `${root}/dist`, ...options });

describe('validatePhase', () => {
  // The diagnostics it prints (the fixture's images are 8×8) are `npm run validate`'s to test.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('chooses the tenants asked for and leaves the others as they were', async () => {
    const root = fixtureProject();
    const every = await validatePhase(contextFor(root));
    expect(every.chosen.map((tenant) => tenant.id)).toEqual(['guardian', 'solo']);
    expect(every.leftAsTheyWere).toEqual([]);
    const one = await validatePhase(contextFor(root, { only: ['solo'] }));
    expect(one.chosen.map((tenant) => tenant.id)).toEqual(['solo']);
    expect(one.leftAsTheyWere).toEqual(['guardian']);
  });

  it('refuses an unknown tenant and the example order API address, naming what to change', async () => {
    const root = fixtureProject();
    await expect(validatePhase(contextFor(root, { only: ['guardain'] }))).rejects.toThrow(
      new BuildInputError('unknown tenant "guardain"; tenants are guardian, solo'),
    );
    await expect(validatePhase(contextFor(root, { apiOrigin: PLACEHOLDER_API_ORIGIN }))).rejects.toThrow(
      /^tenants\/guardian\.yaml, tenants\/solo\.yaml: server_hostname is the example address/,
    );
    await expect(validatePhase(contextFor(root, { apiOrigin: PLACEHOLDER_API_ORIGIN, allowPlaceholderApi: true }))).resolves.toMatchObject({
      leftAsTheyWere: [],
    });
  });
});
