import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

export interface DocumentParts {
  title: string;
  description?: string;
  body: ReactElement;
  stylesheets: readonly string[];
  /** Module scripts, in order; their static imports are preloaded. */
  scripts: readonly string[];
  preloads?: readonly string[];
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
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.description ? `<meta name="description" content="${escapeHtml(parts.description)}">` : '',
    '<link rel="icon" href="data:,">',
    '<script>document.documentElement.classList.add("js")</script>',
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(parts.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...parts.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
  ].filter(Boolean);
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${renderToString(parts.body)}\n</body>\n</html>\n`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
