import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
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

describe('the quick reading (js-yaml) and the document (yaml) agree', () => {
  const projectRoot = path.resolve(import.meta.dirname, '../../..');
  const yamlFiles = ['tenants', 'catalogs', 'tests/fixtures'].flatMap((folder) =>
    readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => path.join(folder, name)),
  );
  const documentOf = (text: string) => parseDocument(text, { uniqueKeys: true, prettyErrors: false });

  it('reads every data file of the project and of the tests to the same data, or reports what yaml reports', () => {
    expect(yamlFiles.length).toBeGreaterThan(30);
    for (const file of yamlFiles) {
      const text = readFileSync(path.join(projectRoot, file), 'utf8');
      const document = documentOf(text);
      const source = parseYamlSource(file, text);
      if (document.errors.length > 0) expect(source.diagnostics.length, file).toBeGreaterThan(0);
      // A decimal comma between { } is a mistake of ours that yaml does not call an error.
      else if (source.diagnostics.length === 0) expect(source.data, file).toEqual(document.toJS());
    }
  });

  it('reads the ways YAML writes numbers, booleans, nulls and text as yaml does', () => {
    const text = [
      'ints: [0, -12, +12, 0o17, 0x1F, 007, 1000000000000]',
      'floats: [1.5, .5, -0.0, 1e3, 2.5E-2, .inf, -.Inf, 38.770]',
      'words: [true, True, FALSE, yes, no, on, off, null, Null, ~, y, n, 1_000, 12:30]',
      'empty:',
      'quoted: ["a\\tb\\u00e9", \'it\'\'s\', "#not a comment", "a: b"]',
      'literal: |',
      '  line one',
      '    indented',
      '',
      '  after a blank',
      'folded: >-',
      '  folded',
      '  text',
      '',
      '  new paragraph',
      'kept: |+',
      '  keep',
      '',
      'plain: a long',
      '  text over lines # and a comment',
      '"<<": not a merge',
      '123: numeric key',
      'nested: { a: [1, { b: c }], "d e": f }',
      'list:',
      '- one',
      '-   two',
      '- - inner',
      'unicode: Café – 12″ “quoted”',
      'trailing: value   ',
      '',
    ].join('\n');
    const document = documentOf(text);
    expect(document.errors).toEqual([]);
    expect(parseYamlSource('catalogs/x.yaml', text).data).toEqual(document.toJS());
  });

  it('leaves to yaml what yaml refuses', () => {
    for (const text of ['a: 1\na: 2\n', 'a:\n\tb: 1\n', 'a: "open\nb: 1\n', 'a: &x 1\nb: *x\n', `${'k'.repeat(1100)}: 1\n`, 'a: b: c\n', 'a: 1\n---\nb: 2\n']) {
      const document = documentOf(text);
      const source = parseYamlSource('catalogs/x.yaml', text);
      if (document.errors.length > 0) expect(source.diagnostics.length, text).toBeGreaterThan(0);
      else expect(source.data, text).toEqual(document.toJS());
    }
  });
});
