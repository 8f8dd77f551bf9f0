/**
 * One product picture: the product's silhouette in one colour (or two, for a half colour)
 * on a light background, with its name, code and colour written underneath.
 */
import { colorHex, luminance, mix } from './colors.ts';
import { backShapeFor, shapeFor, type ProductPaint, type ShapeSubject } from './product-shapes.ts';
import { fitText, svgDocument, textBlock } from './svg.ts';

export const PRODUCT_IMAGE_SIZE = 1200;

const BACKGROUND = '#f1efea';
const INK = '#1f2328';
const MUTED_INK = '#59606a';
const WHITE = '#ffffff';
const BLACK = '#000000';
const SPLIT_GRADIENT_ID = 'split';

export interface ProductImageSpec extends ShapeSubject {
  code: string;
  /** The colour as written in the catalog, shown in the caption. */
  colorName: string;
  /** One colour name, or the two halves of a half colour. */
  colorParts: readonly string[];
  /** The garment's back (`<code>_<colour>_back.jpg`), for products that have one. */
  back?: boolean;
}

export function productImageSvg(spec: ProductImageSpec): string {
  const { paint, defs } = productPaint(spec.colorParts.map(colorHex));
  const name = fitText(spec.name, { maxWidth: 1080, maxLines: 2, maxSize: 66, minSize: 34 });
  const caption = fitText(`${spec.code} · ${spec.colorName}${spec.back ? ' · back' : ''}`, {
    maxWidth: 1080,
    maxLines: 1,
    maxSize: 40,
    minSize: 24,
  });
  const body = [
    `<rect width="${PRODUCT_IMAGE_SIZE}" height="${PRODUCT_IMAGE_SIZE}" fill="${BACKGROUND}"/>`,
    `<ellipse cx="600" cy="868" rx="340" ry="24" fill="${BLACK}" fill-opacity="0.08"/>`,
    // Shrunk a little about the centre line so tall shapes clear the text below.
    `<g transform="translate(48 24) scale(0.92)">${((spec.back && backShapeFor(spec)) || shapeFor(spec))(paint)}</g>`,
    textBlock(name, { x: 600, centerY: name.lines.length > 1 ? 990 : 1000, fill: INK, bold: true }),
    textBlock(caption, { x: 600, centerY: 1120, fill: MUTED_INK }),
  ].join('');
  return svgDocument(PRODUCT_IMAGE_SIZE, PRODUCT_IMAGE_SIZE, body, defs);
}

interface PaintWithDefs {
  paint: ProductPaint;
  defs: string;
}

/** Derives outline and detail colours that stay visible on any body colour, black included. */
export function productPaint(hexes: readonly string[]): PaintWithDefs {
  const [first = '#808080', second] = hexes;
  if (!second) {
    return {
      paint: { body: first, trim: trimFor(first), edge: mix(first, BLACK, 0.45), detail: detailFor(first) },
      defs: '',
    };
  }
  // A hard stop at the canvas centre: left half in the first colour, right half in the second.
  const defs =
    `<linearGradient id="${SPLIT_GRADIENT_ID}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${PRODUCT_IMAGE_SIZE}" y2="0">` +
    `<stop offset="0.5" stop-color="${first}"/><stop offset="0.5" stop-color="${second}"/></linearGradient>`;
  const average = mix(first, second, 0.5);
  return {
    paint: {
      body: `url(#${SPLIT_GRADIENT_ID})`,
      trim: second,
      edge: mix(average, BLACK, 0.5),
      detail: detailFor(average),
    },
    defs,
  };
}

function trimFor(hex: string): string {
  // Shading black darker would make collars and visors vanish, so near-black goes lighter.
  return luminance(hex) < 0.03 ? mix(hex, WHITE, 0.16) : mix(hex, BLACK, 0.14);
}

function detailFor(hex: string): string {
  return luminance(hex) < 0.2 ? mix(hex, WHITE, 0.4) : mix(hex, BLACK, 0.35);
}
