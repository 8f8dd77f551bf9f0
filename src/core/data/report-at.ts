import { formatDataPath, type DataPath, type Diagnostic, type Severity } from './diagnostic.ts';
import type { YamlSource } from './yaml-source.ts';

/** A diagnostic at the value `path` names in `source` (or at its key, for a key that is the problem). */
export function report(source: YamlSource, severity: Severity, path: DataPath, message: string, atKey = false): Diagnostic {
  const { line, col } = atKey ? source.locateKey(path) : source.locate(path);
  return { severity, file: source.file, line, col, path: formatDataPath(path), message };
}
