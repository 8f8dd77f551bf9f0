// What a mock-up image costs, to choose between composing the order e-mails' mock-ups when
// they are sent (what the order API does: server/mail/compose-mockup.ts) and prerendering one
// per product, colour, logo and placement at build time. Prints the time and bytes of one
// composition over the sample data's real pictures and logos, how many mock-ups a prerender
// would make for the sample and for the catalog-scale bench (600 products per catalog), and
// what that would add to a build.
//   npm run bench:mockups [-- --samples 40]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../src/core/project-root.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { productColors } from '../src/domain/product.ts';
import { visibleProducts } from '../src/domain/visible-products.ts';
import { composeMockup } from '../server/mail/compose-mockup.ts';
import { mailMockups } from '../server/mail/mail-mockups.ts';
import type { StoredLine } from '../server/storage/order-database.ts';
import type { Category } from '../src/domain/categories.ts';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '40' } } });
const root = path.resolve(projectRoot());
const { project } = loadProject(root);
if (!project) throw new Error(`the data in ${root} has errors: run npm run validate`);

/** A tenant as if its item-page preview were on: a prerender would not know which tenants turn it off later. */
const drawn = (tenant: (typeof project.tenants)[number]) => ({ ...tenant, flags: { ...tenant.flags, showImagePreview: true } });

/** Every mock-up a prerender would make: each tenant's product × colour × logo × placement that can be drawn. */
const combinations: {
  line: StoredLine;
  tenant: (typeof project.tenants)[number];
  find: (code: string) => ReturnType<typeof visibleProducts>[number] | undefined;
}[] = [];
const perCatalog = new Map<string, { products: number; mockups: number }>();
for (const tenant of project.tenants) {
  const catalog = project.catalogs.get(tenant.catalogId)!;
  const products = visibleProducts(tenant, catalog);
  const find = (code: string) => products.find((p) => p.code === code);
  let count = 0;
  for (const product of products) {
    const logos = tenant.embroideries[product.type as Category] ?? [];
    const placements = tenant.logoPlacements[product.type as Category] ?? [];
    for (const color of productColors(product))
      for (const embroidery of logos)
        for (const placement of placements) {
          const line = { code: product.code, color, embroidery, placement, secondEmbroidery: '', secondPlacement: '' } as StoredLine;
          if (mailMockups([line], drawn(tenant), find)[0]![0]) {
            combinations.push({ line, tenant, find });
            count++;
          }
        }
  }
  const seen = perCatalog.get(tenant.catalogId) ?? { products: catalog.products.length, mockups: 0 };
  perCatalog.set(tenant.catalogId, { ...seen, mockups: seen.mockups + count });
}

const samples = Math.min(Number(values.samples), combinations.length);
const step = Math.max(1, Math.floor(combinations.length / samples));
const picked = Array.from({ length: samples }, (_, i) => combinations[i * step]!);
// One warm-up, so libvips' start-up is not counted against the first mock-up.
await composeMockup(root, mailMockups([picked[0]!.line], drawn(picked[0]!.tenant), picked[0]!.find)[0]![0]!);
const times: number[] = [];
let bytes = 0;
for (const { line, tenant, find } of picked) {
  const mockup = mailMockups([line], drawn(tenant), find)[0]![0]!;
  const start = performance.now();
  bytes += (await composeMockup(root, mockup)).length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
const scale = [...perCatalog.values()].reduce((sum, c) => sum + (c.mockups / c.products) * 600, 0);

console.log(`One mock-up (${samples} of the sample's, composed one after another; load average ${loadavg()[0]!.toFixed(1)}):`);
console.log(
  `  median ${median.toFixed(1)} ms, mean ${mean.toFixed(1)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(1)} ms, ${(bytes / samples / 1000).toFixed(1)} KB JPEG`,
);
console.log(`Mock-ups a prerender would make (tenant × product × colour × logo × placement that can be drawn):`);
for (const [id, c] of perCatalog)
  console.log(`  catalog ${id.padEnd(10)} ${String(c.products).padStart(5)} products  ${String(c.mockups).padStart(7)} mock-ups`);
console.log(
  `  sample: ${combinations.length} mock-ups, about ${((combinations.length * mean) / 1000).toFixed(0)} s of composing and ${((combinations.length * bytes) / samples / 1e6).toFixed(0)} MB`,
);
console.log(
  `  catalog scale (600 products a catalog): about ${Math.round(scale)} mock-ups, ${((scale * mean) / 1000).toFixed(0)} s of composing and ${((scale * bytes) / samples / 1e6).toFixed(0)} MB`,
);
console.log(`Composed when sent instead: ${mean.toFixed(0)} ms per line with a logo, on the outbox's send, after the order was answered.`);
