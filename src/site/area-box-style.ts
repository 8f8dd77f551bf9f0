import type { PlacementArea } from '../domain/placement-areas.ts';

/** A placement's area as the inline style of a box laid over its picture: percent of the picture, which is the box's containing block. */
export function areaBoxStyle(area: Omit<PlacementArea, 'side'>): { left: string; top: string; width: string; height: string } {
  const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;
  return { left: percent(area.x), top: percent(area.y), width: percent(area.width), height: percent(area.height) };
}
