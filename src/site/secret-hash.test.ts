import { describe, expect, it } from 'vitest';
import { hashSecrets, matchSecret } from './secret-hash.ts';

describe('secret hashes', () => {
  it('match the right secret, and only it', async () => {
    const set = await hashSecrets(['NET30GUARD', 'NET60GUARD'], 'guardian/bypass', 1_000);
    await expect(matchSecret('NET60GUARD', set)).resolves.toBe(1);
    await expect(matchSecret('NET30GUARD', set)).resolves.toBe(0);
    await expect(matchSecret('net30guard', set)).resolves.toBe(-1);
    await expect(matchSecret('', set)).resolves.toBe(-1);
  });

  it('never carry the secret itself', async () => {
    const set = await hashSecrets(['guardian-entry'], 'entry', 1_000);
    expect(JSON.stringify(set)).not.toContain('guardian-entry');
  });

  it('are stable for the same seed and differ between seeds, so builds are reproducible but sets are not comparable', async () => {
    const a = await hashSecrets(['change-me'], 'guardian/admin', 1_000);
    const b = await hashSecrets(['change-me'], 'guardian/admin', 1_000);
    const c = await hashSecrets(['change-me'], 'stivers/admin', 1_000);
    expect(a).toEqual(b);
    expect(c.hashes[0]).not.toBe(a.hashes[0]);
  });
});
