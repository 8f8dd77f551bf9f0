import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EditorBackend } from './editor-backend.ts';
import type { PreviewState } from './github-preview.ts';
import {
  changedFiles,
  dataOf,
  editedText,
  isCatalog,
  prepareForEditing,
  proposalMessage,
  saved,
  startEditing,
  withData,
  withParsed,
  withProduct,
  type Data,
  type EditState,
} from './edit-state.ts';
import { PhotoDrop, type DroppedPhoto } from './photo-drop.tsx';
import { PriceChangePanel } from './price-change-panel.tsx';
import { ProductForm } from './product-form.tsx';
import { ProductTable, type RowProblems } from './product-table.tsx';
import { readProjectFiles } from './project-files.ts';
import { SaveBar } from './save-bar.tsx';
import { TenantForm } from './tenant-form.tsx';
import { useChecked } from './use-checked.ts';

interface EditorAppProps {
  backend: EditorBackend;
  /** The validator thread's script (check-worker.ts, bundled beside the editor's). */
  checkWorkerUrl: string;
  /** Where the browser shows a saved picture (catalogs/images/K500_navy.jpg), if the backend can. */
  pictureUrl?(path: string): string;
  /** Where a pull request's preview stands, when the backend opens pull requests (GitHub). */
  previewState?(number: number): Promise<PreviewState>;
}

const PRODUCT_PATH = /^products\[(\d+)\]/;

