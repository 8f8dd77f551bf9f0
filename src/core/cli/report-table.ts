import { totalOf, type BuildReport, type SiteReport } from '../generator/shared/build-report.ts';

const HEADERS = ['site', 'pages', 'images encoded', 'images reused', 'HTML', 'JS', 'CSS', 'images', 'warnings'];

/** The report as a table for the terminal: one row per site built, and their total. */
export function reportTable(report: BuildReport): string {
  const sites = [...report.tenants, report.entry];
  const rows = [HEADERS, ...sites.map(row), row({ id: report.partial ? 'total (built now)' : 'total', ...totalOf(sites) })];
  const widths = HEADERS.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? '').length)));
  // Names read left-aligned, figures right-aligned so their digits line up.
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const lines = rows.map(format);
  lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  lines.splice(lines.length - 1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return lines.join('\n');
}

function row(site: SiteReport): string[] {
  return [
    site.id,
    String(site.pages),
    String(site.images.encoded),
    String(site.images.reused),
    size(site.bytes.html),
    size(site.bytes.js),
    size(site.bytes.css),
    size(site.bytes.images),
    String(site.warnings),
  ];
}

/** Sizes in KB or MB (decimal, as CDNs and browsers' dev tools count them). */
function size(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1000).toFixed(1)} KB`;
}
