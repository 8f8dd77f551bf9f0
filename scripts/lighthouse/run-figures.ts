// What `npm run lighthouse` keeps of one Lighthouse result, which run of several it reports,
// and which audits explain a score below the goals.
import type { Result } from 'lighthouse';

/** The goals, per page, on the mobile preset. */
export const GOALS = { performance: 98, accessibility: 100 } as const;

export interface RunFigures {
  /** 0–100, as the report shows them; null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Requests the page made to any other host, and their status (0: never answered). */
  otherOrigins: { url: string; status: number }[];
  /** Lighthouse's measure of the host CPU (under ~1000 it warns that the figures may be off). */
  benchmarkIndex: number;
  /**
   * The unthrottled load as observed: headless Chromium sometimes holds a page's first frame
   * back by a whole second or two after it loaded (lighthouse#17148, BeginFrame throttling),
   * and the simulation then counts everything that ran before that paint.
   */
  observedFcpMs: number;
  observedLoadMs: number;
}

export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  displayValue?: string;
}

export function runFigures(lhr: Result, pageOrigin: string): RunFigures {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
    otherOrigins: requests.filter((r) => /^https?:/.test(r.url) && new URL(r.url).origin !== pageOrigin).map((r) => ({ url: r.url, status: r.statusCode })),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    observedFcpMs: observed.observedFirstContentfulPaint ?? Number.NaN,
    observedLoadMs: observed.observedLoad ?? Number.NaN,
  };
}

/**
 * The run to report of several of one page: the one with the median performance score (the
 * lower middle of an even count), ties going to the median LCP. All its figures come from that
 * one real load, rather than medians of each column that no single load produced.
 */
export function medianRun<T extends { figures: RunFigures }>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => (a.figures.performance ?? -1) - (b.figures.performance ?? -1) || a.figures.lcpMs - b.figures.lcpMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no run to take the median of');
  return median;
}

export function meetsGoals(figures: RunFigures): boolean {
  return (figures.performance ?? 0) >= GOALS.performance && (figures.accessibility ?? 0) >= GOALS.accessibility;
}

/**
 * Why a page misses a goal: in each category below its goal, every audit that counts
 * towards it and did not pass (metrics and accessibility checks), then the performance
 * opportunities and diagnostics Lighthouse flags, which name the cause of a slow metric.
 */
export function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const [category, goal] of Object.entries(GOALS)) {
    const entry = lhr.categories[category];
    if (entry?.score !== null && entry?.score !== undefined && Math.round(entry.score * 100) >= goal) continue;
    for (const ref of entry?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= (ref.weight > 0 ? 1 : 0.9)) continue;
      if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
      failing.push({ category, id: audit.id, title: audit.title, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
    }
  }
  return failing;
}

/** The terminal's and docs/performance.md's table: one row per page, the reported run's figures. */
export function resultsTable(
  rows: { tenant: string; label: string; url: string; figures: RunFigures; performanceRange: [number, number] | undefined }[],
): string {
  const header = ['tenant', 'page', 'URL', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'total bytes'];
  const score = (value: number | null) => (value === null ? 'n/a' : String(value));
  const body = rows.map(({ tenant, label, url, figures, performanceRange }) => [
    tenant,
    label,
    url,
    performanceRange && performanceRange[0] !== performanceRange[1]
      ? `${score(figures.performance)} (${performanceRange[0]}–${performanceRange[1]})`
      : score(figures.performance),
    score(figures.accessibility),
    score(figures.bestPractices),
    score(figures.seo),
    `${(figures.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(figures.tbtMs)} ms`,
    figures.cls.toFixed(3),
    `${(figures.totalBytes / 1000).toFixed(1)} KB`,
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i < 3 ? '---' : '--:'))), ...body.map(line)].join('\n');
}
