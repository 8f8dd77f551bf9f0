/**
 * Where a build's sites are served on their host, and whether they are a preview. Production is
 * the root with no preview; `npm run build -- --base-path /_previews/pr-12/ --preview "pull request #12"`
 * makes a pull request's preview (docs/publishing.md, Previews).
 */
export interface SiteLocation {
  /** Starts and ends with '/': '/' or '/_previews/pr-12/'. Each tenant's base is its route prefix below it. */
  basePath: string;
  /** What the sites are a preview of ('pull request #12'): every page says so and none reaches the order API. */
  preview?: string;
}

export const PRODUCTION: SiteLocation = { basePath: '/' };

/** Whether a build made for this location is the production one: its output must not differ by a byte from a build without the options. */
export function isProduction(location: SiteLocation): boolean {
  return location.basePath === PRODUCTION.basePath && location.preview === undefined;
}
