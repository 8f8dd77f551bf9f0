import { logoProblem, recordsPlacement, type LogoChoice, type LogoOffer } from '../../domain/logo-rules.ts';
import type { Category } from '../../domain/categories.ts';

/** The logos an order line had, as today's offer keeps them: what is still offered stays, the rest is named. */
export interface KeptLogos {
  choice: Required<{ [K in keyof LogoChoice]: string }>;
  /** Each logo left off, and why: 'logo "Old Logo" is no longer offered: left off'. */
  leftOff: string[];
}

/**
 * Keeps each of a line's logos whose logo and placement the product still offers; a second
 * logo kept alone takes the first one's place. A logo left off is named, never dropped silently.
 */
export function keptLogos(type: Category, offer: LogoOffer, choice: LogoChoice): KeptLogos {
  const placed = recordsPlacement(type);
  const logos = [
    { logo: choice.embroidery ?? '', placement: choice.placement ?? '' },
    { logo: choice.secondEmbroidery ?? '', placement: choice.secondPlacement ?? '' },
  ].filter(({ logo }) => logo !== '');
  const leftOff: string[] = [];
  const kept = logos.filter(({ logo, placement }) => {
    if (!offer.embroideries.includes(logo)) {
      leftOff.push(`logo “${logo}” is no longer offered: left off`);
      return false;
    }
    if (placed && placement !== '' && !offer.placements.includes(placement)) {
      leftOff.push(`placement ${placement} is no longer offered: logo “${logo}” left off`);
      return false;
    }
    return true;
  });
  return {
    choice: {
      embroidery: kept[0]?.logo ?? '',
      placement: kept[0]?.placement ?? '',
      secondEmbroidery: kept[1]?.logo ?? '',
      secondPlacement: kept[1]?.placement ?? '',
    },
    leftOff,
  };
}

/** Why the kept logos still cannot be ordered (a logo is required, two at one placement), with what was left off. */
export function keptLogosProblem(type: Category, offer: LogoOffer, kept: KeptLogos): string | undefined {
  const problem = logoProblem(type, offer, kept.choice);
  if (problem === undefined) return undefined;
  return kept.leftOff.length === 0 ? problem : `${kept.leftOff.join('; ')}; then: ${problem}`;
}
