import { describe, expect, it } from 'vitest';
import { headersFile, IMMUTABLE, REVALIDATE } from '../generator/publish/publish-site.ts';
import { headersFor, parseHeadersFile } from '../headers-file.ts';
import { UserError } from '../user-error.ts';
import { sharedHeaderRules, sharedHeadersFile, sharedRedirectsFile } from './shared-host-rules.ts';

/** A built tenant's own rules, as the build writes them for these files. */
const FILES = [
  'index.html',
  '404.html',
  'assets/every-page-1a2b3c4d.js',
  'catalog/hats/index.html',
  'item/6277/index.html',
  'checkout/index.html',
  'robots.txt',
  'manifest.json',
];
const tenantRules = (tenant: string, files = FILES) => ({ tenant, rules: parseHeadersFile(headersFile(files)) });

describe('the shared host rules', () => {
  it('are as many for 100 tenants as for 2', () => {
    const two = sharedHeaderRules(['guardian', 'hoffman'].map((t) => tenantRules(t)));
    const hundred = sharedHeaderRules(Array.from({ length: 100 }, (_, i) => tenantRules(`t${i}`)));
    expect(hundred).toEqual(two);
    expect(two.length).toBeLessThan(20);
  });

  it('give every tenant immutable assets, revalidated pages and the security headers, and the root its own', () => {
    const rules = parseHeadersFile(sharedHeadersFile('cloudflare-pages', sharedHeaderRules([tenantRules('guardian')])));
    const security = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'",
    };
    for (const prefix of ['guardian', 'any-other-prefix']) {
      expect(Object.fromEntries(headersFor(rules, `/${prefix}/assets/every-page-1a2b3c4d.js`))).toEqual({ ...security, 'cache-control': IMMUTABLE });
      for (const page of ['/', '/index.html', '/404.html', '/catalog/hats/', '/item/6277/', '/robots.txt', '/manifest.json']) {
        expect(Object.fromEntries(headersFor(rules, `/${prefix}${page}`)), `${prefix}${page}`).toEqual({ ...security, 'cache-control': REVALIDATE });
      }
    }
    for (const page of ['/', '/robots.txt', '/404.html'])
      expect(Object.fromEntries(headersFor(rules, page)), page).toEqual({ ...security, 'cache-control': REVALIDATE });
  });

  it('take in an entry only some tenants have, once', () => {
    const rules = sharedHeaderRules([tenantRules('a'), tenantRules('b', [...FILES, 'stores/index.html']), tenantRules('c', [...FILES, 'stores/index.html'])]);
    expect(rules.filter((rule) => rule.pattern === '/:tenant/stores/*')).toHaveLength(1);
  });

  it('refuse tenants built with different headers for one path', () => {
    const other = { tenant: 'hoffman', rules: [{ pattern: '/assets/*', headers: [['Cache-Control', 'no-store']] as [string, string][] }] };
    expect(() => sharedHeaderRules([tenantRules('guardian'), other])).toThrow(
      new UserError('dist/hoffman/_headers gives /assets/* other headers than dist/guardian/_headers: rebuild both with the same version (npm run build)'),
    );
  });
});

describe('the shared host redirects', () => {
  it('send each missing Netlify path to its tenant’s 404 page; Pages needs no rule', () => {
    const rules = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(rules(sharedRedirectsFile('netlify'))).toEqual(['/:tenant/* /:tenant/404.html 404']);
    expect(rules(sharedRedirectsFile('cloudflare-pages'))).toEqual([]);
    expect(rules(sharedRedirectsFile('cloudflare-pages', 'guardian'))).toEqual(['/ /guardian/ 302']);
  });
});
