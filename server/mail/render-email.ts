import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** What @react-email's `render` puts first: the doctype mail programs expect of table-and-inline-style HTML. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
/** React's hint that a page preload each image: nothing a mail program uses, and it names the image again. */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

/**
 * An e-mail's React components as its HTML, in one synchronous pass. @react-email's `render`
 * gives the same markup through React's streaming renderer (Suspense, web streams), which cost
 * six times as much CPU, about 4 ms per confirmation, inside every bypass order's request
 * (docs/performance.md, Order API); an e-mail has nothing to wait for.
 */
export function renderEmail(email: ReactElement): string {
  return DOCTYPE + renderToStaticMarkup(email).replace(IMAGE_PRELOAD, '');
}
