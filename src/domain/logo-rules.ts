import type { Category } from './categories.ts';

/** Placement is recorded only for these types (spec section 5); other lines carry none. */
export const PLACEMENT_TYPES: readonly string[] = ['mens', 'womens', 'tshirts', 'hat'];

export function recordsPlacement(type: string): boolean {
  return PLACEMENT_TYPES.includes(type);
}

/**
 * Which logos a line may carry, and where. A tenant embroiders only its own logos
 * (`embroideries`) at the placements it lists (`logo_placements`), per product type. The item
 * page offers exactly these; the checkout and the order API hold every line to them, so a
 * hand-made request or a cart left over from older data cannot order a logo the dealership
 * does not have.
 */

export interface LogoOffer {
  embroideries: readonly string[];
  placements: readonly string[];
}

/** A tenant's (or a storefront config's) logo lists, per type, as the data gives them. */
export interface LogoLists {
  embroideries: Partial<Record<Category, readonly string[]>>;
  logoPlacements: Partial<Record<Category, readonly string[]>>;
}

/** As a line carries them; the wire may send null for "none". */
export interface LogoChoice {
  embroidery?: string | null;
  placement?: string | null;
  secondEmbroidery?: string | null;
  secondPlacement?: string | null;
}

export const MUST_SELECT_AN_EMBROIDERY = 'Must select an embroidery';

/** Two logos cannot be stitched one over the other. */
export function samePlacementMessage(placement: string): string {
  return `Both logos are at ${placement}: pick a different placement for the second logo`;
}

/**
 * Where the second logo goes unless the buyer says otherwise: the first placement offered that
 * the first logo does not take ('' when there is none).
 */
export function secondPlacementDefault(placements: readonly string[], firstPlacement: string): string {
  return placements.find((placement) => placement !== firstPlacement) ?? '';
}

/** Whether a second logo can go anywhere the first is not: a type that records placement needs two placements. */
export function offersSecondLogo(type: Category, offer: LogoOffer): boolean {
  return offer.embroideries.length > 0 && (!recordsPlacement(type) || offer.placements.length !== 1);
}

/** Two logos at one placement, for a type that records placement. */
export function samePlacementProblem(type: Category, choice: LogoChoice): string | undefined {
  if (!recordsPlacement(type) || !choice.embroidery || !choice.secondEmbroidery) return undefined;
  const placement = choice.placement ?? '';
  return placement !== '' && placement === (choice.secondPlacement ?? '') ? samePlacementMessage(placement) : undefined;
}

/** Custom plates and the like are made to the store's own artwork: they take no logo. */
export function logoOfferFor(lists: LogoLists, type: Category): LogoOffer {
  return {
    embroideries: type === 'customs' ? [] : (lists.embroideries[type] ?? []),
    placements: lists.logoPlacements[type] ?? [],
  };
}

/**
 * The categories among `present` (those with products on the storefront) whose products can
 * carry one of the tenant's logos, in the order given. What the landing page says the logos go
 * on: a tenant with logos for hats and men's apparel only must not promise them on everything.
 */
export function categoriesWithLogos(lists: LogoLists, present: readonly Category[]): Category[] {
  return present.filter((type) => logoOfferFor(lists, type).embroideries.length > 0);
}

/** Types that must carry a logo when the tenant offers logos for them (spec section 5). */
const EMBROIDERY_REQUIRED: readonly Category[] = ['mens', 'womens', 'accessory'];

export function requiresEmbroidery(type: Category, offer: LogoOffer): boolean {
  return EMBROIDERY_REQUIRED.includes(type) && offer.embroideries.length > 0;
}

/** The first reason a line's logos are not ones its tenant offers for its type, if any. */
export function logoProblem(type: Category, offer: LogoOffer, choice: LogoChoice): string | undefined {
  const embroidery = choice.embroidery ?? '';
  const second = choice.secondEmbroidery ?? '';
  if (embroidery === '' && requiresEmbroidery(type, offer)) return MUST_SELECT_AN_EMBROIDERY;
  for (const logo of [embroidery, second]) {
    if (logo !== '' && !offer.embroideries.includes(logo)) {
      return offer.embroideries.length === 0
        ? `${type} products take no logo here, got "${logo}"`
        : `logo "${logo}" is not one of this store's ${type} logos (${offer.embroideries.join(', ')})`;
    }
  }
  // Placement is recorded only for some types; elsewhere whatever was sent is dropped.
  if (!recordsPlacement(type)) return undefined;
  const placements: [string, string][] = [
    [embroidery, choice.placement ?? ''],
    [second, choice.secondPlacement ?? ''],
  ];
  for (const [logo, placement] of placements) {
    if (logo !== '' && placement !== '' && !offer.placements.includes(placement)) {
      return offer.placements.length === 0
        ? `${type} logos have no placement here, got "${placement}"`
        : `placement "${placement}" is not one of this store's ${type} placements (${offer.placements.join(', ')})`;
    }
  }
  return samePlacementProblem(type, choice);
}
