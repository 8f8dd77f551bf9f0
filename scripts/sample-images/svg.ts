/**
 * SVG string helpers: escaping, a document wrapper and text that fits a width.
 *
 * librsvg cannot measure or squeeze text for us (no textLength support), so widths are
 * estimated from DejaVu Sans Bold advance widths, the widest of the fonts we name; a
 * narrower fallback font only leaves a little more margin.
 */

export const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, sans-serif';

/** Escapes the five XML special characters so any name can go into text or attributes. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Rounds to one decimal so generated path strings stay short and stable. */
export function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function svgDocument(width: number, height: number, body: string, defs = ''): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    defs ? `<defs>${defs}</defs>` : '',
    body,
    '</svg>',
  ].join('');
}

// Advance widths (em) of DejaVu Sans Bold for printable ASCII, measured by rendering
// each character with sharp. Characters outside ASCII use WIDE_GLYPH.
const ASCII_WIDTHS: Readonly<Record<string, number>> = {
  ' ': 0.35,
  '!': 0.46,
  '"': 0.52,
  '#': 0.84,
  $: 0.7,
  '%': 1,
  '&': 0.87,
  "'": 0.31,
  '(': 0.46,
  ')': 0.46,
  '*': 0.52,
  '+': 0.84,
  ',': 0.38,
  '-': 0.42,
  '.': 0.38,
  '/': 0.37,
  ':': 0.4,
  ';': 0.4,
  '<': 0.84,
  '=': 0.84,
  '>': 0.84,
  '?': 0.58,
  '@': 1,
  A: 0.77,
  B: 0.76,
  C: 0.73,
  D: 0.83,
  E: 0.68,
  F: 0.68,
  G: 0.82,
  H: 0.84,
  I: 0.37,
  J: 0.37,
  K: 0.77,
  L: 0.64,
  M: 1,
  N: 0.84,
  O: 0.85,
  P: 0.73,
  Q: 0.85,
  R: 0.77,
  S: 0.68,
  T: 0.7,
  U: 0.81,
  V: 0.77,
  W: 1.1,
  X: 0.77,
  Y: 0.72,
  Z: 0.73,
  '[': 0.46,
  '\\': 0.37,
  ']': 0.46,
  '^': 0.84,
  _: 0.5,
  '`': 0.5,
  a: 0.67,
  b: 0.72,
  c: 0.59,
  d: 0.72,
  e: 0.68,
  f: 0.44,
  g: 0.72,
  h: 0.71,
  i: 0.34,
  j: 0.34,
  k: 0.67,
  l: 0.34,
  m: 1.04,
  n: 0.71,
  o: 0.69,
  p: 0.72,
  q: 0.72,
  r: 0.49,
  s: 0.6,
  t: 0.48,
  u: 0.71,
  v: 0.65,
  w: 0.92,
  x: 0.65,
  y: 0.65,
  z: 0.58,
  '{': 0.71,
  '|': 0.37,
  '}': 0.71,
  '~': 0.84,
};
const DIGIT_WIDTH = 0.7;
const WIDE_GLYPH = 0.8;

export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) {
    ems += /[0-9]/.test(char) ? DIGIT_WIDTH : (ASCII_WIDTHS[char] ?? WIDE_GLYPH);
  }
  return ems * fontSize;
}

export interface FitOptions {
  maxWidth: number;
  maxLines: number;
  maxSize: number;
  minSize: number;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
}

/**
 * The largest font size (stepping down from maxSize) at which the text wraps into at most
 * maxLines lines of at most maxWidth. Text too long even at minSize is cut with an ellipsis
 * rather than overflowing the picture.
 */
export function fitText(text: string, options: FitOptions): FittedText {
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let fontSize = options.maxSize; fontSize >= options.minSize; fontSize -= 2) {
    const lines = wrapWords(words, options.maxWidth, fontSize);
    if (lines && lines.length <= options.maxLines) return { lines, fontSize };
  }
  return { lines: truncatedLines(words, options), fontSize: options.minSize };
}

/** Greedy word wrap; undefined when a single word is wider than the line. */
function wrapWords(words: readonly string[], maxWidth: number, fontSize: number): string[] | undefined {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (textWidth(word, fontSize) > maxWidth) return undefined;
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function truncatedLines(words: readonly string[], options: FitOptions): string[] {
  const fits = (line: string) => textWidth(line, options.minSize) <= options.maxWidth;
  const pieces = words.flatMap((word) => hardBreak(word, fits));
  const lines = wrapWords(pieces, options.maxWidth, options.minSize) ?? pieces;
  if (lines.length <= options.maxLines) return lines;
  const kept = lines.slice(0, options.maxLines - 1);
  const overflow = lines.slice(options.maxLines - 1).join(' ');
  return [...kept, ellipsize(overflow, fits)];
}

/** Splits a word too wide for any line into chunks that fit. */
function hardBreak(word: string, fits: (line: string) => boolean): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const char of word) {
    if (chunk && !fits(chunk + char)) {
      chunks.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}

function ellipsize(text: string, fits: (line: string) => boolean): string {
  const chars = Array.from(text);
  while (chars.length > 1 && !fits(`${chars.join('').trimEnd()}…`)) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

export interface TextBlockOptions {
  /** Where lines are anchored: their centre, or their left edge with anchor 'start'. */
  x: number;
  /** Vertical centre of the whole block. */
  centerY: number;
  fill: string;
  bold?: boolean;
  lineHeight?: number;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

/** Centred multi-line text; each line is its own <text> so librsvg needs no tspan layout. */
export function textBlock(fitted: FittedText, options: TextBlockOptions): string {
  const lineHeight = (options.lineHeight ?? 1.15) * fitted.fontSize;
  // Cap height of DejaVu is ~0.73 em; centring on it looks centred to the eye.
  const firstBaseline = options.centerY - ((fitted.lines.length - 1) * lineHeight) / 2 + fitted.fontSize * 0.36;
  const attributes = [
    `font-family="${FONT_FAMILY}"`,
    `font-size="${num(fitted.fontSize)}"`,
    `font-weight="${options.bold ? 'bold' : 'normal'}"`,
    `fill="${options.fill}"`,
    `text-anchor="${options.anchor ?? 'middle'}"`,
    options.opacity === undefined ? '' : `fill-opacity="${options.opacity}"`,
  ]
    .filter(Boolean)
    .join(' ');
  return fitted.lines
    .map((line, i) => `<text x="${num(options.x)}" y="${num(firstBaseline + i * lineHeight)}" ${attributes}>${escapeXml(line)}</text>`)
    .join('');
}
