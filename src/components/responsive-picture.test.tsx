import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PictureData } from '../site/picture-data.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

// As the build's pictureSources() gives it (src/core/generator/images/picture-sources.test.ts checks that side).
const IMG = '/guardian/assets/img/K500_navy';
const image: PictureData = {
  width: 960,
  height: 720,
  placeholderColor: '#c2c4c6',
  sources: [
    { type: 'image/avif', srcset: `${IMG}-bbbbbbbb-320.avif 320w, ${IMG}-eeeeeeee-960.avif 960w` },
    { type: 'image/webp', srcset: `${IMG}-cccccccc-320.webp 320w, ${IMG}-ffffffff-960.webp 960w` },
  ],
  fallback: { src: `${IMG}-dddddddd-960.jpg`, srcset: `${IMG}-aaaaaaaa-320.jpg 320w, ${IMG}-dddddddd-960.jpg 960w` },
};
const SIZES = '(min-width: 60em) 18rem, 90vw';

/**
 * Every <tag …> in the markup with its attributes, in document order. Names are lowercased as
 * an HTML parser does (React writes `srcSet`); values are React's quoted, escaped ones.
 */
function tags(markup: string, tag: string): Record<string, string>[] {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), unescape(value!)])),
  );
}

describe('ResponsivePicture', () => {
  const markup = renderToStaticMarkup(<ResponsivePicture image={image} alt={'Sport Polo "Navy" & co'} sizes={SIZES} className="card__image" />);

  it('offers AVIF then WebP sources, each with the sizes, before the image', () => {
    expect(tags(markup, 'source')).toEqual([
      { type: 'image/avif', srcset: image.sources[0]!.srcset, sizes: SIZES },
      { type: 'image/webp', srcset: image.sources[1]!.srcset, sizes: SIZES },
    ]);
    expect(markup.indexOf('<source')).toBeLessThan(markup.indexOf('<img'));
    expect(markup).toMatch(/^<span[^>]*><picture><source[^>]*\/?><source[^>]*\/?><img[^>]*\/?><\/picture><\/span>$/);
  });

  it('gives the image its fallback, intrinsic size, sizes and alt, decoded off the main thread and lazily by default', () => {
    expect(tags(markup, 'img')).toEqual([
      {
        src: '/guardian/assets/img/K500_navy-dddddddd-960.jpg',
        srcset: '/guardian/assets/img/K500_navy-aaaaaaaa-320.jpg 320w, /guardian/assets/img/K500_navy-dddddddd-960.jpg 960w',
        sizes: SIZES,
        width: '960',
        height: '720',
        alt: 'Sport Polo "Navy" & co',
        loading: 'lazy',
        decoding: 'async',
      },
    ]);
  });

  it('reserves the aspect ratio and carries the placeholder colour on the wrapper', () => {
    const [wrapper] = tags(markup, 'span');
    expect(wrapper!.class).toBe('responsive-picture card__image');
    expect(wrapper!.style).toMatch(/aspect-ratio:\s*960 \/ 720/);
    expect(wrapper!.style).toMatch(/--placeholder-color:\s*#c2c4c6/);
  });

  it('loads eagerly when asked, and keeps an empty alt for decorative images', () => {
    const eager = renderToStaticMarkup(<ResponsivePicture image={image} alt="" sizes="240px" loading="eager" />);
    const [img] = tags(eager, 'img');
    expect(img!.loading).toBe('eager');
    expect(img!.alt).toBe('');
    expect(tags(eager, 'span')[0]!.class).toBe('responsive-picture');
  });
});
