import { formatDiagnostic, type Diagnostic } from './diagnostic.ts';

/** More warnings of one kind than this are printed under one heading instead of one sentence each. */
export const GROUP_ABOVE = 3;

/**
 * The lines `npm run validate`, the build and the live preview print for a load's diagnostics.
 * Many warnings of one kind (the same rule, or the same sentence) would bury the one that matters
 * in repetition, so they come first under one heading with their count, each location still on a
 * `file:line:col  path  warning: …` line of its own (editors and problem matchers read those), with
 * only what is its own. Errors are never grouped: each keeps its whole sentence, after the groups,
 * nearest the summary.
 */
export function printedDiagnostics(diagnostics: readonly Diagnostic[]): string[] {
  const kinds = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (d.severity !== 'warning') continue;
    const heading = headingOf(d);
    kinds.set(heading, [...(kinds.get(heading) ?? []), d]);
  }
  const grouped = [...kinds].filter(([, members]) => members.length > GROUP_ABOVE);
  const inGroup = new Set(grouped.flatMap(([, members]) => members));

  const lines: string[] = [];
  for (const [heading, members] of grouped) {
    lines.push(`${members.length} warnings: ${heading}`);
    for (const d of members) lines.push(formatDiagnostic({ ...d, message: d.kind?.detail || 'as said above' }));
    lines.push('');
  }
  for (const d of diagnostics) if (!inGroup.has(d)) lines.push(formatDiagnostic(d));
  return lines;
}

function headingOf(d: Diagnostic): string {
  return d.kind?.heading ?? d.message;
}
