import type { Product } from '../../src/domain/product.ts';

/**
 * What a buyer types and which products are a right first answer, read from the tenant's own
 * products (no result is written down): issue 47's phrases, typed as a buyer types them.
 */
export interface SearchPhrase {
  query: string;
  /** Whether the product is what the buyer meant. */
  right(product: Product): boolean;
}

export const FORGIVING_PHRASES: readonly SearchPhrase[] = [
  { query: 'polo shrt', right: (product) => product.subCategory === 'polos' },
  { query: 'flor mats', right: (product) => /\bfloor mats?\b/i.test(product.name) },
  { query: 'tshirt', right: (product) => product.type === 'tshirts' || /\btees?\b/.test(product.subCategory ?? '') },
  { query: 't-shirt', right: (product) => product.type === 'tshirts' || /\btees?\b/.test(product.subCategory ?? '') },
  { query: 'hat', right: (product) => product.type === 'hat' },
  { query: 'cap', right: (product) => product.type === 'hat' },
  { query: 'leather', right: (product) => /leather/i.test(`${product.name} ${product.fullname}`) },
];

/** The phrases that have a right answer among `products`, each with the codes that are right. */
export function phrasesFor(products: readonly Product[]): { query: string; right: Set<string> }[] {
  const phrases = [
    ...FORGIVING_PHRASES.map(({ query, right }) => ({ query, right: new Set(products.filter(right).map((product) => product.code)) })),
    // Every code finds its own product first, typed as printed or in lower case.
    ...products.map((product, index) => ({ query: index % 2 === 0 ? product.code : product.code.toLowerCase(), right: new Set([product.code]) })),
  ];
  return phrases.filter((phrase) => phrase.right.size > 0);
}
