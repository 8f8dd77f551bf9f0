import { useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import type { ProductFocus } from './check-edits.ts';
import type { CheckAnswer, CheckRequest } from './check-worker.ts';
import { editedTexts, type EditState } from './edit-state.ts';
import type { ProjectFiles } from './project-files.ts';

export interface Checked {
  diagnostics: Diagnostic[];
  /** Whether the whole check has answered for the latest edit: a save waits for it. */
  current: boolean;
  /** What the whole check of the latest edit took, shown so a slow check is noticed. */
  milliseconds: number;
  /** A bug in the writer or the validator: saving is refused with it. */
  failure?: string;
}

/**
 * The validator's verdict on the edits, from its own thread (check-worker.ts, next to the page's
 * script): each change is sent as it is made; the product being typed in is answered first, then
 * the whole project, and only the answers to the latest change are kept.
 */
export function useChecked(state: EditState | undefined, focus: Omit<ProductFocus, 'product' | 'top'> | undefined, workerUrl: string): Checked | undefined {
  const [whole, setWhole] = useState<{ diagnostics: Diagnostic[]; milliseconds: number; id: number; failure?: string }>();
  const [product, setProduct] = useState<{ file: string; index: number; diagnostics: Diagnostic[]; id: number }>();
  const workers = useRef<{ product: Worker; whole: Worker }>(undefined);
  /** The files as read that each thread was last sent. */
  const told = useRef(new WeakMap<Worker, ProjectFiles>());
  const post = (worker: Worker, request: Omit<CheckRequest, 'files'>, files: ProjectFiles, all: ReadonlyMap<string, string>) => {
    const changed = new Map([...all].filter(([file, text]) => files.texts.get(file) !== text));
    const known = told.current.get(worker) === files;
    told.current.set(worker, files);
    worker.postMessage({ ...request, texts: changed, files: known ? undefined : files } satisfies CheckRequest);
  };
  const latest = useRef(0);
  const sent = useRef<{ texts: Map<string, string>; pictures: ReadonlyMap<string, unknown> }>(undefined);
  useEffect(
    () => () => {
      workers.current?.product.terminate();
      workers.current?.whole.terminate();
    },
    [],
  );
  // Started once the table is on screen: starting them sooner would take the page's CPU while it opens.
  const started = () => {
    if (workers.current) return workers.current;
    const onAnswer = ({ data }: MessageEvent<CheckAnswer>) => {
      if (data.id !== latest.current) return;
      if (data.kind === 'product') setProduct({ ...data });
      else if (data.kind === 'whole') setWhole({ diagnostics: data.diagnostics, milliseconds: data.milliseconds, id: data.id });
      else setWhole({ diagnostics: [], milliseconds: 0, id: data.id, failure: data.failure });
    };
    const product = new Worker(workerUrl, { type: 'module' });
    const whole = new Worker(workerUrl, { type: 'module' });
    product.onmessage = onAnswer;
    whole.onmessage = onAnswer;
    workers.current = { product, whole };
    return workers.current;
  };
  useEffect(() => {
    if (!state) return;
    const send = () => {
      try {
        const texts = editedTexts(state);
        // Opening a file or choosing a product changes no text: nothing new to check.
        if (sent.current && sent.current.pictures === state.pictures && sameTexts(sent.current.texts, texts)) return;
        sent.current = { texts, pictures: state.pictures };
        latest.current += 1;
        const pictures = new Set([...state.pictures.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1)));
        const edit = focus ? state.edits.get(focus.file) : undefined;
        const products = (edit?.after.products as Record<string, unknown>[] | undefined) ?? [];
        const { products: _, ...top } = edit?.after ?? {};
        const product = focus ? products[focus.index] : undefined;
        const request: CheckRequest = { id: latest.current, files: state.files, texts, pictures };
        const { product: productThread, whole: wholeThread } = started();
        if (focus && product) productThread.postMessage({ ...request, focus: { ...focus, product, top } });
        wholeThread.postMessage(request);
      } catch (error) {
        setWhole({ diagnostics: [], milliseconds: 0, id: latest.current, failure: (error as Error).message });
      }
    };
    if (workers.current) return send();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(send, 0)));
    return () => (cancelAnimationFrame(frame), clearTimeout(timer));
    // The focus is read when the state changes: choosing a product is not an edit.
  }, [state]);
  // A product just chosen is checked on its own at once: its problems show, and the product
  // thread has read the other files before the first keystroke.
  useEffect(() => {
    const edit = focus && state?.edits.get(focus.file);
    const product = focus && ((edit?.after.products as Record<string, unknown>[] | undefined) ?? [])[focus.index];
    if (!state || !focus || !edit || !product || !workers.current) return;
    const { products: _, ...top } = edit.after;
    const pictures = new Set([...state.pictures.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1)));
    const texts = editedTexts(state);
    post(workers.current.product, { id: latest.current, texts, pictures, focus: { ...focus, product, top } }, state.files, texts);
  }, [focus?.file, focus?.index]);
  if (!whole) return undefined;
  const current = whole.id === latest.current;
  const productNewer = product && product.id > whole.id;
  const inProduct = (d: Diagnostic) => productNewer && d.file === product.file && new RegExp(`^products\\[${product.index}\\]`).test(d.path);
  const diagnostics = productNewer ? [...whole.diagnostics.filter((d) => !inProduct(d)), ...product.diagnostics] : whole.diagnostics;
  return { diagnostics, current, milliseconds: whole.milliseconds, failure: whole.failure };
}

function sameTexts(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([file, text]) => b.get(file) === text);
}
