// axe-core for the browser suites: its source read once per test process, injected into a page
// when that page does not have it yet.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core on the page as it is now, on the whole document or, given `scope` (a CSS
 * selector), on the first element it selects; its serious and critical violations, one line each.
 */
export async function seriousAxeViolations(page: Page, scope?: string): Promise<string[]> {
  // Evaluated, not added as a <script>: the pages' Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context: Document | Element, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const context = selector === null ? document : document.querySelector(selector);
    if (!context) throw new Error(`axe: nothing on the page matches ${selector}`);
    return (await axe.run(context, { resultTypes: ['violations'] })).violations;
  }, scope ?? null)) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
