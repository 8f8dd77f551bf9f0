/** Everything a <picture> needs, with URLs already resolved for the tenant (see src/core/build/images). */
export interface PictureData {
  width: number;
  height: number;
  placeholderColor: string;
  /** <source> elements, best format first: browsers take the first type they support. */
  sources: { type: string; srcset: string }[];
  /** The <img>: a format every browser shows. */
  fallback: { src: string; srcset: string };
}
