/** Everything a <picture> needs, with URLs already resolved for the tenant (see src/core/build/images). */
export interface PictureData {
  width: number;
  height: number;
  placeholderColor: string;
  sources: { type: string; srcset: string }[];
  fallback: { src: string; srcset: string };
}
