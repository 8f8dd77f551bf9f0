/** Which backend the editor page talks to: the local proxy of `npm run editor`, or GitHub (the deployed /admin/). */
export type EditorBackendKind = 'local' | 'github';

/**
 * The editor's one page: an empty mount the bundle fills. The CSP allows only the page's own
 * script and stylesheet, pictures from itself and from dropped files (blob:), and calls to itself.
 */
export function editorPageHtml(options: {
  script: string;
  stylesheet: string;
  backend: EditorBackendKind;
  title: string;
  /** The deployed editor's settings (the page has no proxy to ask), and its CSP as a meta: a static host sends no header. */
  github?: GitHubEditorSettings;
}): string {
  const { github } = options;
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${github ? `<meta http-equiv="Content-Security-Policy" content="${escape(editorCsp([github.orderApi, GITHUB_API]))}">\n` : ''}<title>${escape(options.title)}</title>
<link rel="stylesheet" href="${escape(options.stylesheet)}">
<script type="module" src="${escape(options.script)}"></script>
</head>
<body>
<div id="editor" data-backend="${options.backend}"${github ? settingsAttributes(github, escape) : ''}><p class="editor-loading">Loading the catalogs…</p></div>
</body>
</html>
`;
}

/** Where the deployed editor (/admin/ of the entry site) signs in and proposes: read by src/editor/main.tsx from the page. */
export interface GitHubEditorSettings {
  /** The order API's origin, which holds the OAuth app's secret (POST /v1/github-sign-in, /v1/github-token). */
  orderApi: string;
  /** The data repository, owner/name. */
  repository: string;
  /** Where previews are served; the page's own origin when absent. */
  previewOrigin?: string;
}

const GITHUB_API = 'https://api.github.com';

function settingsAttributes(github: GitHubEditorSettings, escape: (text: string) => string): string {
  const preview = github.previewOrigin ? ` data-preview-origin="${escape(github.previewOrigin)}"` : '';
  return ` data-order-api="${escape(github.orderApi)}" data-repository="${escape(github.repository)}"${preview}`;
}

/** The editor page's Content-Security-Policy: its own files, and calls to itself and to `connectTo` (origins). A meta cannot say frame-ancestors; the header adds it. */
export function editorCsp(connectTo: readonly string[]): string {
  const connect = ["'self'", ...connectTo].join(' ');
  return `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src ${connect}; base-uri 'none'; form-action 'none'`;
}

/** The local proxy's page's Content-Security-Policy, sent as a header by the proxy. */
export const EDITOR_CSP = `${editorCsp([])}; frame-ancestors 'none'`;
