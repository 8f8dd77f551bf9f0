/** Which backend the editor page talks to: the local proxy of `npm run editor`, or GitHub (the deployed /admin/). */
export type EditorBackendKind = 'local' | 'github';

/**
 * The editor's one page: an empty mount the bundle fills. The CSP allows only the page's own
 * script and stylesheet, pictures from itself and from dropped files (blob:), and calls to itself.
 */
export function editorPageHtml(options: { script: string; stylesheet: string; backend: EditorBackendKind; title: string }): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(options.title)}</title>
<link rel="stylesheet" href="${escape(options.stylesheet)}">
<script type="module" src="${escape(options.script)}"></script>
</head>
<body>
<div id="editor" data-backend="${options.backend}"><p class="editor-loading">Loading the catalogs…</p></div>
</body>
</html>
`;
}

/** The editor page's Content-Security-Policy, sent as a header by whatever serves it. */
export const EDITOR_CSP =
  "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