/** The merchandiser's editor: a catalog's products or a tenant, checked as typed, saved as one proposal. */
export function EditorApp({ backend, checkWorkerUrl, pictureUrl, previewState }: EditorAppProps) {
  const [state, setState] = useState<EditState>();
  const [loadError, setLoadError] = useState<string>();
  const [open, setOpen] = useState<string>();
  const [selected, setSelected] = useState<number>();
  const checked = useChecked(state, open && selected !== undefined ? { file: open, index: selected } : undefined, checkWorkerUrl);

  useEffect(() => {
    readProjectFiles(backend)
      .then((files) => {
        performance.mark('editor:files-read');
        const first = [...files.texts.keys()].filter(isCatalog).sort()[0];
        setState(startEditing(files, first));
        performance.mark('editor:files-parsed');
        setOpen(first);
      })
      .catch((error: unknown) => setLoadError((error as Error).message));
  }, [backend]);

  const edit = open ? state?.edits.get(open) : undefined;
  useEffect(() => {
    if (!edit) return;
    // Well after the table shows, so opening is not held up by it.
    let idle = 0;
    const timer = setTimeout(() => (idle = requestIdleCallback(() => prepareForEditing(edit))), 1500);
    return () => (clearTimeout(timer), cancelIdleCallback(idle));
  }, [edit?.original]);

  const diagnostics = checked?.diagnostics ?? [];
  const files = useMemo(() => (state ? [...state.edits.keys()].sort() : []), [state]);
  const products = useMemo(() => ((edit?.after.products as Data[] | undefined) ?? []).filter(Boolean), [edit]);
  const rowProblems = useMemo(() => {
    const rows = new Map<number, RowProblems>();
    for (const d of diagnostics) {
      const match = d.file === open ? PRODUCT_PATH.exec(d.path) : null;
      if (!match) continue;
      const row = rows.get(Number(match[1])) ?? { errors: 0, warnings: 0 };
      if (d.severity === 'error') row.errors += 1;
      else row.warnings += 1;
      rows.set(Number(match[1]), row);
    }
    return rows;
  }, [diagnostics, open]);
  const allProducts = () =>
    state ? [...state.edits.values()].filter((e) => isCatalog(e.file)).flatMap((e) => (dataOf(e).products as Data[] | undefined) ?? []) : [];
  const photoUrl = useCallback(
    (name: string) => {
      const path = `catalogs/images/${name}`;
      const dropped = state?.pictures.get(path);
      if (dropped) return dropped.url;
      return state?.files.productImageFiles.has(name) && pictureUrl ? pictureUrl(path) : undefined;
    },
    [state, pictureUrl],
  );

  const changes = useMemo(() => (state ? changedFiles(state) : []), [state]);
  const suggestedMessage = useMemo(() => (state && changes.length > 0 ? proposalMessage(state) : ''), [state, changes]);

  if (loadError) return <p className="problems error">The editor could not read the project: {loadError}</p>;
  if (!state) return <p className="editor-loading">Loading the catalogs…</p>;

  const changedPaths = new Set(changes.map((change) => change.path));
  const blocking = diagnostics.filter((d) => d.severity === 'error' && changedPaths.has(d.file));
  const failure = checked?.failure ? [{ severity: 'error' as const, file: '', line: 1, col: 1, path: '(editor)', message: checked.failure }] : [];

  const addPhotos = (photos: DroppedPhoto[]) =>
    setState((current) => {
      if (!current) return current;
      const pictures = new Map(current.pictures);
      for (const photo of photos) {
        const old = pictures.get(photo.path);
        if (old) URL.revokeObjectURL(old.url);
        pictures.set(photo.path, {
          bytes: photo.bytes,
          from: photo.from,
          url: URL.createObjectURL(new Blob([photo.bytes as BlobPart], { type: 'image/jpeg' })),
        });
      }
      return { ...current, pictures };
    });

  const save = async (message: string) => {
    const proposal = await backend.propose({ message, files: changedFiles(state) });
    setState(saved(state));
    return proposal;
  };

  return (
    <div className="editor">
      <header>
        <h1>Catalog editor</h1>
        <nav aria-label="Files">
          {files.map((file) => (
            <button
              key={file}
              type="button"
              aria-current={file === open ? 'page' : undefined}
              onClick={() => (setState((current) => current && withParsed(current, file)), setOpen(file), setSelected(undefined))}
            >
              {file}
              {editedText(state.edits.get(file)!) !== state.edits.get(file)!.original ? ' •' : ''}
            </button>
          ))}
        </nav>
        <SaveBar
          changes={changes.length}
          checking={!checked?.current}
          errors={[...failure, ...blocking]}
          warnings={diagnostics.filter((d) => d.severity === 'warning' && changedPaths.has(d.file)).length}
          suggestedMessage={suggestedMessage}
          onSave={save}
          previewState={previewState}
        />
        {checked && (
          <p className="checked" data-milliseconds={checked.milliseconds}>
            Checked by the rules of npm run validate in {checked.milliseconds} ms.
          </p>
        )}
      </header>
      {edit && !edit.editable && (
        <div className="problems error">
          {edit.file} cannot be read as YAML; fix it in a text editor first:
          <ul>
            {diagnostics
              .filter((d) => d.file === edit.file)
              .map((d) => (
                <li key={d.message}>
                  line {d.line}: {d.message}
                </li>
              ))}
          </ul>
        </div>
      )}
      {edit?.editable && open && isCatalog(open) && (
        <main className="catalog">
          <div className="catalog-tools">
            <PriceChangePanel products={products} onApply={(next) => setState(withData(state, open, { ...edit.after, products: next }))} />
            <PhotoDrop
              products={allProducts}
              present={new Set([...state.files.productImageFiles, ...[...state.pictures.keys()].map((p) => p.slice(p.lastIndexOf('/') + 1))])}
              onPhotos={addPhotos}
            />
          </div>
          <div className="catalog-panes">
            <ProductTable products={products} problems={rowProblems} selected={selected} onSelect={setSelected} />
            {selected !== undefined && products[selected] && (
              <ProductForm
                key={`${open} ${selected}`}
                file={open}
                index={selected}
                product={products[selected]!}
                diagnostics={diagnostics}
                photoUrl={photoUrl}
                onChange={(product) => setState((current) => current && withProduct(current, open, selected, product))}
              />
            )}
          </div>
        </main>
      )}
      {edit?.editable && open && !isCatalog(open) && (
        <main className="tenant">
          <TenantForm
            file={open}
            tenant={edit.after}
            diagnostics={diagnostics}
            catalogs={state.files.catalogNames.filter((name) => name.endsWith('.yaml')).map((name) => name.slice(0, -'.yaml'.length))}
            logos={[...state.files.logoFiles]}
            onChange={(tenant) => setState((current) => current && withData(current, open, tenant))}
          />
        </main>
      )}
    </div>
  );
}
