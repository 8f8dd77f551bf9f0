/** Everything a <picture> needs, with URLs already resolved for the tenant (see src/core/generator/images). */
export interface PictureData {
  width: number;
  height: number;
  placeholderColor: string;
  /** <source> elements, best format first: browsers take the first type they support. */
  sources: { type: string; srcset: string }[];
  /** The <img>: a format every browser shows. */
  fallback: { src: string; srcset: string };
}

/** The fallback image's files, narrowest first, read from its srcset ('a.jpg 320w, b.jpg 640w'). */
export function fallbackUrls(image: PictureData): string[] {
  return image.fallback.srcset
    .split(',')
    .map((candidate) => {
      const [url = '', width = '0w'] = candidate.trim().split(/\s+/);
      return { url, width: Number.parseInt(width, 10) };
    })
    .filter((candidate) => candidate.url !== '')
    .sort((a, b) => a.width - b.width)
    .map((candidate) => candidate.url);
}
