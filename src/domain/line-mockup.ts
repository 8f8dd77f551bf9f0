import { mockupSide, placementAreaFor, type PictureSide, type PlacementArea, type ProductPlacementAreas } from './placement-areas.ts';

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
 * The mock-up of a line, or undefined when none can be drawn (no logo with a known area, a back
 * placement on a colour without a back picture, no picture or logo image): the line then shows
 * its plain thumbnail. The picture is that of the first logo whose placement can be drawn; the
 * other logo joins it when its placement is on the same side.
 */
export function lineMockup(
  line: LineLogos,
  product: ProductPlacementAreas | undefined,
  pictureOf: (side: PictureSide) => string | undefined,
  logoImages: Readonly<Record<string, string>>,
): LineMockup | undefined {
  if (!product) return undefined;
  const chosen = [
    { name: line.embroidery, placement: line.placement },
    { name: line.secondEmbroidery, placement: line.secondPlacement },
  ].flatMap(({ name, placement }) => {
    if (!name || !placement) return [];
    const side = mockupSide(product, line.color, placement);
    const area = placementAreaFor(product, line.color, placement);
    const src = logoImages[name];
    return side && area && src ? [{ name, placement, src, side, area }] : [];
  });
  const first = chosen[0];
  if (!first) return undefined;
  const picture = pictureOf(first.side);
  if (!picture) return undefined;
  const logos = chosen
    .filter((logo) => logo.side === first.side)
    .map(({ name, placement, src, area: { x, y, width, height } }) => ({ name, placement, src, area: { x, y, width, height } }));
  return { picture, side: first.side, logos };
}

/** 'Stivers Script at Left Chest and Stivers Ford at Yoke': what a mock-up shows, for its alternative text. */
export function mockupDescription(productName: string, mockup: LineMockup): string {
  const logos = mockup.logos.map((logo) => `${logo.name} at ${logo.placement}`).join(' and ');
  return `${productName} with ${logos}${mockup.side === 'back' ? ', back view' : ''}`;
}
