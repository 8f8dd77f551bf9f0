import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stringLiteral } from './postgres-database.ts';

describe('stringLiteral', () => {
  it('writes every string as pg.escapeLiteral does, quotes, backslashes and all', () => {
    const alphabet = ["'", '\\', '"', 'a', 'É', '😀', '\n', ' ', '?', '$', ';', '-'];
    const samples = ["O'Brien", 'C:\\path', "\\'; DROP TABLE orders; --", '', 'plain'];
    for (let i = 0; i < 2_000; i++) samples.push(Array.from({ length: 1 + (i % 40) }, (_, j) => alphabet[(i * 7 + j * 13) % alphabet.length]).join(''));
    for (const sample of samples) expect(stringLiteral(sample)).toBe(pg.escapeLiteral(sample));
  });
});
