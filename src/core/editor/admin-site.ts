import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleEditor } from './editor-bundle.ts';
import { editorPageHtml, type GitHubEditorSettings } from './editor-page.ts';

/** The editor's folder in the entry site: never inside a tenant's site. */
export const ADMIN_FOLDER = 'admin';

/**
 * The merchandisers' editor at /admin/ of the entry site, on GitHub: its page and its bundle.
 * Bundled here, on the build's main thread, where src/ is at hand (the render code runs compiled
 * elsewhere). The files carry no secret: the OAuth app's secret stays with the order API.
 */
export async function writeAdminSite(siteDir: string, options: { title: string; github: GitHubEditorSettings }): Promise<void> {
  const bundle = await bundleEditor();
  const folder = path.join(siteDir, ADMIN_FOLDER);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'editor.js'), bundle.js);
  writeFileSync(path.join(folder, 'check-worker.js'), bundle.worker);
  writeFileSync(path.join(folder, 'editor.css'), bundle.css);
  writeFileSync(
    path.join(folder, 'index.html'),
    editorPageHtml({ script: 'editor.js', stylesheet: 'editor.css', backend: 'github', title: options.title, github: options.github }),
  );
}
