import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../domain/product.ts';
import type { SupplierFacts, Tenant } from '../../../domain/tenant.ts';
import { PRODUCTION } from '../../../site/site-location.ts';
import { stableJson } from '../../stable-json.ts';
import type { PreparedImage } from '../images/index.ts';
import type { ImageRequest, PreparedImages } from '../images/site-images.ts';
import { sharedDigest } from './shared-digest.ts';
import { entrySiteInputDigest, tenantInputDigest } from './site-inputs.ts';

const root = path.resolve('/data');
const requests: ImageRequest[] = [
  { source: path.join(root, 'catalogs/images/K500_navy.jpg'), preset: 'product' },
  { source: path.join(root, 'tenants/logos/acme.png'), preset: 'logo' },
];
const images = new Map(
  requests.map(({ source, preset }): [string, PreparedImage] => {
    const stem = path.basename(source).replace(/\..*/, '');
    const variants = [320, 640].map((width) => ({ file: `${stem}-${preset}-${width}.avif`, width, format: 'avif' as const }));
    return [`${preset}:${source}`, { source, width: 640, height: 640, placeholderColor: '#aabbcc', variants }];
  }),
);
const prepared = { get: (source: string, preset: string) => images.get(`${preset}:${source}`)! } as unknown as PreparedImages;
const supplier = { phone: '555-0100', email: 'help@example.com' } as unknown as SupplierFacts;
const tenant = { id: 'acme', name: 'Acme', stores: [{ id: 'north', name: 'North' }] } as unknown as Tenant;
const catalog = { id: 'default', products: [{ code: 'K500', colors: ['Navy'] }] } as unknown as Catalog;
const common = {
  root,
  supplier,
  images: requests,
  prepared,
  clientDir: '/repo/.cache/client/abc123',
  apiOrigin: undefined,
  location: PRODUCTION,
  precompress: true,
};

/** The digest as earlier builds computed it (and recorded in report.json): the sha256 of the stable JSON of every input at once. */
const recordedDigest = (own: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      stableJson({
        revision: 1,
        ...own,
        site: supplier,
        imageFiles: requests.map(({ source, preset }) => [preset, path.relative(root, source), images.get(`${preset}:${source}`)!.variants.map((v) => v.file)]),
        client: 'abc123',
        apiOrigin: null,
        precompress: true,
      }),
    )
    .digest('hex');

describe('site input digests', () => {
  it('are the digests earlier builds recorded, so a build after this change still carries unchanged tenants', () => {
    expect(tenantInputDigest({ ...common, tenant, catalog })).toBe(recordedDigest({ tenant, catalog: sharedDigest(catalog) }));
    expect(entrySiteInputDigest({ ...common, tenants: [tenant] })).toBe(recordedDigest({ entry: true, tenants: [tenant] }));
  });

  it('change with an image published under another name, and when asked again with the same inputs do not', () => {
    const before = tenantInputDigest({ ...common, tenant, catalog });
    expect(tenantInputDigest({ ...common, tenant, catalog })).toBe(before);
    expect(tenantInputDigest({ ...common, images: requests.slice(0, 1), tenant, catalog })).not.toBe(before);
    expect(tenantInputDigest({ ...common, precompress: false, tenant, catalog })).not.toBe(before);
  });
});
