/**
 * Stand-in brand artwork: embroidery logo emblems, tenant wordmarks and the entry-screen
 * header banner. Shapes and colours are picked from a hash of the name, so each logo keeps
 * its look from run to run and different names look different.
 */
import { hashString, textColorOn } from './colors.ts';
import { SHAPES, type ProductPaint } from './product-shapes.ts';
import { fitText, num, svgDocument, textBlock, type FitOptions } from './svg.ts';

export const EMBLEM_SIZE = 400;
export const WORDMARK_WIDTH = 600;
export const WORDMARK_HEIGHT = 200;
export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 500;

interface BrandColors {
  primary: string;
  accent: string;
}

// Dark primaries so the text drawn in them reads on the white page headers.
const BRAND_PALETTES: readonly BrandColors[] = [
  { primary: '#1f2a44', accent: '#f2b21b' },
  { primary: '#6b1e2a', accent: '#efe5cf' },
  { primary: '#24452f', accent: '#f2d27a' },
  { primary: '#2451a6', accent: '#ffffff' },
  { primary: '#1c1c1e', accent: '#d9252f' },
  { primary: '#3e4247', accent: '#7bafd4' },
  { primary: '#a3162b', accent: '#ffffff' },
  { primary: '#0f6e70', accent: '#f1efea' },
];

function paletteFor(name: string): BrandColors {
  return BRAND_PALETTES[hashString(name) % BRAND_PALETTES.length] ?? { primary: '#1f2a44', accent: '#ffffff' };
}

const SMALL_WORDS = new Set(['of', 'the', 'and', 'at', 'for', 'a', 'an']);

/** Up to three initials from the name's significant words: "Guardian Shield" → "GS". */
export function initials(name: string): string {
  const words = name
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()));
  const letters = words.slice(0, 3).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

// ---------------------------------------------------------------------------------------
// Embroidery emblems

interface EmblemLayout {
  /** Filled outline and the accent line inset inside it. */
  outer: string;
  inner: string;
  monogramY: number;
  name: { centerY: number } & Omit<FitOptions, 'minSize'>;
}

function scallopedCircle(radius: number, depth: number, bumps: number): string {
  const points = Array.from({ length: bumps * 2 }, (_, i) => {
    const angle = (Math.PI * i) / bumps;
    const r = i % 2 === 0 ? radius : radius - depth;
    return `${num(200 + r * Math.cos(angle))} ${num(200 + r * Math.sin(angle))}`;
  });
  return `M ${points.join(' L ')} Z`;
}

