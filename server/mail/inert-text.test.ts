import { describe, expect, it } from 'vitest';
import { INERT_LENGTH, inertText } from './inert-text.ts';

/** What a mail program would make a link of: a scheme, an address, or a dotted name ending in letters. */
const LINKABLE = /[a-z]+:\/\/|[\w.-]@[\w-]|[\p{L}\d-]\.\p{L}{2,}/iu;

describe('text a buyer typed, in an e-mail to a typed address', () => {
  it('holds nothing a mail program makes a link of, and reads the same', () => {
    for (const typed of ['Visit https://evil.example/win now', 'www.evil.example', 'evil.example', 'write to prize@evil.example', 'EVIL.EXAMPLE/x']) {
      const shown = inertText(typed, INERT_LENGTH.note);
      expect(shown, typed).not.toMatch(LINKABLE);
      expect(shown.replace(/\u200B/g, '')).toBe(typed);
    }
  });

  it('keeps ordinary text as typed: a PO with dots and digits, a name', () => {
    expect(inertText('PO-2024.17', INERT_LENGTH.po)).toBe('PO-2024.17');
    expect(inertText("Ann O'Neil", INERT_LENGTH.name)).toBe("Ann O'Neil");
  });

  it('bounds its length, and flattens it to one line', () => {
    const shown = inertText(`${'spam '.repeat(200)}\nmore`, INERT_LENGTH.note);
    expect(shown.length).toBeLessThanOrEqual(INERT_LENGTH.note);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).not.toContain('\n');
  });
});
