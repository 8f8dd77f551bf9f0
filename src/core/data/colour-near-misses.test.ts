import { describe, expect, it } from 'vitest';
import { colourNearMisses } from './colour-near-misses.ts';
import { parseYamlSource } from './yaml-source.ts';

/** A catalog whose products are named by code and list these colours (and confirmed ones). */
function catalog(products: Record<string, { colors: string[]; distinct?: string[] }>) {
  const lines = Object.entries(products).map(
    ([code, { colors, distinct }]) => `  - { code: ${code}, colors: [${colors.join(', ')}]${distinct ? `, distinct_colors: [${distinct.join(', ')}]` : ''} }`,
  );
  return parseYamlSource('catalogs/default.yaml', `products:\n${lines.join('\n')}\n`);
}

const misses = (products: Parameters<typeof catalog>[0]) => colourNearMisses(catalog(products)).map(({ colour, likely }) => `${colour} → ${likely}`);

describe('colours one product spells like the others', () => {
  it('finds a lone spelling that sounds like a settled one, at any number of letters apart', () => {
    const settled = { K500: { colors: ['Graphite', 'Maroon'] }, K110: { colors: ['Graphite', 'Maroon'] } };
    expect(misses({ ...settled, K540: { colors: ['Grafite', 'Black'] } })).toEqual(['Grafite → Graphite']);
    expect(misses({ ...settled, K540: { colors: ['Marroon'] } })).toEqual(['Marroon → Maroon']);
  });

  it('leaves other colours alone: a short name two letters off, and a colour two products use', () => {
    const settled = { K500: { colors: ['Dark Grey', 'Red'] }, K110: { colors: ['Dark Grey', 'Red'] } };
    expect(misses({ ...settled, K540: { colors: ['Dark Green', 'Tan'] } })).toEqual([]);
    expect(misses({ ...settled, K540: { colors: ['Grafite'] }, K541: { colors: ['Grafite'] } })).toEqual([]);
  });

  it('takes a lone spelling the product confirms in distinct_colors as a colour of its own', () => {
    const settled = { K500: { colors: ['Graphite'] }, K110: { colors: ['Graphite'] } };
    expect(misses({ ...settled, K540: { colors: ['Grafite'], distinct: ['Grafite'] } })).toEqual([]);
  });
});