function circlePath(r: number): string {
  return `M ${200 - r} 200 a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
}

function roundedSquare(inset: number, radius: number): string {
  const a = inset;
  const b = EMBLEM_SIZE - inset;
  return (
    `M ${a + radius} ${a} L ${b - radius} ${a} Q ${b} ${a} ${b} ${a + radius} L ${b} ${b - radius} ` +
    `Q ${b} ${b} ${b - radius} ${b} L ${a + radius} ${b} Q ${a} ${b} ${a} ${b - radius} ` +
    `L ${a} ${a + radius} Q ${a} ${a} ${a + radius} ${a} Z`
  );
}

// Text areas are narrower than the shapes because shields and circles taper.
const EMBLEM_LAYOUTS: readonly EmblemLayout[] = [
  {
    outer: 'M 200 12 L 374 64 L 374 190 C 374 302 302 354 200 392 C 98 354 26 302 26 190 L 26 64 Z',
    inner: 'M 200 38 L 350 83 L 350 190 C 350 287 289 331 200 366 C 111 331 50 287 50 190 L 50 83 Z',
    monogramY: 140,
    name: { centerY: 256, maxWidth: 228, maxLines: 3, maxSize: 40 },
  },
  {
    outer: circlePath(190),
    inner: circlePath(170),
    monogramY: 148,
    name: { centerY: 268, maxWidth: 262, maxLines: 2, maxSize: 40 },
  },
  {
    outer: scallopedCircle(194, 16, 24),
    inner: circlePath(158),
    monogramY: 152,
    name: { centerY: 262, maxWidth: 232, maxLines: 2, maxSize: 36 },
  },
  {
    outer: roundedSquare(18, 64),
    inner: roundedSquare(36, 48),
    monogramY: 146,
    name: { centerY: 270, maxWidth: 292, maxLines: 3, maxSize: 42 },
  },
];

/** A 400×400 emblem on a transparent background, e.g. for tenants/logos/Guardian Shield.png. */
export function emblemSvg(name: string): string {
  const colors = paletteFor(name);
  const layout = EMBLEM_LAYOUTS[(hashString(name) >>> 8) % EMBLEM_LAYOUTS.length] ?? EMBLEM_LAYOUTS[0]!;
  const monogram = fitText(initials(name), { maxWidth: 220, maxLines: 1, maxSize: 120, minSize: 60 });
  const label = fitText(name, { ...layout.name, minSize: 18 });
  const body = [
    `<path d="${layout.outer}" fill="${colors.primary}"/>`,
    `<path d="${layout.inner}" fill="none" stroke="${colors.accent}" stroke-width="6"/>`,
    textBlock(monogram, { x: 200, centerY: layout.monogramY, fill: colors.accent, bold: true }),
    `<rect x="140" y="206" width="120" height="5" fill="${colors.accent}"/>`,
    textBlock(label, { x: 200, centerY: layout.name.centerY, fill: textColorOn(colors.primary), bold: true, lineHeight: 1.1 }),
  ].join('');
  return svgDocument(EMBLEM_SIZE, EMBLEM_SIZE, body);
}

// ---------------------------------------------------------------------------------------
// Tenant wordmark

/** A 600×200 wordmark: a monogram tile and the tenant title, on a transparent background. */
export function wordmarkSvg(title: string): string {
  const colors = paletteFor(title);
  const monogram = fitText(initials(title), { maxWidth: 130, maxLines: 1, maxSize: 84, minSize: 40 });
  const text = fitText(title, { maxWidth: 395, maxLines: 3, maxSize: 60, minSize: 20 });
  const body = [
    `<rect x="12" y="22" width="156" height="156" rx="30" fill="${colors.primary}"/>`,
    `<rect x="24" y="34" width="132" height="132" rx="22" fill="none" stroke="${colors.accent}" stroke-width="4"/>`,
    textBlock(monogram, { x: 90, centerY: 100, fill: colors.accent, bold: true }),
    textBlock(text, { x: 192, centerY: 100, fill: colors.primary, bold: true, anchor: 'start', lineHeight: 1.1 }),
  ].join('');
  return svgDocument(WORDMARK_WIDTH, WORDMARK_HEIGHT, body);
}

// ---------------------------------------------------------------------------------------
// Entry-screen header banner

const GHOST_PAINT: ProductPaint = { body: '#ffffff', trim: '#ffffff', edge: '#ffffff', detail: '#1f2a44' };

/** Faint product silhouettes along the right, so the banner says "branded goods" at a glance. */
function ghostProducts(): string {
  const placements: ReadonlyArray<readonly [keyof typeof SHAPES, number, number]> = [
    ['polo', 930, -10],
    ['mug', 1200, 0],
    ['cap', 930, 230],
    ['jacket', 1170, 200],
  ];
  return placements.map(([shape, x, y]) => `<g transform="translate(${x} ${y}) scale(0.3)">${SHAPES[shape](GHOST_PAINT)}</g>`).join('');
}

/**
 * A 1600×500 banner with the supplier's name, for the entry screen. No tag line: the picture
 * is scaled to the screen's width, and a line of small print in it would be about 6 px tall
 * on a phone; the entry screen says what the supplier sells in its own text (entry_banner).
 */
export function headerBannerSvg(supplierName: string): string {
  const defs =
    '<linearGradient id="banner" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#16203a"/><stop offset="1" stop-color="#2451a6"/></linearGradient>';
  const name = fitText(supplierName, { maxWidth: 820, maxLines: 2, maxSize: 96, minSize: 40 });
  const body = [
    `<rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#banner)"/>`,
    `<g opacity="0.14">${ghostProducts()}</g>`,
    textBlock(name, { x: 100, centerY: 200, fill: '#ffffff', bold: true, anchor: 'start', lineHeight: 1.08 }),
    `<rect x="100" y="330" width="140" height="8" fill="#f2b21b"/>`,
  ].join('');
  return svgDocument(BANNER_WIDTH, BANNER_HEIGHT, body, defs);
}
