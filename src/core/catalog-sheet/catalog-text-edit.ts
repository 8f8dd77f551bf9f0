import { isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { sameData } from './same-data.ts';

/** One product of the catalog as it is to be written, and which product of the file it was (absent: a new one). */
export interface ProductPlan {
  data: Record<string, unknown>;
  original?: number;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The catalog's YAML text with its products replaced by `plans`, changing only the text of what
 * changed: an unchanged product keeps every byte, a changed price is rewritten in place inside its
 * flow map, comments and key order stay. Plans keep the file's order of its own products (new ones
 * go after the plan before them). `document` is `text` parsed (without errors). The caller parses
 * the result again and checks it holds exactly the planned data (plannedCatalog): a rewrite that
 * cannot be proven right is never written.
 */
export function editCatalogText(text: string, document: Document, plans: readonly ProductPlan[]): string {
  if (document.errors.length > 0) throw new Error(`the catalog cannot be edited while it has YAML errors: ${document.errors[0]!.message}`);
  const before = documentData(document);
  const originals = Array.isArray(before.products) ? (before.products as Record<string, unknown>[]) : [];

  const seq = document.get('products', true);
  const edits: Edit[] = [];
  if (isSeq(seq) && !seq.flow && seq.items.length > 0 && seq.range) {
    editProducts(text, seq as YAMLSeq<Node>, originals, plans, edits);
  } else if (seq && isSeq(seq) && seq.range) {
    // An empty or one-line list: written anew, in the block style of the other catalogs.
    const start = text.lastIndexOf(':', seq.range[0]) + 1;
    const items = `\n${plans.map((plan) => newItem(plan.data, 2)).join('')}`;
    edits.push({ start, end: seq.range[1], text: text[seq.range[1]] === '\n' ? items.replace(/\n$/, '') : items });
  } else {
    throw new Error('the catalog has no products list to edit');
  }

  return applyEdits(text, edits);
}

/**
 * A whole file's text with its top-level fields set to `next` (a tenant edited in the browser
 * editor), each changed value rewritten in place as editCatalogText rewrites a product: comments,
 * key order and every unchanged line stay. `document` is `text` parsed (without errors).
 */
export function editFileText(text: string, document: Document, next: Record<string, unknown>): string {
  if (document.errors.length > 0) throw new Error(`the file cannot be edited while it has YAML errors: ${document.errors[0]!.message}`);
  const root = document.contents;
  const edits: Edit[] = [];
  if (!isMap(root) || root.flow || !root.range || !editBlockMap(text, root, documentData(document), next, edits)) {
    throw new Error('the file is not a map of fields whose first field stays');
  }
  return applyEdits(text, edits);
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  // In text order, pieces joined once (a price rise edits thousands of places). Of two edits at
  // one place, insertions come first in the order they were planned (a product's new field before
  // the new product after it), then the removal that starts there.
  const order = edits.map((edit, index) => ({ edit, index })).sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.index - b.index);
  const pieces: string[] = [];
  let done = 0;
  for (const { edit } of order) {
    pieces.push(text.slice(done, edit.start), edit.text);
    done = edit.end;
  }
  pieces.push(text.slice(done));
  return pieces.join('');
}

/** What the edited file must hold: the file's data with the planned products. */
export function plannedCatalog(document: Document, plans: readonly ProductPlan[]): unknown {
  return { ...documentData(document), products: plans.map((plan) => plan.data) };
}

const dataOf = new WeakMap<Document, Record<string, unknown>>();

/** The document's data, made once per document (editCatalogText and plannedCatalog both read it; neither changes it). */
function documentData(document: Document): Record<string, unknown> {
  let data = dataOf.get(document);
  if (!data) {
    data = (document.toJS() ?? {}) as Record<string, unknown>;
    dataOf.set(document, data);
  }
  return data;
}

/** Parses a catalog's text the way editCatalogText expects it. */
export function parseCatalogDocument(text: string): Document {
  return parseDocument(text);
}

function editProducts(text: string, seq: YAMLSeq<Node>, originals: Record<string, unknown>[], plans: readonly ProductPlan[], edits: Edit[]): void {
  const items = seq.items;
  const firstStart = items[0]!.range![0];
  const dashIndent = firstStart - lineStart(text, firstStart) - 2;
  const used = new Set<number>();
  let previous: number | undefined;
  let last = -1;
  for (const plan of plans) {
    if (plan.original === undefined) {
      const at = previous === undefined ? lineStart(text, firstStart) : items[previous]!.range![1];
      const prefix = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
      edits.push({ start: at, end: at, text: prefix + newItem(plan.data, dashIndent) });
      continue;
    }
    if (plan.original <= last) throw new Error('products must keep the order they have in the file');
    last = plan.original;
    previous = plan.original;
    used.add(plan.original);
    const node = items[plan.original]!;
    const old = originals[plan.original];
    if (sameData(old, plan.data)) continue;
    const productEdits: Edit[] = [];
    if (isMap(node) && !node.flow && editBlockMap(text, node, old as Record<string, unknown>, plan.data, productEdits)) edits.push(...productEdits);
    else edits.push({ start: node.range![0], end: node.range![1], text: blockMapText(plan.data, dashIndent + 2) });
  }
  items.forEach((node, index) => {
    if (!used.has(index)) edits.push({ start: lineStart(text, node.range![0]), end: node.range![1], text: '' });
  });
}

