/**
 * The first thing in a preview's every page, in its HTML rather than added by a script, so
 * nothing moves when the page loads. Rendered outside the page's own React tree
 * (renderDocument's `banner`): a production page is the same bytes as before previews existed.
 */
export function PreviewNotice({ preview }: { preview: string }) {
  return (
    <p className="notice" role="note" data-preview-notice="">
      Preview of {preview} — orders are not placed here.
    </p>
  );
}
