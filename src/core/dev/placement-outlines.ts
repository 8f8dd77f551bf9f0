// Runs in the browser: `npm run dev`'s item pages load it from Vite (/src/core/dev/placement-outlines.ts)
// when their address has `?areas`. For a merchandiser tuning `placement_areas`: every area of the
// product's type on its picture, as a labelled outline; a save of the catalog reloads the page,
// which draws them where the data now puts them. Never part of a built page.
import { placementAreasFor, type ProductPlacementAreas } from '../../domain/placement-areas.ts';

/** The query parameter that asks for the outlines. */
export const OUTLINES_PARAMETER = 'areas';

const COLOR = '#d9480f';

/**
 * Outlines the areas of the side the picture shows, once the item form is live (its picture's
 * colour and side are then the buyer's), and again whenever the colour or the side changes.
 */
export function showPlacementOutlines(doc: Document = document): void {
  const island = doc.querySelector<HTMLElement>('[data-island="item"]');
  if (!island) return;
  const { product } = JSON.parse(island.dataset.props ?? '{}') as { product?: ProductPlacementAreas & { defaultColor: string } };
  if (!product) return;
  const draw = () => {
    // Drawn only after hydration: React must find the markup it rendered, nothing added.
    const mockup = island.querySelector<HTMLElement>('.mockup');
    if (island.dataset.hydrated === undefined || !mockup) return;
    mockup.querySelectorAll('[data-outline]').forEach((old) => old.remove());
    const side = mockup.dataset.side ?? 'front';
    for (const [name, area] of Object.entries(placementAreasFor(product, mockup.dataset.color ?? product.defaultColor))) {
      if (area.side !== side) continue;
      const outline = doc.createElement('span');
      outline.dataset.outline = name;
      outline.textContent = name;
      Object.assign(outline.style, {
        position: 'absolute',
        left: `${area.x * 100}%`,
        top: `${area.y * 100}%`,
        width: `${area.width * 100}%`,
        height: `${area.height * 100}%`,
        boxSizing: 'border-box',
        border: `2px dashed ${COLOR}`,
        color: COLOR,
        font: '600 11px/1.2 system-ui, sans-serif',
        padding: '1px 2px',
        pointerEvents: 'none',
        zIndex: '1',
      });
      mockup.append(outline);
    }
  };
  const observer = new MutationObserver(draw);
  observer.observe(island, { subtree: true, attributes: true, attributeFilter: ['data-hydrated', 'data-color', 'data-side'] });
  draw();
}
