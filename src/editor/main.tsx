import { createRoot } from 'react-dom/client';
import { EditorApp } from './editor-app.tsx';
import { GitHubEditor, type GitHubEditorSettings } from './github-editor.tsx';
import { LocalProxyBackend } from './http-backend.ts';
import './editor.css';

// `npm run editor`'s page talks to the local proxy on its own origin; /admin/ of the entry site to GitHub.
const mount = document.getElementById('editor');
if (mount) {
  const checkWorkerUrl = new URL('check-worker.js', import.meta.url).href;
  if (mount.dataset.backend === 'github') {
    createRoot(mount).render(<GitHubEditor settings={settingsOf(mount)} checkWorkerUrl={checkWorkerUrl} />);
  } else {
    const backend = new LocalProxyBackend();
    createRoot(mount).render(<EditorApp backend={backend} checkWorkerUrl={checkWorkerUrl} pictureUrl={(path) => backend.pictureUrl(path)} />);
  }
}

/** The page's settings, written by the build (src/core/editor/editor-page.ts). */
function settingsOf(mount: HTMLElement): GitHubEditorSettings {
  const [owner = '', repo = ''] = (mount.dataset.repository ?? '').split('/');
  return { orderApi: mount.dataset.orderApi ?? '', owner, repo, previewOrigin: mount.dataset.previewOrigin ?? location.origin };
}
