/**
 * The props a built page hydrates its islands with, read back from its HTML the way the
 * browser reads them (`data-props`, escaped by React as an attribute).
 */
export function islandProps(html: string): { name: string; props: unknown }[] {
  return [...html.matchAll(/data-island="([^"]*)" data-props="([^"]*)"/g)].map(([, name = '', props = '']) => ({
    name,
    props: JSON.parse(unescapeAttribute(props)) as unknown,
  }));
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
