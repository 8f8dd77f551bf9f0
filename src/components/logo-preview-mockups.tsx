import type { Product } from '../domain/product.ts';
import type { PlacementArea } from '../domain/placement-areas.ts';
import { areaBoxStyle } from '../site/area-box-style.ts';
import type { PictureData } from '../site/picture-data.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

export interface LogoPreviewMockupsProps {
  product: Product;
  picture: PictureData;
  area: PlacementArea;
  placement: string;
  logos: Record<string, PictureData>;
  /** Every logo of the group, in the order shown. */
  names: readonly string[];
  /** The logos offered on the product: drawn on it; the others are shown alone. */
  onProduct: readonly string[];
}

/**
 * The landing page's logo preview: each logo the product takes drawn on its picture at one
 * placement's area, the others alone, in one list; static (no script). The picture is one file
 * for every logo; each logo keeps its shape inside the area (object-fit: contain), and every box
 * is reserved from the pictures' sizes, so nothing moves as they load.
 */
export function LogoPreviewMockups({ product, picture, area, placement, logos, names, onProduct }: LogoPreviewMockupsProps) {
  const box = areaBoxStyle(area);
  return (
    <ul className="logo-mockups" aria-label="Your logos">
      {names.map((name) => {
        const logo = logos[name];
        if (!onProduct.includes(name)) {
          return (
            <li key={name} className="logo-mockups__item">
              <span className="logo-mockups__alone">{logo && <ResponsivePicture image={logo} alt="" sizes="6rem" className="logo-strip__image" />}</span>
              <span>{name}</span>
            </li>
          );
        }
        return (
          <li key={name} className="logo-mockups__item">
            <span className="logo-mockups__frame" role="img" aria-label={`${name} at ${placement} on the ${product.name}, ${product.defaultColor}`}>
              <ResponsivePicture image={picture} alt="" sizes="10rem" className="logo-mockups__picture" />
              {logo && (
                <picture className="logo-mockups__logo" style={box} data-placement={placement}>
                  {logo.sources.map((source) => (
                    <source key={source.type} type={source.type} srcSet={source.srcset} sizes="3rem" />
                  ))}
                  <img
                    src={logo.fallback.src}
                    srcSet={logo.fallback.srcset}
                    sizes="3rem"
                    width={logo.width}
                    height={logo.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                </picture>
              )}
            </span>
            <span>{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
