// The validator's own thread: checking 600 products takes longer than a keystroke may, so it
// never runs on the page's thread (typing and scrolling stay smooth while it works).
import type { Diagnostic } from '../core/data/diagnostic.ts';
import { checkEdits } from './check-edits.ts';
import type { ProjectFiles } from './project-files.ts';

export interface CheckRequest {
  id: number;
  files: ProjectFiles;
  texts: Map<string, string>;
  pictures: Set<string>;
}

export type CheckAnswer = { id: number; diagnostics: Diagnostic[]; milliseconds: number } | { id: number; failure: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(answer: CheckAnswer): void };

scope.onmessage = ({ data }) => {
  const started = performance.now();
  try {
    scope.postMessage({ id: data.id, diagnostics: checkEdits(data.files, data.texts, data.pictures), milliseconds: Math.round(performance.now() - started) });
  } catch (error) {
    scope.postMessage({ id: data.id, failure: (error as Error).message });
  }
};
