import { PRODUCTION, type SiteLocation } from '../../site/site-location.ts';
import { UserError } from '../user-error.ts';

/** A path segment a CDN and a bucket key carry as it is: no escaping, no '.' or '..' tricks. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._~-]*$/;
const MAX_PREVIEW_LABEL = 80;

/**
 * The build's `--base-path` and `--preview` (or STOREFRONT_BASE_PATH and STOREFRONT_PREVIEW), checked: an
 * empty or absent value means production. '_previews/pr-12' is read as '/_previews/pr-12/'.
 */
export function siteLocation(options: { basePath?: string; preview?: string }): SiteLocation {
  const basePath = options.basePath === undefined || options.basePath === '' ? PRODUCTION.basePath : checkedBasePath(options.basePath);
  const preview = options.preview === undefined || options.preview === '' ? undefined : checkedPreview(options.preview);
  return preview === undefined ? { basePath } : { basePath, preview };
}

function checkedBasePath(text: string): string {
  const segments = text.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (segments.length === 1 && segments[0] === '') return '/';
  const bad = segments.find((segment) => !SEGMENT.test(segment));
  if (bad !== undefined) {
    throw new UserError(
      `--base-path must be a path like /_previews/pr-12/ (letters, digits, '-', '_', '.', '~' between slashes, no empty, '.' or '..' part), got "${text}" (the part "${bad}" is not allowed)`,
    );
  }
  return `/${segments.join('/')}/`;
}

function checkedPreview(text: string): string {
  const label = text.trim();
  // It is printed on every page: one short line of plain text.
  if (label === '' || label.length > MAX_PREVIEW_LABEL || /[\u0000-\u001f\u007f]/.test(label)) {
    throw new UserError(
      `--preview must be one line of at most ${MAX_PREVIEW_LABEL} characters naming what the build previews (for example "pull request #12"), got ${JSON.stringify(text)}`,
    );
  }
  return label;
}
