import { ResponsivePicture } from '../../components/responsive-picture.tsx';
import type { Product } from '../../domain/product.ts';
import type { PictureData } from '../../site/picture-data.ts';
import { ProductMockup, shownSide, type MockupLogo } from '../shared/product-mockup.tsx';
import type { LogoChoice } from './use-logo-choice.ts';

/** How wide the item's picture is shown; its logos' sizes are worked out from it. */
const PICTURE_SIZES = '(min-width: 60em) 32rem, 90vw';

interface ItemPictureProps {
  product: Product;
  color: string;
  image: PictureData;
  backImages: Readonly<Record<string, PictureData>>;
  images: Readonly<Record<string, PictureData>>;
  logos: Readonly<Record<string, PictureData>>;
  choice: LogoChoice;
  showImagePreview: boolean;
}

/**
 * The colour's picture with the chosen logos drawn on it (ProductMockup), the latest choice's
 * first; where the tenant shows the preview, a link that opens the largest file of the side shown.
 */
export function ItemPicture({ product, color, image, images, backImages, logos, choice, showImagePreview }: ItemPictureProps) {
  const chosen = (name: string, placement: string): MockupLogo[] => (name && logos[name] ? [{ name, image: logos[name], placement }] : []);
  const first = chosen(choice.embroidery, choice.placement);
  const second = choice.secondLogo ? chosen(choice.secondEmbroidery, choice.secondPlacement) : [];
  const mockupLogos = choice.latest === 'second' ? [...second, ...first] : [...first, ...second];
  const back = shownSide(product, color, mockupLogos) === 'back' ? backImages[color] : undefined;
  // The largest fallback file of the picture shown (this colour's own, or its back): what the enlarge-on-click preview opens.
  const fullImage = (back ?? images[color])?.fallback.src;
  const alt = `${product.fullname}, ${color}`;
  const picture = <ResponsivePicture image={image} alt={alt} sizes={PICTURE_SIZES} loading="eager" fetchPriority="high" className="item__image" />;
  return (
    <ProductMockup
      product={product}
      color={color}
      picture={image}
      back={backImages[color]}
      logos={mockupLogos}
      sizes={PICTURE_SIZES}
      alt={alt}
      backAlt={`${alt}, back`}
    >
      {showImagePreview && fullImage ? (
        <a
          href={fullImage}
          target="_blank"
          rel="noopener"
          className="item__enlarge"
          aria-label={`Enlarge image of ${alt}${back ? ', back' : ''} (opens in a new tab)`}
        >
          {picture}
        </a>
      ) : (
        picture
      )}
    </ProductMockup>
  );
}
