import type { Diagnostic } from '../core/data/diagnostic.ts';

/** The problems at a path of a file and below it: `products[3].sizes` holds those of `products[3].sizes.Small`. */
export function problemsAt(diagnostics: readonly Diagnostic[], file: string, path: string): Diagnostic[] {
  return diagnostics.filter((d) => d.file === file && (d.path === path || d.path.startsWith(`${path}.`) || d.path.startsWith(`${path}[`)));
}

/** A field's problems, in the words of `npm run validate`, right under the field. */
export function Problems({ list }: { list: readonly Diagnostic[] }) {
  if (list.length === 0) return null;
  return (
    <ul className="problems">
      {list.map((d) => (
        <li key={`${d.path} ${d.message}`} className={d.severity} data-path={d.path} role={d.severity === 'error' ? 'alert' : undefined}>
          {d.severity === 'warning' ? 'warning: ' : ''}
          {d.message}
        </li>
      ))}
    </ul>
  );
}

export function hasError(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}
