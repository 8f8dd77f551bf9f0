import { describe, expect, it } from 'vitest';
import { reattachCommand } from './orders-reattach.ts';

/** Arguments are checked before the data or the database is opened; each mistake is named with the usage. */
describe('npm run orders:reattach arguments', () => {
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await reattachCommand(args, { DATA_ROOT: '/nonexistent', SQLITE_PATH: '/nonexistent/orders.sqlite' }, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  it('names what is missing or contradictory, and exits 1', async () => {
    expect(await run('--from', 'old')).toMatchObject({ code: 1, output: expect.stringMatching(/^--to: name the tenant id to reattach the orders to\nUsage:/) });
    expect(await run('--to', 'new')).toMatchObject({ code: 1, output: expect.stringMatching(/^give either --from or --order, not both or neither/) });
    expect(await run('--from', 'old', '--order', 'x', '--to', 'new')).toMatchObject({
      code: 1,
      output: expect.stringMatching(/^give either --from or --order/),
    });
    expect(await run('--list', '--to', 'new')).toMatchObject({ code: 1, output: expect.stringMatching(/^--list takes no other option/) });
    expect(await run('--form', 'old')).toMatchObject({
      code: 1,
      output: expect.stringMatching(/Unknown option '--form'[\s\S]*npm run orders:reattach -- --from <old tenant id> --to <tenant id>/),
    });
  });

  it('refuses data that does not load before touching any database', async () => {
    const answer = await run('--list');
    expect(answer.code).toBe(1);
    expect(answer.output).toMatch(/^The data in \/nonexistent has errors; run npm run validate:/);
  });
});
