import type { CSSProperties } from 'react';
// Type only: the data comes from the build's image pipeline, but this component must stay
// plain (no Node imports) because pages render it at build time and islands may hydrate it.
import type { PictureData } from '../site/picture-data.ts';

export interface ResponsivePictureProps {
  /** From pictureSources(): URLs, intrinsic size and placeholder colour. */
  image: PictureData;
  alt: string;
  /** How wide the image is shown, e.g. '(min-width: 48rem) 25vw, 50vw'; picks the srcset entry. */
  sizes: string;
  className?: string;
  /** 'eager' for the image that is the page's main content above the fold. */
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest picture (its LCP): fetched before the scripts that preload beside it. */
  fetchPriority?: 'high';
}

/**
 * A responsive image with a pulsing placeholder (src/styles/picture.css) that fades into the
 * loaded picture (src/runtime/client/image-fade.ts).
 *
 * The wrapper reserves the image's aspect ratio and the <img> carries width and height, so
 * nothing moves when the image arrives, with or without the stylesheet. The placeholder
 * colour is passed as a custom property rather than a background, so the stylesheet can drop
 * it once the image shows (a transparent logo must not keep a tinted box behind it).
 */
export function ResponsivePicture({ image, alt, sizes, className, loading = 'lazy', fetchPriority }: ResponsivePictureProps) {
  const style = { aspectRatio: `${image.width} / ${image.height}`, '--placeholder-color': image.placeholderColor } as CSSProperties;
  return (
    <span className={className ? `responsive-picture ${className}` : 'responsive-picture'} style={style}>
      <picture>
        {image.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
        <img
          src={image.fallback.src}
          srcSet={image.fallback.srcset}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
        />
      </picture>
    </span>
  );
}
