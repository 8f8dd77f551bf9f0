import { load } from 'js-yaml';
import type { Document } from 'yaml';
import { editCatalogText, editFileText, parseCatalogDocument } from '../core/catalog-sheet/catalog-text-edit.ts';
import { sameData } from '../core/catalog-sheet/same-data.ts';
import type { ProjectFiles } from './project-files.ts';

export type Data = Record<string, unknown>;

/** One data file as read and as edited: a catalog's products, or a tenant's fields. */
export interface FileEdit {
  file: string;
  original: string;
  /** Whether the text has been read into data yet (a catalog is when first opened). */
  parsed: boolean;
  /** False while the file has YAML errors: it cannot be edited then, only fixed in a text editor. */
  editable: boolean;
  /** The file's data as read. */
  before: Data;
  /** The file's data as edited (the same object while nothing changed). */
  after: Data;
}

/** Everything edited since the last save. */
export interface EditState {
  files: ProjectFiles;
  edits: Map<string, FileEdit>;
  /** Photos dropped in and not yet saved, by repository path (catalogs/images/K500_navy.jpg). */
  pictures: Map<string, { bytes: Uint8Array; url: string; from: string }>;
}

/**
 * The files as read, ready to edit. Only `first` and the tenants are read into data now; each
 * other catalog when it is opened (withParsed), so the editor opens as fast as one catalog reads.
 */
export function startEditing(files: ProjectFiles, first?: string): EditState {
  const edits = new Map<string, FileEdit>();
  for (const [file, original] of files.texts) {
    const edit: FileEdit = { file, original, parsed: false, editable: false, before: {}, after: {} };
    edits.set(file, isCatalog(file) && file !== first ? edit : parsed(edit));
  }
  return { files, edits, pictures: new Map() };
}

/** The state with a file read into data, if it was not yet. */
export function withParsed(state: EditState, file: string): EditState {
  const edit = state.edits.get(file);
  if (!edit || edit.parsed) return state;
  return { ...state, edits: new Map(state.edits).set(file, parsed(edit)) };
}

/** A file's data as read (without reading it into the state): what photo matching needs of every catalog. */
export function dataOf(edit: FileEdit): Data {
  return edit.parsed ? edit.after : parsed(edit).after;
}

function parsed(edit: FileEdit): FileEdit {
  // Read with js-yaml, as the validator reads it, which is several times faster than a
  // document that keeps comments; that document is made when the file is first written.
  let data: Data | undefined;
  try {
    const loaded = load(edit.original);
    data = loaded !== null && typeof loaded === 'object' && !Array.isArray(loaded) ? (loaded as Data) : undefined;
  } catch {
    data = undefined;
  }
  return { ...edit, parsed: true, editable: data !== undefined, before: data ?? {}, after: data ?? {} };
}

/** The state with one file's data replaced. */
export function withData(state: EditState, file: string, after: Data): EditState {
  const edit = state.edits.get(file);
  if (!edit?.editable) return state;
  const edits = new Map(state.edits);
  edits.set(file, { ...edit, after });
  return { ...state, edits };
}

/** The state with one product of a catalog replaced (products keep their place in the file). */
export function withProduct(state: EditState, file: string, index: number, product: Data): EditState {
  const edit = state.edits.get(file);
  if (!edit) return state;
  const products = [...((edit.after.products as Data[]) ?? [])];
  products[index] = product;
  return withData(state, file, { ...edit.after, products });
}

const texts = new WeakMap<Data, string>();
const documents = new Map<string, Document>();

/** Makes the file's comment-keeping document ahead (when the browser is idle), so the first keystroke in it does not wait for it. */
export function prepareForEditing(edit: FileEdit): void {
  if (edit.editable) documentOf(edit.original);
}

/** The comment-keeping document of a file's text as read, made once. */
function documentOf(text: string): Document {
  let document = documents.get(text);
  if (!document) {
    document = parseCatalogDocument(text);
    documents.set(text, document);
  }
  return document;
}

/** A file's text as edited: written by the spreadsheet import's writer, so only changed values change. */
export function editedText(edit: FileEdit): string {
  if (edit.after === edit.before || !edit.editable) return edit.original;
  let text = texts.get(edit.after);
  if (text === undefined) {
    const document = documentOf(edit.original);
    text = isCatalog(edit.file)
      ? editCatalogText(
          edit.original,
          document,
          ((edit.after.products as Data[]) ?? []).map((data, original) => ({ data, original })),
        )
      : editFileText(edit.original, document, edit.after);
    texts.set(edit.after, text);
  }
  return text;
}

export function editedTexts(state: EditState): Map<string, string> {
  return new Map([...state.edits.values()].map((edit) => [edit.file, editedText(edit)]));
}

/** The files a save writes: the data files whose text changed, and the dropped photos. */
export function changedFiles(state: EditState): { path: string; text?: string; bytes?: Uint8Array }[] {
  const changed = [...state.edits.values()].filter((edit) => editedText(edit) !== edit.original).map((edit) => ({ path: edit.file, text: editedText(edit) }));
  return [...changed, ...[...state.pictures].map(([path, picture]) => ({ path, bytes: picture.bytes }))];
}

/** After a save: what was written is the new "as read". */
export function saved(state: EditState): EditState {
  const texts = editedTexts(state);
  const productImageFiles = new Set([...state.files.productImageFiles, ...[...state.pictures.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1))]);
  for (const picture of state.pictures.values()) URL.revokeObjectURL(picture.url);
  const next = startEditing({ ...state.files, texts, productImageFiles });
  // What was open stays read.
  return [...state.edits.values()].filter((edit) => edit.parsed).reduce((result, edit) => withParsed(result, edit.file), next);
}

export function isCatalog(file: string): boolean {
  return file.startsWith('catalogs/');
}

/** A readable commit message: what changed, product by product and field by field. */
export function proposalMessage(state: EditState): string {
  const lines: string[] = [];
  for (const edit of state.edits.values()) {
    if (editedText(edit) === edit.original) continue;
    if (isCatalog(edit.file)) {
      const before = (edit.before.products as Data[]) ?? [];
      ((edit.after.products as Data[]) ?? []).forEach((product, index) => {
        const fields = changedKeys(before[index] ?? {}, product);
        if (fields.length > 0) lines.push(`${edit.file}: ${String(product.code)} ${fields.join(', ')}`);
      });
    } else {
      lines.push(`${edit.file}: ${changedKeys(edit.before, edit.after).join(', ')}`);
    }
  }
  for (const [path, picture] of state.pictures) lines.push(`${path}: photo from ${picture.from}`);
  const subject = lines.length === 1 ? `Edit ${lines[0]}` : `Edit ${lines.length} things in the catalogs and tenants`;
  return lines.length <= 1 ? subject : `${subject}\n\n${lines.map((line) => `- ${line}`).join('\n')}`;
}

function changedKeys(before: Data, after: Data): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !sameData(before[key], after[key]));
}
