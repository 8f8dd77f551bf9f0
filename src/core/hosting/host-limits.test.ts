import { describe, expect, it } from 'vitest';
import { checkHostLimits, PAGES_LIMITS, type FolderFile } from './host-limits.ts';

/** A `_headers` text of n rules, one header each. */
function headersOf(rules: number): string {
  return Array.from({ length: rules }, (_, i) => `/t${i}/*\n  Cache-Control: public, max-age=0, must-revalidate`).join('\n');
}

/** n small files spread over the tenant folders named. */
function filesIn(folders: readonly string[], n: number): FolderFile[] {
  return Array.from({ length: n }, (_, i) => ({ path: `${folders[i % folders.length]}/page-${i}/index.html`, size: 1_000 }));
}

describe('Cloudflare Pages limits', () => {
  it('passes a folder within every limit and prints its figures', () => {
    const { problems, figures } = checkHostLimits('cloudflare-pages', { files: filesIn(['a', 'b'], 50), headers: headersOf(100), redirects: '/ /a/ 302\n' });
    expect(problems).toEqual([]);
    expect(figures).toContain('header rules: 100 of 100');
    expect(figures).toContain('files: 50 of 20,000 (free plan)');
    expect(figures).toContain('redirects: 1 static of 2,000, 0 dynamic of 100');
  });

  it('names the rule limit, the count found and the way out past 100 header rules', () => {
    const { problems } = checkHostLimits('cloudflare-pages', { files: [], headers: headersOf(182) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Cloudflare Pages keeps 100 header rules \(https:\/\/developers\.cloudflare\.com\/pages\/platform\/limits\/#headers\); this configuration has 182, .*npm run shared-host.*several Pages projects/,
    );
  });

  it('names a _headers line over 2,000 characters by its number', () => {
    const headers = `/*\n  Content-Security-Policy: ${'a'.repeat(2_000)}\n`;
    const { problems } = checkHostLimits('cloudflare-pages', { files: [], headers });
    expect(problems).toEqual([expect.stringMatching(/at most 2,000 characters .*; line 2 has 2,027\. Shorten that header value\.$/)]);
  });

  it('counts dynamic redirects apart from static ones', () => {
    const redirects = Array.from({ length: 101 }, (_, i) => `/old-${i}/* /new-${i}/:splat 301`).join('\n');
    const { problems, figures } = checkHostLimits('cloudflare-pages', { files: [], redirects });
    expect(figures).toContain('redirects: 0 static of 2,000, 101 dynamic of 100');
    expect(problems).toEqual([
      expect.stringMatching(/keeps 2,000 static and 100 dynamic redirects .*this _redirects has 0 static and 101 dynamic ones\. Use placeholders and splats/),
    ]);
  });

  it('past 20,000 files on the free plan proposes groups of tenants that each fit, or the paid plan', () => {
    const files = [{ path: '_headers', size: 10 }, { path: '404.html', size: 10 }, ...filesIn(['alpha', 'bravo', 'charlie'], 29_998)];
    const { problems } = checkHostLimits('cloudflare-pages', { files }, { name: (folder) => `--tenant ${folder}` });
    expect(problems).toHaveLength(1);
    const [message, ...groups] = (problems[0] as string).split('\n');
    // _headers is configuration, not an uploaded file; 404.html is.
    expect(message).toMatch(
      /^Cloudflare Pages \(free plan\) takes at most 20,000 files in a deployment \(.*#files\); this folder has 29,999\. Split the tenants over several Pages projects, .*--plan paid \(100,000 files\):$/,
    );
    expect(groups).toEqual(['  project 1 (20,000 files): --tenant alpha --tenant bravo', '  project 2 (10,000 files): --tenant charlie']);
    expect(checkHostLimits('cloudflare-pages', { files }, { plan: 'paid' }).problems).toEqual([]);
  });

  it('names a tenant that alone does not fit', () => {
    const { problems } = checkHostLimits('cloudflare-pages', { files: [...filesIn(['big'], 20_001), ...filesIn(['small'], 10)] });
    expect(problems[0]).toContain('  /big/ alone has 20,001 files: give it a host of its own');
    expect(problems[0]).toContain('  project 1 (10 files): /small/');
  });

  it('past 20,000 files for one tenant on a host of its own proposes no split, only the S3 layout or the paid plan', () => {
    const { problems } = checkHostLimits('cloudflare-pages', { files: filesIn(['assets', 'item'], 20_001) }, { alone: '--tenant first' });
    expect(problems).toEqual([
      expect.stringMatching(
        /this folder has 20,001\. It is one tenant \(--tenant first\), which no split makes smaller: give it a host of its own \(the S3 layout, docs\/publishing\.md\), or, on a Workers Paid plan, .*--plan paid \(100,000 files\)\.$/,
      ),
    ]);
  });

  it('names each file over 25 MiB with its size', () => {
    const files = [
      { path: 'guardian/assets/img/huge.jpg', size: PAGES_LIMITS.fileBytes + 1 },
      { path: 'guardian/index.html', size: PAGES_LIMITS.fileBytes },
    ];
    const { problems } = checkHostLimits('cloudflare-pages', { files });
    expect(problems).toEqual([
      'Cloudflare Pages serves files of at most 25.0 MiB (https://developers.cloudflare.com/pages/platform/limits/#file-size); guardian/assets/img/huge.jpg is 25.0 MiB. Make it smaller, or serve it from elsewhere (R2) and link to it there.',
    ]);
  });
});

describe('Netlify limits', () => {
  it('past 54,000 files in one directory names the directory', () => {
    const files = Array.from({ length: 54_001 }, (_, i) => ({ path: `guardian/assets/img/p-${i}.webp`, size: 100 }));
    const { problems, figures } = checkHostLimits('netlify', { files: [...files, { path: 'hoffman/index.html', size: 10 }], headers: headersOf(500) });
    expect(problems).toEqual([
      expect.stringMatching(
        /^Netlify takes at most 54,000 files in one directory \(https:\/\/docs\.netlify\.com\/site-deploys\/overview\/.*\); guardian\/assets\/img has 54,001\./,
      ),
    ]);
    expect(figures).toContain('fullest directory: 54,001 files (guardian/assets/img) of 54,000');
  });
});

describe('precompressed siblings', () => {
  it('are files either host would serve as they are: named, with the folder without them as the way out', () => {
    const files = ['index.html', 'index.html.br', 'assets/app.js', 'assets/app.js.gz', 'assets/app.js.br', 'downloads/price-list.csv.gz'].map((file) => ({
      path: file,
      size: 2_000,
    }));
    for (const host of ['cloudflare-pages', 'netlify'] as const) {
      const check = checkHostLimits(host, { files });
      expect(check.problems, host).toEqual([]);
      // A .gz without the file it would compress beside it is a file of its own, not a sibling.
      expect(check.servedWrongly, host).toEqual([
        expect.stringMatching(
          /^(Cloudflare Pages|Netlify) compresses by itself and serves a precompressed sibling as a file of its own \(\/index\.html\.br answers its compressed bytes as they are\); this folder has 3 \.br\/\.gz siblings\. Publish the folder npm run shared-host writes without them: .*--out <folder> --tenant <id> for a tenant without a route_prefix/,
        ),
      ]);
    }
    expect(checkHostLimits('netlify', { files: files.filter((file) => !/\.(br|gz)$/.test(file.path)) }).servedWrongly).toEqual([]);
  });
});
