import type { LineMockup } from '../../domain/line-mockup.ts';
import { areaBoxStyle } from '../../site/area-box-style.ts';

/**
 * A line's small mock-up: the product picture with each logo laid over it at its placement's
 * area. The frame takes the picture's own shape, so areas in fractions of the picture are
 * fractions of the frame; each logo keeps its aspect inside its area (object-fit: contain).
 * Costs no image work: the cart's thumbnail and the logo's are files the site has anyway.
 * The box is fixed in size (mockup-thumbnail.css, `--mockup-size`), so nothing moves as the
 * pictures load. Not the item page's large mock-up.
 */
export function MockupThumbnail({ mockup, description, className }: { mockup: LineMockup; description: string; className?: string }) {
  return (
    <span className={className ? `mockup-thumbnail ${className}` : 'mockup-thumbnail'} role="img" aria-label={description} data-side={mockup.side}>
      <span className="mockup-thumbnail__frame">
        <img className="mockup-thumbnail__picture" src={mockup.picture} alt="" loading="lazy" decoding="async" />
        {mockup.logos.map((logo) => (
          <img
            key={logo.placement}
            className="mockup-thumbnail__logo"
            src={logo.src}
            alt=""
            data-placement={logo.placement}
            loading="lazy"
            decoding="async"
            style={areaBoxStyle(logo.area)}
          />
        ))}
      </span>
    </span>
  );
}
