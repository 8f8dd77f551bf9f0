export type Severity = 'error' | 'warning';

/** One problem in one data file, pointing at the value a merchandiser has to change. */
export interface Diagnostic {
  severity: Severity;
  /** Relative to the project root, with forward slashes: tenants/guardian.yaml */
  file: string;
  line: number;
  col: number;
  /** Where in the file's data, as written in messages: stores[1].code */
  path: string;
  message: string;
  /**
   * For a warning that can come many times over: the heading its kind is printed under when there
   * are many (see printed-diagnostics.ts), and what is this one's own (the image, the code), which
   * then stands for `message` on its line.
   */
  kind?: { heading: string; detail: string };
}

export type DataPath = readonly (string | number)[];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** ['stores', 1, 'code'] → stores[1].code; ['sizes', '# boxes'] → sizes["# boxes"] */
export function formatDataPath(path: DataPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(file)' : out;
}

export function formatDiagnostic(d: Diagnostic): string {
  const prefix = d.severity === 'warning' ? 'warning: ' : '';
  return `${d.file}:${d.line}:${d.col}  ${d.path}  ${prefix}${d.message}`;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message);
}

/** How a value is quoted back in messages: "GFORD", 12, a list, nothing. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map of fields';
  return String(value);
}
