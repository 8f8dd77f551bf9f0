import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';

export interface DocumentParts {
  title: string;
  description?: string;
  body: ReactElement;
  stylesheets: readonly string[];
  /** Module scripts, in order; their static imports are preloaded. */
  scripts: readonly string[];
  preloads?: readonly string[];
  /** Base addresses of the order APIs the page calls: the only other hosts it may connect to, with PayPal. */
  apiBases: readonly string[];
  /**
   * The Content-Security-Policy meta (default true). Only `npm run dev` leaves it out: Vite's
   * dev server injects inline scripts (React Fast Refresh's preamble, the error overlay) whose
   * hashes change with every Vite version, and the dev pages load their modules from Vite.
   */
  csp?: boolean;
  /** Extra markup at the end of <head>; the dev server's live-update client. */
  headExtra?: string;
  /** Static markup before the body's own, outside its React tree (a preview's notice): the body renders as it would without it. */
  banner?: ReactElement;
}

const MARK_JS = 'document.documentElement.classList.add("js")';

/**
 * What the page may load and call: its own files, the order API and PayPal (script, frames,
 * calls, images), nothing else; the one inline script by its hash. Inline styles stay allowed:
 * React's style attributes and PayPal's buttons use them. (frame-ancestors cannot be set in a
 * meta tag; that is a response header of the host.)
 */
export function contentSecurityPolicy(apiBases: readonly string[]): string {
  const paypal = 'https://*.paypal.com https://*.paypalobjects.com';
  const apis = [...new Set(apiBases.map((base) => new URL(base).origin))].join(' ');
  const inline = `'sha256-${createHash('sha256').update(MARK_JS).digest('base64')}'`;
  return [
    "default-src 'self'",
    `script-src 'self' ${inline} ${paypal}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${paypal}`,
    `connect-src 'self' ${apis} ${paypal}`.replace(/ +/g, ' '),
    `frame-src ${paypal}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * One prerendered HTML document. renderToString (not renderToStaticMarkup) keeps the text
 * separators hydration needs inside islands. The inline snippet marks that JavaScript runs,
 * so images only wait hidden for their fade-in when a script will reveal them.
 */
export function renderDocument(parts: DocumentParts): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    parts.csp === false ? '' : policyMeta(parts.apiBases),
    // Addresses of these pages (tenant prefixes, order pages) are not sent to other hosts.
    '<meta name="referrer" content="no-referrer">',
    // Private storefronts: kept out of search results even where a link to one leaks (robots.txt only stops crawling).
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.description ? `<meta name="description" content="${escapeHtml(parts.description)}">` : '',
    '<link rel="icon" href="data:,">',
    `<script>${MARK_JS}</script>`,
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(parts.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...parts.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    parts.headExtra ?? '',
  ].filter(Boolean);
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${parts.banner ? renderToStaticMarkup(parts.banner) : ''}${renderToString(parts.body)}\n</body>\n</html>\n`;
}

/** The policy's meta tag by the pages' API bases: a build's thousands of pages share one or two, and parsing URLs and hashing for each page was a measurable part of rendering. */
const policyMetas = new Map<string, string>();

function policyMeta(apiBases: readonly string[]): string {
  const key = apiBases.join('\n');
  let meta = policyMetas.get(key);
  if (meta === undefined) {
    meta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(apiBases))}">`;
    policyMetas.set(key, meta);
  }
  return meta;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
