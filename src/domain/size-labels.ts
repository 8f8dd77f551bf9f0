/**
 * Size labels, the keys of a product's `sizes` map. The family decides how the item page
 * asks for quantities: tiers are print runs (a count of runs per tier and colour), every
 * other family is one quantity per size.
 */
export type SizeFamily = 'apparel' | 'tall' | 'one-size' | 'tier' | 'unit';

const APPAREL = [
  'XSmall',
  'Small',
  'Medium',
  'Large',
  'XLarge',
  '2XL',
  '3XL',
  '4XL',
  '5XL',
  '6XL',
  '7XL',
  '8XL',
  '9XL',
  '10XL',
  '2XLarge',
  '3XLarge',
  '4XLarge',
  '5XLarge',
  '6XLarge',
];
const TALL = ['LT', 'XLT', '2XLT', '3XLT', '4XLT'];
const ONE_SIZE = ['OSFA', 'S_M', 'M_L', 'L_XL'];
const UNIT_PLURALS = ['boxes', 'packs', 'rolls', 'pads', 'sets', 'cases', 'sheets'];
const UNIT_SINGULARS = ['box', 'pack', 'roll', 'pad', 'set', 'case', 'sheet'];

const TIER = /^[1-9][0-9]{0,5}$/;
const UNIT_COUNTED = new RegExp(`^# (${UNIT_PLURALS.join('|')}|each)$`);
const UNIT_ONE = new RegExp(`^1 (${UNIT_SINGULARS.join('|')})$`);
const UNIT_MANY = new RegExp(`^([2-9]|[1-9][0-9]+) (${UNIT_PLURALS.join('|')})$`);

/** Labels a merchandiser is likely to mean; used to suggest a fix for an unknown label. */
export const KNOWN_SIZE_LABELS: readonly string[] = [
  ...APPAREL,
  ...TALL,
  ...ONE_SIZE,
  ...UNIT_PLURALS.map((u) => `# ${u}`),
  '1 box',
  '5 boxes',
  '10 boxes',
  '1 pack',
  '1 roll',
  '1 case',
  '100',
  '250',
  '500',
  '1000',
  '1500',
  '2500',
  '5000',
  '10000',
];

export function sizeFamily(label: string): SizeFamily | undefined {
  if (APPAREL.includes(label)) return 'apparel';
  if (TALL.includes(label)) return 'tall';
  if (ONE_SIZE.includes(label)) return 'one-size';
  if (TIER.test(label)) return 'tier';
  if (UNIT_COUNTED.test(label) || UNIT_ONE.test(label) || UNIT_MANY.test(label)) return 'unit';
  return undefined;
}

/** A product whose size keys are numbers is ordered in print-run tiers (customs plates, stickers). */
export function isTierLabel(label: string): boolean {
  return TIER.test(label);
}

/**
 * What a quantity typed for a unit size counts, and what its price is for: every unit label
 * ('# boxes', '1 box', '5 boxes') is priced per one of its unit and ordered in that unit, so
 * '5 boxes' at $115.79 is $115.79 a box, and 10 typed there are 10 boxes (docs/decisions.md,
 * Unit labels). '# each' counts pieces. Undefined for a label that is not a unit.
 */
export function countedUnit(label: string): { singular: string; plural: string } | undefined {
  if (label === '# each') return { singular: 'piece', plural: 'pieces' };
  const match = UNIT_COUNTED.exec(label) ?? UNIT_MANY.exec(label);
  const plural = match?.[match.length - 1] ?? (UNIT_ONE.exec(label) ? UNIT_PLURALS[UNIT_SINGULARS.indexOf(label.slice(2))] : undefined);
  if (plural === undefined) return undefined;
  return { singular: UNIT_SINGULARS[UNIT_PLURALS.indexOf(plural)]!, plural };
}
