/**
 * Fades responsive pictures in once loaded (src/styles/picture.css). Vanilla and tiny, because
 * it ships on pages that ship no framework at all.
 *
 * Importing this module does nothing; a page's client entry calls installImageFade() once.
 */

/** Set on <html> while this script is watching; the stylesheet hides loading images only then. */
export const IMAGE_FADE_CLASS = 'js-image-fade';

/** Set on the .responsive-picture wrapper once its image has loaded (or failed, so its alt text shows). */
export const LOADED_ATTRIBUTE = 'data-loaded';

/**
 * Marks every responsive picture loaded as soon as its image is: ones already complete now,
 * ones still loading, and ones an island inserts later. Load and error events do not bubble,
 * but they can be caught on the way down, so one pair of listeners on the document serves
 * every image there is or will be. Returns a function that stops watching (and un-hides).
 */
export function installImageFade(doc: Document = document): () => void {
  const mark = (target: EventTarget | null) => {
    if ((target as Element | null)?.tagName === 'IMG') (target as Element).closest('.responsive-picture')?.setAttribute(LOADED_ATTRIBUTE, '');
  };
  const onLoadOrError = (event: Event) => mark(event.target);
  doc.addEventListener('load', onLoadOrError, true);
  doc.addEventListener('error', onLoadOrError, true);
  // In the same task as setting the class, so an image that is already showing never blinks out.
  doc.querySelectorAll<HTMLImageElement>('.responsive-picture img').forEach((img) => img.complete && mark(img));
  doc.documentElement.classList.add(IMAGE_FADE_CLASS);
  return () => {
    doc.removeEventListener('load', onLoadOrError, true);
    doc.removeEventListener('error', onLoadOrError, true);
    doc.documentElement.classList.remove(IMAGE_FADE_CLASS);
  };
}
