import type { ReactNode } from 'react';
import { ResponsivePicture } from '../../components/responsive-picture.tsx';
import { logoBoxInArea, mockupSide, placementAreaFor, type PictureSide, type ProductPlacementAreas } from '../../domain/placement-areas.ts';
import type { PictureData } from '../../site/picture-data.ts';

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
  /** The back picture's alt text. */
  backAlt: string;
  children: ReactNode;
}

/**
 * A product's picture with the chosen logos drawn on it at their placements' areas
 * (src/domain/placement-areas.ts). Everything is drawn inside the picture's own box, in
 * percentages of it, so nothing on the page moves; without a logo it adds only its wrapper.
 * A placement on the back lays the colour's back picture over the front, in the same box.
 */
export function ProductMockup({ product, color, picture, back, logos, sizes, backAlt, children }: ProductMockupProps) {
  const drawable = logos.filter((logo) => mockupSide(product, color, logo.placement) !== undefined);
  const side = shownSide(product, color, logos);
  const pictureAspect = picture.width / picture.height;
  return (
    <span className="mockup" data-side={side} data-color={color}>
      {children}
      {side === 'back' && back && <ResponsivePicture image={back} alt={backAlt} sizes={sizes} loading="eager" className="mockup__back" />}
      {drawable
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
        })}
    </span>
  );
}

/** The side the mock-up shows: that of the first logo (the latest choice) that can be drawn, else the front. */
export function shownSide(product: ProductPlacementAreas, color: string, logos: readonly Pick<MockupLogo, 'placement'>[]): PictureSide {
  for (const logo of logos) {
    const side = mockupSide(product, color, logo.placement);
    if (side) return side;
  }
  return 'front';
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(3)}%`;
}

/** `(min-width: 60em) 32rem, 90vw` at 0.1 → `(min-width: 60em) 3.2rem, 9vw`: the logo is that part of the picture's width. */
export function scaledSizes(sizes: string, factor: number): string {
  return topLevelParts(sizes)
    .map((part) => {
      const trimmed = part.trim();
      // A media condition starts with "(" and ends where that bracket closes; the length follows it.
      const conditionEnd = trimmed.startsWith('(') ? closingBracket(trimmed) + 1 : 0;
      const condition = trimmed.slice(0, conditionEnd);
      const length = trimmed.slice(conditionEnd).trim();
      const match = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(length);
      const scaled = match ? `${Number((Number(match[1]) * factor).toFixed(2))}${match[2]}` : `calc(${length} * ${factor.toFixed(3)})`;
      return condition ? `${condition} ${scaled}` : scaled;
    })
    .join(', ');
}

/** The parts of a list separated by commas outside brackets. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function closingBracket(text: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '(') depth++;
    else if (text[index] === ')' && --depth === 0) return index;
  }
  return text.length - 1;
}
