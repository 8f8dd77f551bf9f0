/**
 * The colour shown, pulsing, where an image will appear: the average of its pixels as seen on
 * the white page. Transparent pixels count as white, so a dark emblem with a clear background
 * gives a light tint rather than the colour of the invisible pixels.
 *
 * `pixels` is 8-bit interleaved RGB (3 channels) or RGBA (4 channels), usually a small
 * thumbnail: every pixel weighs the same.
 */
export function placeholderColor(pixels: Uint8Array, channels: number): string {
  if (channels !== 3 && channels !== 4) throw new RangeError(`placeholderColor expects 3 or 4 channels, got ${channels}`);
  const count = pixels.length / channels;
  if (count < 1 || !Number.isInteger(count)) throw new RangeError(`placeholderColor got ${pixels.length} bytes, not whole ${channels}-channel pixels`);
  const sums = [0, 0, 0];
  for (let offset = 0; offset < pixels.length; offset += channels) {
    const alpha = channels === 4 ? pixels[offset + 3]! / 255 : 1;
    for (let c = 0; c < 3; c += 1) sums[c]! += pixels[offset + c]! * alpha + 255 * (1 - alpha);
  }
  return `#${sums
    .map((sum) =>
      Math.round(sum / count)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
