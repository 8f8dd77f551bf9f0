import { productBackImageFile, productImageFile } from '../../domain/image-names.ts';
import { productColors } from '../../domain/product.ts';
import { closestMatches, editDistance } from './suggest.ts';
import type { ProductColors } from './to-domain.ts';

/**
 * The longest side a photo is kept at in catalogs/images/. Pages show a product photo at most
 * 960 px wide (the product preset's largest variant); twice that leaves room for a larger preset
 * while a 24-megapixel original (10 MB) does not weigh down the repository for nothing.
 */
export const PHOTO_MAX_SIDE = 1920;

/** Quality of the kept JPEG (images:add and the browser editor alike): the build encodes its own variants from it, so it is a source, not what browsers get. */
export const PHOTO_QUALITY = 90;

/** One photo the catalogs ask for: a product colour or half colour and its file in catalogs/images/. */
export interface PhotoTarget {
  code: string;
  color: string;
  /** K500_royal_blue.jpg */
  file: string;
}

export type PhotoMatch =
  | { kind: 'matched'; target: PhotoTarget /** Words of the name that are not part of the code or colour ("front", "2"). */; ignored: string[] }
  | { kind: 'ambiguous'; reason: string; candidates: PhotoTarget[] }
  | { kind: 'unmatched'; reason: string; nearest: string[] };

interface IndexedProduct {
  code: string;
  colors: { target: PhotoTarget; words: string[] }[];
}

/** Every product colour of the catalogs, looked up by code as a photographer may spell it. */
export interface PhotoIndex {
  /** By the code's letters and digits, lowercased: FM-100 and fm100 are both "fm100". */
  byCode: Map<string, IndexedProduct[]>;
  /** Every word of every colour of every product: a name holding one beside its match may mean another photo. */
  colorWords: Set<string>;
  targets: PhotoTarget[];
}

/**
 * Words a photographer adds about the shot rather than the product. Left out of the "may be a
 * misspelt colour" check (front is one letter from Frost), and reported as ignored like any other.
 */
const SHOT_WORDS = new Set([
  'front',
  'back',
  'side',
  'left',
  'right',
  'top',
  'bottom',
  'detail',
  'main',
  'alt',
  'final',
  'edit',
  'edited',
  'copy',
  'web',
  'hires',
  'lowres',
  'img',
  'dsc',
  'photo',
  'view',
  'flat',
  'model',
  'closeup',
]);

/** Lowercase words of letters and digits: "K500 Royal Blue (2)" → k500 royal blue 2. */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const compact = (text: string) => nameWords(text).join('');

/** The photos the catalogs' products ask for, one per file name (a code in two catalogs asks once). */
export function photoIndex(products: Iterable<ProductColors>): PhotoIndex {
  const byCode = new Map<string, IndexedProduct[]>();
  const byFile = new Map<string, PhotoTarget>();
  const colorWords = new Set<string>();
  const byProduct = new Map<string, IndexedProduct>();
  for (const product of products) {
    let indexed = byProduct.get(product.code);
    if (!indexed) {
      indexed = { code: product.code, colors: [] };
      byProduct.set(product.code, indexed);
      const key = compact(product.code);
      byCode.set(key, [...(byCode.get(key) ?? []), indexed]);
    }
    for (const color of productColors(product)) {
      const file = productImageFile(product.code, color);
      if (byFile.has(file)) continue;
      const target = { code: product.code, color, file };
      byFile.set(file, target);
      const words = nameWords(color);
      for (const word of words) colorWords.add(word);
      indexed.colors.push({ target, words });
    }
  }
  return { byCode, colorWords, targets: [...byFile.values()] };
}

/**
 * The product colour a photo is of, from its file name (any case; spaces, dashes or underscores;
 * colour words in any order, or run together) and, when the name does not start with a product
 * code, from the folder it is in. A name that could mean two colours, or names a colour word this
 * product does not come in, or a word one letter from a colour of it, is ambiguous rather than
 * guessed: a wrong photo on a storefront is worse than one left to rename by hand.
 */
export function matchPhoto(index: PhotoIndex, fileName: string, folderName?: string): PhotoMatch {
  const words = nameWords(fileName.replace(/\.[^.]*$/, ''));
  const candidates: { product: IndexedProduct; rest: string[] }[] = [];
  for (let length = 1; length <= words.length; length++) {
    for (const product of index.byCode.get(words.slice(0, length).join('')) ?? []) candidates.push({ product, rest: words.slice(length) });
  }
  if (candidates.length === 0 && folderName !== undefined) {
    for (const product of index.byCode.get(compact(folderName)) ?? []) candidates.push({ product, rest: words });
  }
  if (candidates.length === 0) {
    return {
      kind: 'unmatched',
      reason: 'does not start with a product code, and its folder is not named by one',
      nearest: nearestFiles(words, index.targets),
    };
  }

  const results = candidates.map(({ product, rest }) => matchColor(product, rest, index.colorWords));
  // The longest code the name starts with is the one it names: "K500-S1 black" is K500-S1's
  // photo, not K500's with a word "s1" left over.
  const longest = Math.min(...candidates.filter((_, at) => results[at]!.kind === 'matched').map(({ rest }) => rest.length));
  const matched = results.filter((r, at): r is Extract<PhotoMatch, { kind: 'matched' }> => r.kind === 'matched' && candidates[at]!.rest.length === longest);
  const distinct = [...new Map(matched.map((r) => [r.target.file, r])).values()];
  if (distinct.length === 1) return distinct[0]!;
  if (distinct.length > 1) {
    return { kind: 'ambiguous', reason: `could be ${distinct.map((r) => describe(r.target)).join(' or ')}`, candidates: distinct.map((r) => r.target) };
  }
  const ambiguous = results.filter((r) => r.kind === 'ambiguous');
  if (ambiguous.length > 0) {
    return { kind: 'ambiguous', reason: ambiguous.map((r) => r.reason).join('; '), candidates: ambiguous.flatMap((r) => r.candidates) };
  }
  return {
    kind: 'unmatched',
    reason: results.map((r) => (r as Extract<PhotoMatch, { kind: 'unmatched' }>).reason).join('; '),
    nearest: [...new Set(results.flatMap((r) => (r.kind === 'unmatched' ? r.nearest : [])))],
  };
}

