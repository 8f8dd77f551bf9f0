/** `Royal Blue` → `royal_blue`: how a colour appears in image file names. */
export function colorSlug(color: string): string {
  return color.trim().toLowerCase().replace(/\s+/g, '_');
}

/** catalogs/images/<code>_<colour>.jpg */
export function productImageFile(code: string, color: string): string {
  return `${code}_${colorSlug(color)}.jpg`;
}

/** tenants/logos/<embroidery name>.png, the name exactly as written. */
export function logoImageFile(embroidery: string): string {
  return `${embroidery}.png`;
}

/** catalogs/images/<code>_<colour>_back.jpg: the colour's back, where back placements are drawn. */
export function productBackImageFile(code: string, color: string): string {
  return `${code}_${colorSlug(color)}_back.jpg`;
}
