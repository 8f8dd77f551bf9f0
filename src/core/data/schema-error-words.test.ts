import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { wordSchemaError } from './schema-error-words.ts';

const typeError = (data: unknown, type = 'number'): ErrorObject => ({
  keyword: 'type',
  instancePath: '/sizes/Small',
  schemaPath: '#/type',
  params: { type },
  data,
});

describe('a number written with a comma', () => {
  it('gets the fix when the comma can only be a decimal comma', () => {
    expect(wordSchemaError(typeError('12,99')).message).toBe('must be a number, got "12,99" (use a decimal point: 12.99)');
    expect(wordSchemaError(typeError(' $7,5 ')).message).toBe('must be a number, got " $7,5 " (use a decimal point: 7.5)');
  });

  it('is not guessed when it may be a thousands separator, and other text gets no hint', () => {
    expect(wordSchemaError(typeError('1,299')).message).toBe(
      'must be a number, got "1,299" (write 1299 for a thousands figure or 1.299: no thousands separators, a decimal point)',
    );
    expect(wordSchemaError(typeError('call us')).message).toBe('must be a number, got "call us"');
    expect(wordSchemaError(typeError('12,99', 'string')).message).toBe('must be text, got "12,99"');
  });
});
