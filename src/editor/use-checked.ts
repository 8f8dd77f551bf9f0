import { useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import type { CheckAnswer, CheckRequest } from './check-worker.ts';
import { editedTexts, type EditState } from './edit-state.ts';

export interface Checked {
  diagnostics: Diagnostic[];
  /** What the check of the latest edit took, shown so a slow check is noticed. */
  milliseconds: number;
  /** A bug in the writer or the validator: saving is refused with it. */
  failure?: string;
}

/**
 * The validator's verdict on the edits, from its own thread (check-worker.ts, next to the page's
 * script): each change is sent as it is made, and only the answer to the latest one is kept.
 */
export function useChecked(state: EditState | undefined, workerUrl: string): Checked | undefined {
  const [checked, setChecked] = useState<Checked>();
  const worker = useRef<Worker>(undefined);
  const latest = useRef(0);
  useEffect(() => {
    const started = new Worker(workerUrl, { type: 'module' });
    started.onmessage = ({ data }: MessageEvent<CheckAnswer>) => {
      if (data.id !== latest.current) return;
      setChecked(
        'failure' in data ? { diagnostics: [], milliseconds: 0, failure: data.failure } : { diagnostics: data.diagnostics, milliseconds: data.milliseconds },
      );
    };
    worker.current = started;
    return () => started.terminate();
  }, [workerUrl]);
  useEffect(() => {
    if (!state || !worker.current) return;
    latest.current += 1;
    try {
      const pictures = new Set([...state.pictures.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1)));
      const request: CheckRequest = { id: latest.current, files: state.files, texts: editedTexts(state), pictures };
      worker.current.postMessage(request);
    } catch (error) {
      setChecked({ diagnostics: [], milliseconds: 0, failure: (error as Error).message });
    }
  }, [state]);
  return checked;
}
