import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalBuildProgress } from './terminal-build-progress.ts';

/** A stream that says it is a terminal, and keeps what was drawn on it. */
function fakeTerminal() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120 }) as unknown as NodeJS.WriteStream;
  let drawn = '';
  stream.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
  return { stream, drawn: () => drawn };
}

describe('build progress on a terminal', () => {
  it('draws images n/N and pages n/N per tenant, then each phase with its summary', async () => {
    const { stream, drawn } = fakeTerminal();
    const progress = terminalBuildProgress(stream);
    progress.phaseStarted('images', 3);
    progress.imageDone();
    progress.imageDone();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(drawn()).toMatch(/images .* 2\/3/);
    progress.imageDone();
    progress.phaseEnded({ phase: 'images', variants: 30, encoded: 10, reused: 20 }, 1234);
    progress.phaseStarted('bundle');
    progress.phaseEnded({ phase: 'bundle', cached: true }, 20);
    progress.phaseStarted('pages');
    progress.siteStarted('guardian', 2);
    progress.pageDone('guardian');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(drawn()).toMatch(/pages guardian .* 1\/2/);
    progress.pageDone('guardian');
    progress.phaseEnded({ phase: 'pages', pages: 3, sites: 2, unchanged: 0 }, 500);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));

    expect(drawn()).toContain('✓ images           30 variants (10 encoded, 20 reused) in 1.2 s');
    expect(drawn()).toContain('✓ client bundle    reused from the cache in 0.0 s');
    expect(drawn()).toContain('✓ pages guardian   2 pages');
    expect(drawn()).toContain('✓ pages            3 pages of 1 tenant and the entry site in 0.5 s');
  });
});
