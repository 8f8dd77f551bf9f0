/**
 * Colour names as written in catalogs (Royal Blue, Heather Grey, Safety Orange…) mapped to
 * hex values, plus the little colour arithmetic the drawings need (mixing, contrast).
 */

// Keys are normalised names (see normalizeColorName). Values are approximations of what
// apparel and promo suppliers mean by the name, not any standard.
const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: '#1c1c1e',
  white: '#fbfbf9',
  navy: '#1f2a44',
  midnight: '#191e33',
  'true navy': '#1b2540',
  blue: '#2f5fb3',
  royal: '#2451a6',
  'royal blue': '#2451a6',
  'true royal': '#2352b0',
  cobalt: '#1f4fa3',
  denim: '#3f5f86',
  'light blue': '#a9cbea',
  'oxford blue': '#1d2f55',
  'sky blue': '#87c5ea',
  'carolina blue': '#7bafd4',
  'columbia blue': '#9bc4e2',
  'steel blue': '#4a6f8f',
  indigo: '#3a3f8f',
  red: '#c8202f',
  'true red': '#c41e2f',
  scarlet: '#d2222d',
  crimson: '#b0172f',
  cherry: '#b3132b',
  cardinal: '#9b1b30',
  cranberry: '#8f1d35',
  maroon: '#6b1e2a',
  burgundy: '#6d1a2c',
  wine: '#5e1a2e',
  grey: '#8d9096',
  'light grey': '#c9cbce',
  'dark grey': '#55585d',
  'heather grey': '#b4b6b9',
  'sport grey': '#a7a9ac',
  'athletic heather': '#aeb0b3',
  heather: '#a5a7aa',
  'black heather': '#3a3b3e',
  'iron grey': '#4b4f54',
  'oxford grey': '#6c7077',
  oxford: '#6c7077',
  charcoal: '#3e4247',
  steel: '#71797e',
  'steel grey': '#71797e',
  storm: '#5f676e',
  graphite: '#45484d',
  gunmetal: '#3b4045',
  slate: '#5b6770',
  smoke: '#8a8d8f',
  ash: '#d0d1ce',
  pewter: '#8e9093',
  silver: '#c2c5c9',
  chrome: '#d4d8dc',
  platinum: '#d9d9d6',
  titanium: '#878681',
  clear: '#e4ecf0',
  green: '#2e8b48',
  'forest green': '#24452f',
  forest: '#24452f',
  'hunter green': '#2f4f3a',
  'dark green': '#1e4d2b',
  'kelly green': '#18a05a',
  kelly: '#18a05a',
  'safety green': '#b9e61e',
  olive: '#6b6b2e',
  moss: '#5c6b3a',
  camo: '#5f6b45',
  lime: '#8cc63f',
  mint: '#a8e3c5',
  teal: '#128a8c',
  aqua: '#20b6c4',
  turquoise: '#2bb5b0',
  cyan: '#27b2d6',
  orange: '#f26b1d',
  'safety orange': '#ff6a13',
  'texas orange': '#bf5700',
  gold: '#f2b21b',
  'athletic gold': '#f3b229',
  'vegas gold': '#c5b358',
  'old gold': '#b8973d',
  yellow: '#f6d21d',
  'safety yellow': '#e4f01c',
  'hi vis yellow': '#e4f01c',
  mustard: '#d4a72c',
  canary: '#fbe77a',
  khaki: '#c3b091',
  tan: '#d2b48c',
  stone: '#cfc6b4',
  sand: '#d6c29a',
  putty: '#b9ab92',
  beige: '#dccbab',
  manila: '#e9d8a6',
  natural: '#efe5cf',
  cream: '#f3ead2',
  ivory: '#f5efdc',
  camel: '#b8875a',
  brown: '#5d3b26',
  chocolate: '#4a2c1f',
  coffee: '#5b3a29',
  mocha: '#6f4e37',
  bronze: '#a8722f',
  copper: '#b5652a',
  purple: '#5b2c83',
  violet: '#6f45a8',
  plum: '#5e2750',
  lavender: '#b7a6d6',
  pink: '#f28cb1',
  'hot pink': '#e5408a',
  'light pink': '#f6bfd3',
  magenta: '#c2187a',
  fuchsia: '#d6338a',
  coral: '#f47a6b',
};

const WHITE = '#ffffff';
const BLACK = '#000000';
const HEATHER_GREY = '#9a9b9d';

// Words that adjust the colour named after them ("Heather Navy", "Dark Teal").
const MODIFIERS: Readonly<Record<string, (hex: string) => string>> = {
  light: (hex) => mix(hex, WHITE, 0.45),
  pale: (hex) => mix(hex, WHITE, 0.55),
  pastel: (hex) => mix(hex, WHITE, 0.5),
  dark: (hex) => mix(hex, BLACK, 0.35),
  deep: (hex) => mix(hex, BLACK, 0.25),
  heather: (hex) => mix(hex, HEATHER_GREY, 0.3),
  heathered: (hex) => mix(hex, HEATHER_GREY, 0.3),
};

/** Lower case, single spaces, dashes as spaces and the US spelling "gray" as "grey". */
export function normalizeColorName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\bgray\b/g, 'grey');
}

/**
 * The hex value for a colour name. Unknown multiword names fall back to their longest known
 * ending ("Heather Navy" → navy, adjusted by known modifiers); anything else gets a stable
 * hash-based colour so the same name always looks the same.
 */
export function colorHex(name: string): string {
  const normalized = normalizeColorName(name);
  const exact = NAMED_COLORS[normalized];
  if (exact) return exact;

  const words = normalized.split(' ');
  for (let start = 1; start < words.length; start++) {
    const base = NAMED_COLORS[words.slice(start).join(' ')];
    if (base) return applyModifiers(base, words.slice(0, start));
  }
  return hashColor(normalized);
}

function applyModifiers(hex: string, words: readonly string[]): string {
  return words.reduce((current, word) => MODIFIERS[word]?.(current) ?? current, hex);
}

/** 32-bit FNV-1a: tiny, stable across runs and platforms. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function hashColor(text: string): string {
  const hash = hashString(text);
  const hue = hash % 360;
  const saturation = 0.45 + ((hash >>> 9) % 20) / 100;
  const lightness = 0.38 + ((hash >>> 17) % 18) / 100;
  return hslToHex(hue, saturation, lightness);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sectors: ReadonlyArray<readonly [number, number, number]> = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ];
  const [r, g, b] = sectors[Math.floor(hue / 60)] ?? [0, 0, 0];
  return toHex([r + m, g + m, b + m].map((channel) => channel * 255));
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex(channels: readonly number[]): string {
  return `#${channels
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Blend `from` towards `to` by `amount` (0 = from, 1 = to). */
export function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(a.map((channel, i) => channel + ((b[i] ?? 0) - channel) * amount));
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Near-black or white, whichever reads better on `background`. */
export function textColorOn(background: string): string {
  // 0.2 is where near-black and white give equal contrast (WCAG ratio).
  return luminance(background) > 0.2 ? '#1d232a' : WHITE;
}
