import type { Category } from './categories.ts';

/**
 * Where a logo placement sits on a product's picture, so the item page, the cart's thumbnails
 * and the order e-mail's mock-ups draw a logo at the same spot. Fractions of the picture's width
 * and height (0 … 1) keep areas true at every responsive width of the same photo.
 */
export type PictureSide = 'front' | 'back';

export interface PlacementArea {
  /** Left edge, as a fraction of the picture's width. */
  x: number;
  /** Top edge, as a fraction of the picture's height. */
  y: number;
  width: number;
  height: number;
  /** `back` areas are drawn on the colour's back picture (`<code>_<colour>_back.jpg`). */
  side: PictureSide;
}

/** Placement name ("Left Chest") → its area. */
export type PlacementAreas = Readonly<Record<string, PlacementArea>>;

/** What a product carries beyond its type's defaults; the loader fills these from the catalog. */
export interface ProductPlacementAreas {
  type: string;
  /** The catalog's areas for the product's type merged with the product's own. */
  placementAreas?: PlacementAreas;
  /** A colour whose photo is framed differently: its areas win over the product's. */
  colorPlacementAreas?: Readonly<Record<string, PlacementAreas>>;
  /** Colours that have a back picture. */
  backPictureColors?: readonly string[];
}

const front = (x: number, y: number, width: number, height: number): PlacementArea => ({ x, y, width, height, side: 'front' });
const back = (x: number, y: number, width: number, height: number): PlacementArea => ({ x, y, width, height, side: 'back' });

/*
 * Defaults for a garment photographed flat and centred, front facing the camera, so a
 * merchandiser writes nothing for an ordinary polo. The wearer's left chest is on the viewer's
 * right.
 */
const SHIRT_AREAS: PlacementAreas = {
  'Left Chest': front(0.53, 0.27, 0.11, 0.1),
  'Left Sleeve': front(0.69, 0.25, 0.065, 0.08),
  'Right Sleeve': front(0.245, 0.25, 0.065, 0.08),
  'Full Front': front(0.37, 0.33, 0.26, 0.26),
  Yoke: back(0.4, 0.2, 0.2, 0.06),
  'Full Back': back(0.35, 0.3, 0.3, 0.32),
};

/*
 * A cap photographed in profile, bill to the left (as the sample pictures draw it): the wearer's
 * left faces the camera, so the right-hand placements sit where they show through best.
 */
const HAT_AREAS: PlacementAreas = {
  'Front Center': front(0.36, 0.33, 0.1, 0.12),
  'Left Panel': front(0.5, 0.3, 0.1, 0.1),
  'Right Panel': front(0.44, 0.27, 0.09, 0.06),
  'Left Side': front(0.6, 0.36, 0.1, 0.1),
  'Right Side': front(0.62, 0.27, 0.08, 0.06),
};

export const DEFAULT_PLACEMENT_AREAS: Readonly<Partial<Record<Category, PlacementAreas>>> = {
  mens: SHIRT_AREAS,
  womens: SHIRT_AREAS,
  tshirts: SHIRT_AREAS,
  hat: HAT_AREAS,
};

/** The area of `placement` on `product` in `color`: colour's own, then product's, then the type's default. */
export function placementAreaFor(product: ProductPlacementAreas, color: string, placement: string): PlacementArea | undefined {
  return (
    product.colorPlacementAreas?.[color]?.[placement] ?? product.placementAreas?.[placement] ?? DEFAULT_PLACEMENT_AREAS[product.type as Category]?.[placement]
  );
}

/** Every area known for `product` in `color`, by placement: the type's defaults, under the product's, under the colour's. */
export function placementAreasFor(product: ProductPlacementAreas, color: string): PlacementAreas {
  return { ...DEFAULT_PLACEMENT_AREAS[product.type as Category], ...product.placementAreas, ...product.colorPlacementAreas?.[color] };
}

/**
 * The side whose picture shows a logo at `placement`, or undefined when no mock-up can be drawn:
 * no area is known, or the area is on the back and this colour has no back picture.
 */
export function mockupSide(product: ProductPlacementAreas, color: string, placement: string): PictureSide | undefined {
  const area = placementAreaFor(product, color, placement);
  if (!area) return undefined;
  if (area.side === 'back' && !product.backPictureColors?.includes(color)) return undefined;
  return area.side;
}

/**
 * The box a logo of `logoAspect` (width / height) takes inside `area` on a picture of
 * `pictureAspect`, centred and as large as fits without changing the logo's shape; in the
 * same fractions as the area.
 */
export function logoBoxInArea(area: PlacementArea, logoAspect: number, pictureAspect: number): Omit<PlacementArea, 'side'> {
  const areaAspect = (area.width * pictureAspect) / area.height;
  const width = logoAspect >= areaAspect ? area.width : (area.height * logoAspect) / pictureAspect;
  const height = logoAspect >= areaAspect ? (area.width * pictureAspect) / logoAspect : area.height;
  return { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height };
}
