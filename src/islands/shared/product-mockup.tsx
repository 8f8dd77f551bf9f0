import type { ReactNode } from 'react';
import { ResponsivePicture } from '../../components/responsive-picture.tsx';
import { logoBoxInArea, mockupSide, placementAreaFor, type PictureSide, type ProductPlacementAreas } from '../../domain/placement-areas.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { scaledSizes } from './scaled-sizes.ts';

export interface MockupLogo {
  /** The logo's name: what the buyer chose, and the element's data-logo for tests and outlines. */
  name: string;
  image: PictureData;
  placement: string;
}

export interface ProductMockupProps {
  product: ProductPlacementAreas;
  color: string;
  /** The colour's picture, already rendered as `children`: its size is the box everything is drawn in. */
  picture: PictureData;
  /** The colour's back picture, where it has one. */
  back?: PictureData;
  /** The logos chosen, the one whose side to show first (the buyer's latest choice). */
  logos: readonly MockupLogo[];
  /** The picture's `sizes`, from which each logo's is worked out. */
  sizes: string;
  /** The front and back pictures' alt texts (the front's shows in the inset when the back is large). */
  alt: string;
  backAlt: string;
  children: ReactNode;
}

/** The other side's picture, in a corner of the main one: this part of its width. */
const INSET_WIDTH = 0.34;

/**
 * A product's picture with the chosen logos drawn on it at their placements' areas
 * (src/domain/placement-areas.ts). Everything is drawn inside the picture's own box, in
 * percentages of it, so nothing on the page moves; without a logo it adds only its wrapper.
 * A placement on the back lays the colour's back picture over the front, in the same box; when
 * logos sit on both sides, the other side shows in an inset in the corner with its own logos,
 * so no chosen logo goes undrawn. A logo that cannot be drawn at all is named in a note.
 */
export function ProductMockup({ product, color, picture, back, logos, sizes, alt, backAlt, children }: ProductMockupProps) {
  const sides = shownSides(product, color, logos);
  const side = sides[0] ?? 'front';
  const other = sides[1];
  const otherPicture = other === 'back' ? back : other === 'front' ? picture : undefined;
  const insetSizes = scaledSizes(sizes, INSET_WIDTH);
  const undrawn = logos.filter((logo) => mockupSide(product, color, logo.placement) === undefined);
  return (
    <span className="mockup" data-side={side} data-color={color}>
      {children}
      {side === 'back' && back && <ResponsivePicture image={back} alt={backAlt} sizes={sizes} loading="eager" className="mockup__back" />}
      <SideLogos product={product} color={color} side={side} logos={logos} pictureAspect={picture.width / picture.height} sizes={sizes} />
      {other && otherPicture && (
        <span className="mockup__inset" data-side={other} style={{ aspectRatio: `${picture.width} / ${picture.height}` }}>
          <ResponsivePicture image={otherPicture} alt={other === 'back' ? backAlt : alt} sizes={insetSizes} className="mockup__inset-picture" />
          <SideLogos product={product} color={color} side={other} logos={logos} pictureAspect={picture.width / picture.height} sizes={insetSizes} />
        </span>
      )}
      {undrawn.length > 0 && (
        <span className="mockup__note" data-undrawn="">
          {undrawn.map((logo) => `${logo.placement}: ${undrawnReason(product, color, logo.placement)}`).join('. ')}
        </span>
      )}
    </span>
  );
}

interface SideLogosProps {
  product: ProductPlacementAreas;
  color: string;
  side: PictureSide;
  logos: readonly MockupLogo[];
  pictureAspect: number;
  sizes: string;
}

/** The logos whose placements are on `side`, each in its area of the box they are drawn in (the picture's, or the inset's). */
function SideLogos({ product, color, side, logos, pictureAspect, sizes }: SideLogosProps) {
  return logos
    .filter((logo) => mockupSide(product, color, logo.placement) === side)
    .map((logo, index) => {
      const box = logoBoxInArea(placementAreaFor(product, color, logo.placement)!, logo.image.width / logo.image.height, pictureAspect);
      return (
        // Two logos may share a placement while the buyer is choosing (the form refuses it on adding).
        <picture key={`${index}\0${logo.placement}`} className="mockup__logo" data-logo={logo.name} data-placement={logo.placement}>
          {logo.image.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcset} sizes={scaledSizes(sizes, box.width)} />
          ))}
          <img
            src={logo.image.fallback.src}
            srcSet={logo.image.fallback.srcset}
            sizes={scaledSizes(sizes, box.width)}
            width={logo.image.width}
            height={logo.image.height}
            alt=""
            loading="lazy"
            decoding="async"
            style={{ left: percent(box.x), top: percent(box.y), width: percent(box.width), height: percent(box.height) }}
          />
        </picture>
      );
    });
}

/** Why a chosen logo is not drawn, said on the picture: it is still stitched there. */
function undrawnReason(product: ProductPlacementAreas, color: string, placement: string): string {
  return placementAreaFor(product, color, placement)?.side === 'back'
    ? `not drawn, ${color} has no back picture; the logo is still stitched there`
    : 'not drawn, no area is known on this picture; the logo is still stitched there';
}

/** The sides that carry a drawable logo, that of the first logo (the latest choice) first. */
export function shownSides(product: ProductPlacementAreas, color: string, logos: readonly Pick<MockupLogo, 'placement'>[]): PictureSide[] {
  const sides = logos.flatMap((logo) => mockupSide(product, color, logo.placement) ?? []);
  return [...new Set(sides)];
}

/** The side the mock-up shows large: that of the first logo (the latest choice) that can be drawn, else the front. */
export function shownSide(product: ProductPlacementAreas, color: string, logos: readonly Pick<MockupLogo, 'placement'>[]): PictureSide {
  return shownSides(product, color, logos)[0] ?? 'front';
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(3)}%`;
}
