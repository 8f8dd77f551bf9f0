// The validator's own thread: checking 600 products takes longer than a keystroke may, so it
// never runs on the page's thread (typing and scrolling stay smooth while it works).
import type { Diagnostic } from '../core/data/diagnostic.ts';
import { checkEdits, checkProduct, type ProductFocus } from './check-edits.ts';
import type { ProjectFiles } from './project-files.ts';

export interface CheckRequest {
  id: number;
  /** The files as read: sent once, and again only after a save (a thread keeps the last it was sent). */
  files?: ProjectFiles;
  /** Only the files whose text differs from the files as read: the rest are those. */
  texts: Map<string, string>;
  pictures: Set<string>;
  /** The product being typed in: only it is checked (by the product thread), answered at once. */
  focus?: ProductFocus;
}

export type CheckAnswer =
  | { id: number; kind: 'product'; file: string; index: number; diagnostics: Diagnostic[] }
  | { id: number; kind: 'whole'; diagnostics: Diagnostic[]; milliseconds: number }
  | { id: number; kind: 'failure'; failure: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(answer: CheckAnswer): void };

let latest: CheckRequest | undefined;
let read: ProjectFiles | undefined;

/** Every file's text as edited: the changed ones over the files as read. */
function allTexts(changed: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...read!.texts, ...changed]);
}

// The editor starts two of these threads: one answers only the product being typed in (a few
// milliseconds, never queued behind a whole check), the other only the whole project.
scope.onmessage = ({ data }) => {
  if (data.files) read = data.files;
  if (!read) return;
  if (data.focus) {
    try {
      const diagnostics = checkProduct(read, allTexts(data.texts), data.pictures, data.focus);
      scope.postMessage({ id: data.id, kind: 'product', file: data.focus.file, index: data.focus.index, diagnostics });
    } catch (error) {
      scope.postMessage({ id: data.id, kind: 'failure', failure: (error as Error).message });
    }
    return;
  }
  latest = data;
  // Once the messages waiting are read: a newer edit makes this one's check moot.
  setTimeout(() => {
    if (latest !== data) return;
    const started = performance.now();
    try {
      scope.postMessage({
        id: data.id,
        kind: 'whole',
        diagnostics: checkEdits(read!, allTexts(data.texts), data.pictures),
        milliseconds: Math.round(performance.now() - started),
      });
    } catch (error) {
      scope.postMessage({ id: data.id, kind: 'failure', failure: (error as Error).message });
    }
  }, 0);
};
