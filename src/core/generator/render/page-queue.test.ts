import { describe, expect, it } from 'vitest';
import { CHUNK_PAGES, PageQueue } from './page-queue.ts';

describe('a page queue shared between threads', () => {
  it('hands every page out once, in chunks, however the takers sharing its index take turns', () => {
    const pages = Array.from({ length: 5 * CHUNK_PAGES + 3 }, (_, index) => `page-${index}`);
    const here = new PageQueue(pages);
    // A helper thread is sent the same list and the shared index.
    const helper = new PageQueue(pages, here.shared);
    const taken: string[] = [];
    for (let turn = 0; ; turn++) {
      const chunk = (turn % 3 === 0 ? here : helper).take();
      if (!chunk) break;
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_PAGES);
      taken.push(...chunk);
    }
    expect(taken).toEqual(pages);
    expect(here.take()).toBeUndefined();
  });

  it('stops every taker once one stops it (a thread that failed)', () => {
    const pages = Array.from({ length: 4 * CHUNK_PAGES }, (_, index) => index);
    const here = new PageQueue(pages);
    const helper = new PageQueue(pages, here.shared);
    expect(helper.take()).toEqual(pages.slice(0, CHUNK_PAGES));
    here.stop();
    expect(helper.take()).toBeUndefined();
    expect(here.take()).toBeUndefined();
  });
});