/** Edits a block map field by field; false when it cannot be done in place (its first field removed). */
function editBlockMap(text: string, map: YAMLMap, old: Record<string, unknown>, next: Record<string, unknown>, edits: Edit[]): boolean {
  const pairs = map.items as Pair<Node, Node | null>[];
  if (pairs.length === 0 || !pairs.every((pair) => isScalar(pair.key) && pair.key.range)) return false;
  const keyOf = (pair: Pair<Node, Node | null>) => String((pair.key as { value: unknown }).value);
  if (!(keyOf(pairs[0]!) in next)) return false;
  const indent = pairs[0]!.key.range![0] - lineStart(text, pairs[0]!.key.range![0]);
  pairs.forEach((pair, index) => {
    const key = keyOf(pair);
    if (!(key in next)) {
      const nextPair = pairs[index + 1];
      edits.push({ start: lineStart(text, pair.key.range![0]), end: nextPair ? lineStart(text, nextPair.key.range![0]) : map.range![1], text: '' });
      return;
    }
    if (sameData(old[key], next[key])) return;
    if (pair.value && pair.value.range) editValue(pair.value, old[key], next[key], false, edits);
    else throw new Error(`field "${key}" has no value to edit`);
  });
  const added = Object.keys(next).filter((key) => !pairs.some((pair) => keyOf(pair) === key));
  if (added.length > 0) {
    const at = map.range![1];
    const prefix = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
    edits.push({ start: at, end: at, text: prefix + added.map((key) => `${' '.repeat(indent)}${keyText(key)}: ${valueText(next[key])}\n`).join('') });
  }
  return true;
}

/** Rewrites one value: a scalar in place, a collection entry by entry while its shape holds, or whole. */
function editValue(node: Node, old: unknown, next: unknown, inFlow: boolean, edits: Edit[]): void {
  if (sameData(old, next)) return;
  const range = node.range!;
  if (isScalar(node) && (next === null || typeof next !== 'object')) {
    edits.push({ start: range[0], end: range[1], text: scalarText(next, inFlow, node.type) });
    return;
  }
  if (isMap(node) && isPlainObject(old) && isPlainObject(next) && sameKeys(old, next)) {
    for (const pair of node.items as Pair<Node, Node | null>[]) {
      const key = String((pair.key as { value: unknown }).value);
      if (!pair.value?.range) break;
      editValue(pair.value, old[key], next[key], inFlow || Boolean(node.flow), edits);
    }
    return;
  }
  if (isSeq(node) && Array.isArray(old) && Array.isArray(next) && old.length === next.length) {
    (node.items as Node[]).forEach((item, index) => editValue(item, old[index], next[index], inFlow || Boolean(node.flow), edits));
    return;
  }
  // A block collection's range starts on its first entry's line; a flow value fits there too.
  const trailing = isScalar(node) || (node as YAMLMap).flow ? '' : '\n';
  edits.push({ start: range[0], end: range[1], text: valueText(next) + trailing });
}

function newItem(data: Record<string, unknown>, dashIndent: number): string {
  return `${' '.repeat(dashIndent)}- ${blockMapText(data, dashIndent + 2)}`;
}

/** A product as the catalogs write one: a field a line, lists and maps in flow style. */
function blockMapText(data: Record<string, unknown>, indent: number): string {
  return Object.entries(data)
    .map(([key, value], index) => `${index === 0 ? '' : ' '.repeat(indent)}${keyText(key)}: ${valueText(value)}\n`)
    .join('');
}

/** A value on one line: scalars as YAML writes them, collections as `{ a: 1 }` and `[a, b]`. */
function valueText(value: unknown, inFlow = false): string {
  if (Array.isArray(value)) return `[${value.map((item) => valueText(item, true)).join(', ')}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${keyText(key)}: ${valueText(item, true)}`).join(', ')} }`;
  }
  return scalarText(value, inFlow);
}

function keyText(key: string): string {
  return scalarText(key, true);
}

function scalarText(value: unknown, inFlow: boolean, style?: string): string {
  if (typeof value !== 'string') return value === undefined || value === null ? 'null' : String(value);
  if (style === 'QUOTE_DOUBLE') return JSON.stringify(value);
  if (style === 'QUOTE_SINGLE') return `'${value.replace(/'/g, "''")}'`;
  const written = stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
  if (written.includes('\n') || (inFlow && written === value && /[,[\]{}#:]/.test(value))) return JSON.stringify(value);
  return written;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b);
}
