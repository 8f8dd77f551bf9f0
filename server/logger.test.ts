import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('createLogger', () => {
  it('writes one JSON line per entry, an error with its message and stack', () => {
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line), { instance: 'a' });
    log.debug('not at this level');
    log.info('order placed', { orderId: 'o-1' });
    log.error('could not send', { error: new TypeError('socket closed') });
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
    const [placed, failed] = lines.map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(placed).toMatchObject({ level: 'info', msg: 'order placed', instance: 'a', orderId: 'o-1' });
    expect(failed.error).toMatchObject({ name: 'TypeError', message: 'socket closed' });
    expect(failed.error.stack).toContain('logger.test.ts');
  });

  it('loses no line written to stdout just before the process exits', () => {
    const logger = path.join(import.meta.dirname, 'logger.ts');
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { createLogger } = await import(${JSON.stringify(logger)}); const log = createLogger(); for (let i = 0; i < 3; i++) log.info('line ' + i); process.exit(0);`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(
      child.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['line 0', 'line 1', 'line 2']);
  });
});
