import { load } from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { formatDataPath, type DataPath, type Diagnostic } from './diagnostic.ts';
import { decimalCommaMistake, indentationMistake, mayBeIndentation, plainParserError, type SyntaxMistake } from './yaml-syntax-words.ts';

/** A parsed YAML file that can say where any of its values was written. */
export interface YamlSource {
  file: string;
  text: string;
  data: unknown;
  /** Where a value is; for a path that does not exist, where its nearest existing parent is. */
  locate(path: DataPath): { line: number; col: number };
  /** Where a map key is written (for unknown fields), falling back to locate(). */
  locateKey(path: DataPath): { line: number; col: number };
  /** The text a scalar was written as (`38.770`), if the path is a scalar. */
  sourceText(path: DataPath): string | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Reads `text` as YAML. Most files are read by js-yaml, several times faster than yaml's document
 * parser (about 0.9 s of a build's start for three catalogs of 600 products, against 0.2 s), and
 * a file's yaml document, which knows where each value is written, is made only when a position or
 * the written text of a value is asked for: for a diagnostic, which a valid file mostly has none of.
 * A text js-yaml refuses, or one that needs the document to be checked (aliases, a digit, a comma
 * and a digit between { }), is read by yaml alone, which words the syntax mistakes.
 */
export function parseYamlSource(file: string, text: string): YamlSource {
  const quick = quickData(text);
  if (quick !== undefined) return yamlSourceWithData(file, text, quick.data);
  const full = parseDocumentSource(file, text);
  return { file, text, ...full };
}

/**
 * The source of a text without syntax mistakes whose data is known (read by js-yaml, or kept from
 * an earlier read of the same text: parsed-data-cache.ts); its document is made only if a
 * position or a value's written text is asked for.
 */
export function yamlSourceWithData(file: string, text: string, data: unknown): YamlSource {
  let document: DocumentSource | undefined;
  const full = () => (document ??= parseDocumentSource(file, text));
  return {
    file,
    text,
    data,
    diagnostics: [],
    locate: (path) => full().locate(path),
    locateKey: (path) => full().locateKey(path),
    sourceText: (path) => full().sourceText(path),
  };
}

type DocumentSource = Omit<YamlSource, 'file' | 'text'>;

/** Whether a line of `text` could hold a key yaml refuses (over 1,024 characters) and js-yaml reads. */
function hasLongLine(text: string): boolean {
  // A loop over newlines: a regular expression for 1,024 characters without one tries each start.
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    if ((end === -1 ? text.length : end) - start >= 1024) return true;
    if (end === -1) return false;
    start = end + 1;
  }
  return false;
}

/**
 * The data of a text with no syntax mistake, by js-yaml; undefined when yaml must read it. Both
 * read YAML 1.2's core schema (the same numbers, booleans and nulls) and refuse duplicate keys.
 * Aliases are refused here (yaml's document bounds how far they expand), and so is a text that
 * may hold a decimal comma between { }, which YAML reads without complaint and yaml's document
 * finds, and one with a line long enough to hold a key yaml refuses. An empty text is refused by
 * js-yaml and is null by yaml.
 */
function quickData(text: string): { data: unknown } | undefined {
  if ((/\d,\d/.test(text) && text.includes('{')) || hasLongLine(text)) return undefined;
  try {
    return { data: load(text, { maxAliases: 0 }) };
  } catch {
    return undefined;
  }
}

function parseDocumentSource(file: string, text: string): DocumentSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const diagnostics = syntaxMistakes(doc, text, lineCounter).map(({ line, col, pathAt, message }): Diagnostic => {
    const path = formatDataPath(pathAtOffset(doc.contents, pathAt));
    return { severity: 'error', file, line, col, path, message };
  });
  const data = diagnostics.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : undefined;

  const positionAt = (offset: number) => {
    const [line = 1, col = 1] = positionOf(lineCounter, offset);
    return { line, col };
  };
  const nearestNode = (path: DataPath): Node | undefined => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
      if (node && typeof node === 'object' && 'range' in node && node.range) return node as Node;
    }
    return undefined;
  };

  return {
    data,
    diagnostics,
    locate(path) {
      return positionAt(nearestNode(path)?.range?.[0] ?? 0);
    },
    locateKey(path) {
      const key = path[path.length - 1];
      const parent = doc.getIn(path.slice(0, -1), true) ?? (path.length === 1 ? doc.contents : undefined);
      if (isMap(parent)) {
        const pair = parent.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(key));
        const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
        if (range) return positionAt(range[0]);
      }
      return this.locate(path);
    },
    sourceText(path) {
      const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
      return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
    },
  };
}

function positionOf(lineCounter: LineCounter, offset: number): [number, number] {
  const { line, col } = lineCounter.linePos(offset);
  return [line, col];
}

/**
 * What is wrong with the text as YAML, one mistake per cause. A structural mistake (an indentation,
 * an unclosed quote or bracket) makes the parser report a cascade of errors after it, all of which
 * go away with it: only the first is reported, at the line to change, in plain words. Duplicate
 * keys are each a mistake of their own, and so is a decimal comma between { }, which YAML accepts.
 */
function syntaxMistakes(doc: Document, text: string, lineCounter: LineCounter): SyntaxMistake[] {
  const [first] = doc.errors.filter((error) => error.code !== 'DUPLICATE_KEY').sort((a, b) => a.pos[0] - b.pos[0]);
  if (first) {
    const near = mayBeIndentation(first) ? indentationMistake(text, lineCounter.linePos(first.pos[0]).line) : undefined;
    return [near ?? plainParserError(first, text, lineCounter)];
  }
  const duplicates = doc.errors.map((error): SyntaxMistake => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const key = /^[^:\n]*/
      .exec(text.slice(error.pos[0]))?.[0]
      .trim()
      .replace(/^["']|["']$/g, '');
    return { line, col, pathAt: error.pos[0], message: `duplicate key${key ? ` "${key}"` : ''}: each field may appear only once in a map` };
  });
  const comma = decimalCommaMistake(doc, text, lineCounter);
  return comma ? [...duplicates, comma] : duplicates;
}

/** The data path of the innermost map entry or list item written at `offset`. */
function pathAtOffset(node: unknown, offset: number): DataPath {
  const within = (n: unknown) => {
    const range = (n as Node | null)?.range;
    return range !== undefined && range !== null && range[0] <= offset && offset < range[2];
  };
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      if (within(pair.key) || within(pair.value)) return [String(pair.key.value), ...pathAtOffset(pair.value, offset)];
    }
  }
  if (isSeq(node)) {
    const index = node.items.findIndex(within);
    if (index >= 0) return [index, ...pathAtOffset(node.items[index], offset)];
  }
  return [];
}
