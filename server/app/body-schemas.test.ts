import { describe, expect, it } from 'vitest';
import { validateBody } from './body-schemas.ts';
import { HttpError } from './http-error.ts';

/** The problems a body is refused with, or [] when it passes. */
function problemsOf(call: Parameters<typeof validateBody>[0], body: unknown): string[] {
  try {
    validateBody(call, body);
    return [];
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error.extra.problems as string[];
  }
}

describe('validateBody', () => {
  it("answers a body with a control character with its own problems, never the previous request's", () => {
    // One client's over-long password, then another client's name with a bell character.
    expect(problemsOf('session', { companyName: 'Bypass Motors', password: `${'p'.repeat(250)}-first-client` })).toEqual([
      `password: must be at most 200 characters, got "${'p'.repeat(60)}…"`,
    ]);
    expect(problemsOf('session', { companyName: 'Second\u0007Client', password: 'x' })).toEqual([
      'companyName: must be one line of text, without control characters (line breaks, tabs)',
    ]);
    // And the schema's own problems of that body still come with its text problems.
    expect(problemsOf('create-order', { first_name: 'Ann\u0000', last_name: 'Lee', email: 'not-an-address', companyName: 'X', cart: [] })).toEqual([
      'first_name: must be one line of text, without control characters (line breaks, tabs)',
      'email: must be an e-mail address, got "not-an-address"',
      'cart: must not be empty',
    ]);
    expect(problemsOf('session', { companyName: 'Bypass Motors', password: 'fine' })).toEqual([]);
  });
});
