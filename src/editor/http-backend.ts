import type { EditorBackend, Proposal, ProposedChange } from './editor-backend.ts';

/** EditorBackend over `npm run editor`'s local proxy (src/core/editor/editor-server.ts), on the page's own origin. */
export class LocalProxyBackend implements EditorBackend {
  async readText(path: string): Promise<string | undefined> {
    const response = await fetch(`/api/file?path=${encodeURIComponent(path)}`);
    if (response.status === 404) return undefined;
    return (await answer(response)).text();
  }

  async listFiles(folder: string): Promise<string[]> {
    return (await (await answer(await fetch(`/api/list?folder=${encodeURIComponent(folder)}`))).json()) as string[];
  }

  async propose(change: ProposedChange): Promise<Proposal> {
    const files = change.files.map((file) => (file.bytes ? { path: file.path, base64: toBase64(file.bytes) } : { path: file.path, text: file.text ?? '' }));
    const response = await fetch('/api/propose', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: change.message, files }),
    });
    return (await (await answer(response)).json()) as Proposal;
  }

  /** Where the browser can show a picture of the working tree. */
  pictureUrl(path: string): string {
    return `/api/raw?path=${encodeURIComponent(path)}`;
  }
}

async function answer(response: Response): Promise<Response> {
  if (!response.ok) throw new Error((await response.text()) || `the editor's proxy answered ${response.status}`);
  return response;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
