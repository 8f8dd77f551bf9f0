import { describe, expect, it } from 'vitest';
import { emptyLedger, parseGrace, parseLedger, retireAssets } from './deploy-ledger.ts';

const DAY = 86_400_000;
const t0 = new Date('2026-03-02T09:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);

describe('the grace period of assets a build no longer references', () => {
  it('keeps an asset for the days of the grace from the deploy that dropped it, then deletes it', () => {
    const grace = parseGrace('7d');
    const dropped = retireAssets(emptyLedger(), ['assets/old-1.js'], grace, at(0));
    expect(dropped).toMatchObject({ expired: [], kept: ['assets/old-1.js'] });
    // Deploys in between do not restart the count.
    const later = retireAssets(dropped.ledger, ['assets/old-1.js', 'assets/old-2.js'], grace, at(6.9));
    expect(later).toMatchObject({ expired: [], kept: ['assets/old-1.js', 'assets/old-2.js'] });
    const over = retireAssets(later.ledger, ['assets/old-1.js', 'assets/old-2.js'], grace, at(7));
    expect(over).toMatchObject({ expired: ['assets/old-1.js'], kept: ['assets/old-2.js'] });
    expect(Object.keys(over.ledger.retired)).toEqual(['assets/old-2.js']);
    expect(over.ledger.deploys).toBe(3);
  });

  it('counts deploys when the grace is a number of deploys', () => {
    const grace = parseGrace('2deploys');
    const one = retireAssets(emptyLedger(), ['assets/a.js'], grace, at(0));
    const two = retireAssets(one.ledger, ['assets/a.js'], grace, at(0));
    expect(two.expired).toEqual([]);
    expect(retireAssets(two.ledger, ['assets/a.js'], grace, at(0)).expired).toEqual(['assets/a.js']);
  });

  it('forgets an asset a build references again, so a later drop waits a whole grace again', () => {
    const grace = parseGrace('7d');
    const dropped = retireAssets(emptyLedger(), ['assets/a.js'], grace, at(0));
    const back = retireAssets(dropped.ledger, [], grace, at(5));
    expect(back.ledger.retired).toEqual({});
    expect(retireAssets(back.ledger, ['assets/a.js'], grace, at(8)).kept).toEqual(['assets/a.js']);
  });

  it('deletes nothing early when the clock is behind the ledger', () => {
    const dropped = retireAssets(emptyLedger(), ['assets/a.js'], { days: 1 }, at(10));
    expect(retireAssets(dropped.ledger, ['assets/a.js'], { days: 1 }, at(0)).expired).toEqual([]);
  });

  it("carries the entries of objects a release decides nothing about (another tenant's), and their grace with them", () => {
    const first = retireAssets(emptyLedger(), ['_shared/a/assets/x.js', '_shared/b/assets/y.js'], { days: 7 }, at(0)).ledger;
    // A release of tenant a alone, a day later: b's asset keeps the day it was first found unreferenced.
    const second = retireAssets(first, ['_shared/a/assets/x.js'], { days: 7 }, at(1), (key) => key.startsWith('_shared/a/'));
    expect(second.ledger.retired['_shared/b/assets/y.js']).toEqual(first.retired['_shared/b/assets/y.js']);
    // …and a's asset named again by a's pages leaves the ledger.
    const third = retireAssets(second.ledger, [], { days: 7 }, at(2), (key) => key.startsWith('_shared/a/'));
    expect(Object.keys(third.ledger.retired)).toEqual(['_shared/b/assets/y.js']);
  });

  it('deletes at once with a grace of 0', () => {
    expect(retireAssets(emptyLedger(), ['assets/a.js'], parseGrace('0d'), at(0)).expired).toEqual(['assets/a.js']);
  });

  it('refuses a grace it cannot read, and a ledger that is not one, naming it', () => {
    expect(() => parseGrace('7 days')).toThrow(/--grace "7 days": expected a number of days or deploys, as 7d or 3deploys/);
    expect(() => parseLedger('{', 's3://b/_deploys/x.json')).toThrow(/s3:\/\/b\/_deploys\/x\.json is not JSON/);
    expect(() =>
      parseLedger('{"format":"storefront-deploy-ledger/2","deploys":1,"retired":{"assets/a.js":{"since":"soon","deploy":1}}}', 's3://b/l.json'),
    ).toThrow(/s3:\/\/b\/l\.json is not a storefront-deploy-ledger\/2 ledger: delete it/);
    // A ledger of one tenant's folder from before releases (keys inside the site, not the bucket) is not read as one.
    expect(() => parseLedger('{"format":"storefront-deploy-ledger/1","deploys":1,"retired":{}}', 's3://b/l.json')).toThrow(
      /is not a storefront-deploy-ledger\/2 ledger/,
    );
    const written = retireAssets(emptyLedger(), ['assets/a.js'], { days: 7 }, at(0)).ledger;
    expect(parseLedger(JSON.stringify(written), 'x')).toEqual(written);
  });
});
