import { mockupSide, placementAreaFor, placementAreasFor, type PictureSide, type PlacementArea, type ProductPlacementAreas } from './placement-areas.ts';

/** The logos an ordered line carries, as the cart, the success page and the orders screen name them. */
export interface LineLogos {
  color: string;
  embroidery?: string;
  placement?: string;
  secondEmbroidery?: string;
  secondPlacement?: string;
}

/** A logo drawn on a mock-up: its picture and the placement's area, in fractions of the product picture. */
export interface MockupLogo {
  name: string;
  placement: string;
  src: string;
  area: Omit<PlacementArea, 'side'>;
}

/** A line's mock-up: the product's picture of one side with the logos placed on that side. */
export interface LineMockup {
  picture: string;
  side: PictureSide;
  logos: MockupLogo[];
}

/**
 * The mock-ups of a line, one per side that carries a drawable logo, the side of the first such
 * logo first: a logo at Left Chest and a second at Full Back give the front with the one and the
 * back with the other. None when no logo can be drawn (no area known, a back placement on a
 * colour without a back picture, no picture or logo image). A logo without a placement (types
 * that record none, a mug) goes to the product's one area when it has exactly one.
 */
export function lineMockups(
  line: LineLogos,
  product: ProductPlacementAreas | undefined,
  pictureOf: (side: PictureSide) => string | undefined,
  logoImages: Readonly<Record<string, string>>,
): LineMockup[] {
  if (!product) return [];
  const chosen = [
    { name: line.embroidery, placement: line.placement },
    { name: line.secondEmbroidery, placement: line.secondPlacement },
  ].flatMap(({ name, placement }) => {
    const where = placement || onlyPlacement(product, line.color);
    if (!name || !where) return [];
    const side = mockupSide(product, line.color, where);
    const area = placementAreaFor(product, line.color, where);
    const src = logoImages[name];
    return side && area && src ? [{ name, placement: where, src, side, area }] : [];
  });
  const sides = [...new Set(chosen.map((logo) => logo.side))];
  return sides.flatMap((side) => {
    const picture = pictureOf(side);
    if (!picture) return [];
    const logos = chosen
      .filter((logo) => logo.side === side)
      .map(({ name, placement, src, area: { x, y, width, height } }) => ({ name, placement, src, area: { x, y, width, height } }));
    return [{ picture, side, logos }];
  });
}

/**
 * A line's one mock-up where a line has room for one picture (the cart's, success and orders
 * thumbnails): its first side's (lineMockups).
 */
export function lineMockup(...args: Parameters<typeof lineMockups>): LineMockup | undefined {
  return lineMockups(...args)[0];
}

/** The placement of a product with exactly one area in this colour: where a logo ordered without a placement goes. */
function onlyPlacement(product: ProductPlacementAreas, color: string): string | undefined {
  const names = Object.keys(placementAreasFor(product, color));
  return names.length === 1 ? names[0] : undefined;
}

/** 'Stivers Script at Left Chest and Stivers Ford at Yoke': what a mock-up shows, for its alternative text. */
export function mockupDescription(productName: string, mockup: LineMockup): string {
  const logos = mockup.logos.map((logo) => `${logo.name} at ${logo.placement}`).join(' and ');
  return `${productName} with ${logos}${mockup.side === 'back' ? ', back view' : ''}`;
}
