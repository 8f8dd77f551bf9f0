import type { PictureSide } from '../../../domain/placement-areas.ts';

/**
 * How a render job keys a product colour's picture. A NUL cannot occur in a code or a colour, so
 * two different pairs never share a key; this module is small so that the build's own thread can
 * key pictures without loading the rendering code (page-render-worker.ts imports every page).
 */
export function productImageKey(code: string, color: string, side: PictureSide = 'front'): string {
  return side === 'front' ? `${code}\u0000${color}` : `${code}\u0000${color}\u0000${side}`;
}
