// The `_headers` file (Netlify / Cloudflare Pages format): written by the build
// (build/publish-site.ts), applied by the local static server (serve/static-server.ts) as a CDN would.

/** The Netlify / Cloudflare Pages rules file; the CDN reads it and does not publish it. */
export const HEADERS_FILE = '_headers';

export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

/** Reads a `_headers` file: a path line, then indented `Name: value` lines; '#' starts a comment. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon > 0 && rule) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers the rules give a path (relative to the folder's root): `*` matches anything,
 * `:name` one segment; a header set by several matching rules gets their values joined, as
 * Cloudflare Pages and Netlify do.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    const pattern = new RegExp(
      `^${rule.pattern
        .split(/(\*|:[A-Za-z]\w*)/)
        .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`,
    );
    if (!pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = headers.get(key);
      headers.set(key, previous === undefined ? value : `${previous}, ${value}`);
    }
  }
  return headers;
}
