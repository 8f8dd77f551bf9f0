import { describe, expect, it } from 'vitest';
import { cleanText } from './clean-text.ts';

describe('cleanText', () => {
  it('trims every string but passwords, and names each field with a control character or a lone surrogate', () => {
    const { body, problems } = cleanText({
      first_name: '  Ann ',
      password: ' spaced pw ',
      cart: [{ color: 'Navy\r\nTotal: $0.01' }, { color: 'ok' }],
      map: { 'K500 key': 'x\u0000' },
      last_name: 'Lee\ud800',
    });
    expect(body).toMatchObject({ first_name: 'Ann', password: ' spaced pw ', cart: [{}, { color: 'ok' }] });
    expect(problems).toEqual([
      'cart[0].color: must be one line of text, without control characters (line breaks, tabs)',
      'map["K500 key"]: must be one line of text, without control characters (line breaks, tabs)',
      'last_name: is not valid text (a lone UTF-16 surrogate)',
    ]);
  });

  it("keeps a carrier's CSV file its line breaks, tabs and byte-order mark, and still refuses other control characters in it", () => {
    const csv = '\uFEFForder_number,tracking_number\r\nA-1,1Z999\tX\n';
    expect(cleanText({ csv, dry_run: true })).toEqual({ body: { csv: csv.trim(), dry_run: true }, problems: [] });
    expect(cleanText({ csv: 'order_number\nA-1\u0000' }).problems).toEqual(['csv: must be text, without control characters other than line breaks and tabs']);
  });

  it('keeps a "__proto__" field a field of the body, never its prototype', () => {
    const { body } = cleanText(JSON.parse('{"__proto__": {"admin": " yes "}, "first_name": " Ann "}')) as { body: Record<string, unknown> };
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect((body as { admin?: unknown }).admin).toBeUndefined();
    expect(body.first_name).toBe('Ann');
  });

  it('keeps emoji and accents (well-formed surrogate pairs) as they are', () => {
    expect(cleanText({ first_name: 'René 🚗' })).toEqual({ body: { first_name: 'René 🚗' }, problems: [] });
  });
});

describe('cleanText and invisible characters', () => {
  it('refuses bidi controls and zero-width characters in names and addresses, naming the field and the character', () => {
    const { problems } = cleanText({
      first_name: 'Ann\u202Elee',
      last_name: 'Lee\u200B',
      email: 'ann\u2066@dealer.example',
      customer_po: '\uFEFFPO-1',
      cart: [{ embroidery: 'Shield\u200F' }],
      store: 'Ford\u061C',
    });
    const reason = (code: string) => `must not contain invisible or text-direction characters (found ${code}); type it again without them`;
    expect(problems).toEqual([
      `first_name: ${reason('U+202E')}`,
      `last_name: ${reason('U+200B')}`,
      `email: ${reason('U+2066')}`,
      `customer_po: ${reason('U+FEFF')}`,
      `cart[0].embroidery: ${reason('U+200F')}`,
      `store: ${reason('U+061C')}`,
    ]);
  });

  it('leaves secrets as typed, and right-to-left text without controls as it is', () => {
    expect(cleanText({ password: 'pass\u200Bword', admin_password: '\u202Eadmin' }).problems).toEqual([]);
    expect(cleanText({ first_name: 'שרה', last_name: 'علي' }).problems).toEqual([]);
  });
});
