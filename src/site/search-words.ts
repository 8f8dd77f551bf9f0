/**
 * How the storefront search reads words, the same when the build indexes a product and when the
 * browser reads a query (MiniSearch's `tokenize` and `processTerm`, docs/decisions.md, Search
 * that forgives): lower case, a hyphenated word also as one word ('T-Shirt' is 'tshirt' as well,
 * 'PLT-AL' is 'pltal'), a plural as its singular, and a few words buyers use for the same thing
 * as one word.
 */

/**
 * Words a buyer types for the same thing, each mapped to the one word both sides store. Kept
 * short and about the catalog's own categories: a wider thesaurus would bring noise.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, string>> = {
  tshirt: 'tee',
  teeshirt: 'tee',
  hat: 'cap',
  ballcap: 'cap',
  coat: 'jacket',
  gray: 'grey',
  womens: 'women',
  ladies: 'women',
  lady: 'women',
  men: 'mens',
};

/** Words whose final 's' is not a plural: 'glass' stays, 'mats' is 'mat'. */
function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || /(ss|us|is)$/.test(word) || /\d/.test(word)) return word;
  return word.slice(0, -1);
}

/** One word as both sides store it, or null for a word too short to mean anything alone. */
export function searchTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length < 2 && !/\d/.test(lower)) return null;
  const known = SEARCH_SYNONYMS[lower];
  if (known !== undefined) return known;
  const one = singular(lower);
  return SEARCH_SYNONYMS[one] ?? one;
}

/**
 * A text's words: split at spaces and punctuation, a hyphenated or dotted word also whole
 * ('T-Shirts' gives 'tshirts' and 'shirts'; one letter alone is dropped, a digit is kept).
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.split(/[\s,;:!?()[\]{}"“”‘’/&+]+/u)) {
    const parts = chunk.split(/[^\p{L}\p{N}]+/u).filter((part) => part !== '');
    if (parts.length > 1) words.push(parts.join(''));
    words.push(...parts);
  }
  return words;
}

/**
 * How far a word may be from a word of the index and still match: a typo is only a typo when the
 * word as typed finds nothing (`typedFinds`), so 'leather' finds leather and not 'heather'. A
 * short word and a code (any word with a digit) are never fuzzy: 'K540' must not find K500.
 */
export function typoDistance(term: string, typedFinds: (term: string) => boolean): number | false {
  if (term.length < 4 || /\d/.test(term) || typedFinds(term)) return false;
  return term.length < 8 ? 1 : 2;
}
