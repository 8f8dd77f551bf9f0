import { createRoot } from 'react-dom/client';
import { EditorApp } from './editor-app.tsx';
import { LocalProxyBackend } from './http-backend.ts';
import './editor.css';

// The page of `npm run editor`: the local proxy on this page's own origin is the backend.
const mount = document.getElementById('editor');
if (mount) {
  const backend = new LocalProxyBackend();
  createRoot(mount).render(
    <EditorApp backend={backend} checkWorkerUrl={new URL('check-worker.js', import.meta.url).href} pictureUrl={(path) => backend.pictureUrl(path)} />,
  );
}
