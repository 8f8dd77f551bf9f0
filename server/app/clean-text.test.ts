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

  it('keeps emoji and accents (well-formed surrogate pairs) as they are', () => {
    expect(cleanText({ first_name: 'René 🚗' })).toEqual({ body: { first_name: 'René 🚗' }, problems: [] });
  });
});
