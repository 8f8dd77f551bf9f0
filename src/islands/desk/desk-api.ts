import type { DeskFilter } from '../../contracts/desk-requests.ts';
import type { DeskSessionAnswer } from '../../contracts/desk-responses.ts';
import { postOrderApi } from '../shared/order-api.ts';

/** The desk's session in this tab: its token, who signed in, and until when. */
export interface DeskSession {
  token: string;
  name: string;
  expiresAt: string;
}

const SESSION_KEY = 'desk-session';

/** The session kept in this tab (sessionStorage, gone with the browser session), while it has not expired. */
export function readDeskSession(storage: Pick<Storage, 'getItem'> | undefined, now = Date.now()): DeskSession | undefined {
  try {
    const saved = JSON.parse(storage?.getItem(SESSION_KEY) ?? 'null') as DeskSession | null;
    return saved && typeof saved.token === 'string' && Date.parse(saved.expiresAt) > now ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function saveDeskSession(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, session: DeskSession | undefined): void {
  if (session) storage?.setItem(SESSION_KEY, JSON.stringify(session));
  else storage?.removeItem(SESSION_KEY);
}

export async function startDeskSession(apiBase: string, name: string, password: string): Promise<DeskSession> {
  const answer = await postOrderApi(apiBase, 'desk-session', { name, password });
  return { token: answer.token, name: answer.name, expiresAt: answer.expires_at };
}

/** The filter as the API takes it: blank fields left out. */
export function sentFilter(filter: DeskFilter): DeskFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as DeskFilter;
}

/** The browser saves `bytes` (base64) as `fileName`. */
export function downloadFile(fileName: string, contentType: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