/** The expected names closest to the photo's words joined as file names are: the photo was probably meant to be one. */
function nearestFiles(words: string[], targets: PhotoTarget[]): string[] {
  // Every name begins with nothing: a name without a letter or digit is near none of them.
  if (words.length === 0) return [];
  const stems = targets.map((t) => t.file.replace(/\.jpg$/, ''));
  return closestMatches(words.join('_'), stems, 3).map((stem) => `${stem}.jpg`);
}

/** `K500 Royal Blue` */
export function describe(target: PhotoTarget): string {
  return `${target.code} ${target.color}`;
}

interface Covered {
  target: PhotoTarget;
  /** Indexes into the words after the code that spell the colour. */
  used: Set<number>;
  inOrder: boolean;
}

function matchColor(product: IndexedProduct, rest: string[], colorWords: ReadonlySet<string>): PhotoMatch {
  const covered = product.colors.flatMap(({ target, words }) => {
    const found = cover(words, rest);
    return found ? [{ target, ...found }] : [];
  });
  if (covered.length === 0) {
    const colours = product.colors.map((c) => c.target.color).join(', ');
    return {
      kind: 'unmatched',
      reason: rest.length === 0 ? `names no colour after ${product.code} (${colours})` : `${product.code} comes in ${colours}; none is "${rest.join(' ')}"`,
      nearest: nearestFiles(
        [product.code, ...rest],
        product.colors.map((c) => c.target),
      ),
    };
  }
  // The colour spelling most of the name wins: "true navy" is True Navy, not Navy.
  const most = Math.max(...covered.map((c) => c.used.size));
  let best = covered.filter((c) => c.used.size === most);
  // Half colours in either order tie; the one written in the name's order is meant.
  if (best.length > 1 && best.filter((c) => c.inOrder).length === 1) best = best.filter((c) => c.inOrder);
  if (best.length > 1) {
    return {
      kind: 'ambiguous',
      reason: `names ${best.map((c) => c.target.color).join(' and ')}, both colours of ${product.code}`,
      candidates: best.map((c) => c.target),
    };
  }
  const winner = best[0]!;
  const left = rest.filter((_, i) => !winner.used.has(i));
  // The rest of the name must not name another colour of the product ("royal blue black").
  const other = covered.find((c) => c !== winner && [...c.used].every((i) => !winner.used.has(i)));
  if (other) {
    return {
      kind: 'ambiguous',
      reason: `names both ${winner.target.color} and ${other.target.color} of ${product.code}`,
      candidates: [winner.target, other.target],
    };
  }
  for (const word of left) {
    if (/^\d+$/.test(word) || SHOT_WORDS.has(word)) continue;
    if (colorWords.has(word)) {
      return {
        kind: 'ambiguous',
        reason: `says "${word}" beside ${winner.target.color}, a colour word ${product.code} has in no colour`,
        candidates: [winner.target],
      };
    }
    const near = product.colors
      .flatMap((c) => c.words)
      .find((colorWord) => word.length >= 3 && editDistance(word, colorWord, 2) <= (colorWord.length <= 4 ? 1 : 2));
    if (near) {
      return {
        kind: 'ambiguous',
        reason: `"${word}" may be a misspelt "${near}" (a colour word of ${product.code}), so not ${winner.target.color} for sure`,
        candidates: [winner.target],
      };
    }
  }
  // "back" names the colour's back picture, where back placements are drawn (docs/data-format.md, Logo areas).
  if (left.includes('back'))
    return {
      kind: 'matched',
      target: { ...winner.target, file: productBackImageFile(product.code, winner.target.color) },
      ignored: left.filter((word) => word !== 'back'),
    };
  return { kind: 'matched', target: winner.target, ignored: left };
}

/**
 * Which words of the name spell the colour: each of its words exactly once, as a whole word of
 * the name or run together with others in one ("royalblue"). Undefined when a word is missing.
 */
function cover(colorWords: string[], rest: string[]): { used: Set<number>; inOrder: boolean } | undefined {
  const unused = new Set(colorWords.map((_, i) => i));
  const used = new Set<number>();
  const order: number[] = [];
  rest.forEach((word, index) => {
    const spelled = spell(word, colorWords, unused);
    if (!spelled) return;
    used.add(index);
    for (const i of spelled) {
      unused.delete(i);
      order.push(i);
    }
  });
  if (unused.size > 0) return undefined;
  return { used, inOrder: order.every((value, i) => value === i) };
}

/** The colour words (by index, in order) that spell `word` entirely, each used once; undefined if none do. */
function spell(word: string, colorWords: string[], available: ReadonlySet<number>): number[] | undefined {
  if (word === '') return [];
  for (const i of available) {
    const colorWord = colorWords[i]!;
    if (!word.startsWith(colorWord)) continue;
    const others = new Set(available);
    others.delete(i);
    const rest = spell(word.slice(colorWord.length), colorWords, others);
    if (rest) return [i, ...rest];
  }
  return undefined;
}
