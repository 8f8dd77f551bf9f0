import { describe, expect, it } from 'vitest';
import { parseYamlSource } from './yaml-source.ts';

const errors = (text: string) => parseYamlSource('catalogs/x.yaml', text).diagnostics.map(({ line, col, path, message }) => ({ line, col, path, message }));

describe('YAML syntax mistakes, once each, where they are written', () => {
  it('names a field indented one space less than its neighbours, at its line, with both indentations', () => {
    const text = 'products:\n  - code: K500\n    name: Polo\n   sizes: { Small: 1 }\n  - code: K501\n    name: Tee\n';
    expect(errors(text)).toEqual([
      {
        line: 4,
        col: 4,
        path: 'products[0].name',
        message:
          'this line is indented by 3 spaces, between the line above (4 spaces) and the level around it (2 spaces); line it up with the fields it belongs with',
      },
    ]);
  });

  it('names a field indented one space more, not the line above where the parser notices it', () => {
    const text = 'title: Store\nstores:\n  - code: AAAAAA\n    name: One\n     password: abcdefghijk\n  - code: BBBBBB\n';
    expect(errors(text)).toEqual([
      expect.objectContaining({ line: 5, col: 6, message: expect.stringMatching(/^this line is indented by 5 spaces, the line above by 4 spaces; /) }),
    ]);
  });

  it('reads past a value written over two lines to the mistake the parser stopped at', () => {
    const text = 'products:\n  - code: K500\n    description: a long\n      text on two lines\n    name: Polo\n     fullname: Sport Polo\n';
    expect(errors(text)).toEqual([expect.objectContaining({ line: 6, col: 6, path: 'products[0].name' })]);
  });

  it('leaves text YAML allows alone: a value written over two lines, a list opening under its key', () => {
    expect(errors('description: a long\n  text\nstores:\n- code: AAAAAA\n  name: One\nsizes: {\n   Small: 1 }\n')).toEqual([]);
  });

  it('says an unclosed quote or bracket where it was opened, not where the parser gave up', () => {
    expect(errors('title: "Store\ncatalog: default\nstores: []\n')).toEqual([
      { line: 1, col: 8, path: 'title', message: 'the text opened with " here is not closed: end it with " on the same line' },
    ]);
    expect(errors('colors: [Navy, Black\nsizes: { Small: 1 }\n')).toEqual([
      { line: 1, col: 9, path: 'colors', message: 'the list opened with [ here is not closed: end it with ] on the same line' },
    ]);
  });

  it('reads a decimal comma between braces as the mistake it is, not as a size "99" without a price', () => {
    expect(errors('sizes: { Small: 12,99, Medium: 13.5 }\n')).toEqual([
      {
        line: 1,
        col: 17,
        path: 'sizes.Small',
        message: '12,99 is read as 12 and a second entry "99", since a comma separates entries between { }; write the price with a decimal point: 12.99',
      },
    ]);
    // A price list without the mistake: a size whose label is a number is a print run, and fine.
    expect(errors('sizes: { "500": 1.29, "1000": 0.99 }\nother: { a: 1, 2: 3 }\n')).toEqual([]);
  });

  it('still reports each duplicate key, each its own mistake', () => {
    expect(errors('title: A\ntitle: B\ncatalog: x\ncatalog: y\n').map((e) => e.line)).toEqual([2, 4]);
  });
});
