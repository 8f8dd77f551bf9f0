import { asArray, asRecord, asStrings } from './data-shape.ts';
import type { DataPath } from './diagnostic.ts';
import { editDistance } from './suggest.ts';
import type { YamlSource } from './yaml-source.ts';

/** A colour only one product of a catalog names, spelled almost like one that other products name. */
export interface ColourNearMiss {
  /** The colour as this product writes it: "Forrest Green". */
  colour: string;
  /** The spelling the other products use: "Forest Green". */
  likely: string;
  /** How many products name `likely`. */
  usedBy: number;
  /** Where the lone spelling is: products[3].colors[1]. */
  at: DataPath;
  productIndex: number;
}

/**
 * How far apart two colour names may be and still read as one name mistyped: one letter for
 * short names (Grey, Gray), two from twelve letters on (Forrest Green); further apart they are
 * usually other colours (Red, Tan, Dark Green and Dark Grey). Names that sound the same written
 * out (Grafite, Graphite; Maroon, Marroon) are one name at any distance.
 */
function nearEnough(a: string, b: string): boolean {
  if (a === b) return false;
  const allowed = Math.min(a.length, b.length) >= 12 ? 2 : 1;
  return editDistance(a, b, allowed) <= allowed || soundsLike(a) === soundsLike(b);
}

/** A colour name as it sounds: case, spaces and hyphens, doubled letters and "ph" for "f" aside. */
function soundsLike(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/(.)\1+/g, '$1');
}

/**
 * The lone colours of one catalog that look like misspellings: a colour (in `colors`) that only
 * one product names, close to a colour at least one other product names. A colour used by two
 * products is a spelling the catalog has settled on, so it is never the one said to be wrong; a
 * colour the product lists in `distinct_colors` is confirmed as a colour of its own.
 */
export function colourNearMisses(catalog: YamlSource): ColourNearMiss[] {
  const items = asArray(asRecord(catalog.data).products);
  const products = items.map((item) => [...new Set(asStrings(asRecord(item).colors))]);
  const users = new Map<string, number>();
  for (const colours of products) for (const colour of colours) users.set(colour, (users.get(colour) ?? 0) + 1);

  const out: ColourNearMiss[] = [];
  products.forEach((colours, productIndex) => {
    const written = asArray(asRecord(items[productIndex]).colors);
    const confirmed = asStrings(asRecord(items[productIndex]).distinct_colors);
    for (const colour of colours) {
      if (users.get(colour) !== 1 || confirmed.includes(colour)) continue;
      const candidates = [...users].filter(([other, count]) => count >= 2 && !colours.includes(other) && nearEnough(colour, other));
      // The most used spelling is the likely intent; a tie goes to the alphabetically first, so the message is stable.
      const [best] = candidates.sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
      if (!best) continue;
      out.push({ colour, likely: best[0], usedBy: best[1], at: ['products', productIndex, 'colors', written.indexOf(colour)], productIndex });
    }
  });
  return out;
}
