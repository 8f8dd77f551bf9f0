import { oneLine } from './order-email.ts';

/**
 * Text a buyer typed, as an e-mail to a typed address shows it: one line, at most `maxLength`
 * characters, and never a link. Mail programs turn anything that looks like an address into
 * one (`evil.example`, `http://…`, `name@host`), so a zero-width space goes after each dot that
 * is followed by a letter, after `@` and inside `://`: the text reads the same and links nowhere,
 * so the order API cannot carry a stranger's link from the supplier's address (docs/security.md).
 */
export function inertText(value: string, maxLength: number): string {
  const line = oneLine(value);
  const bounded = line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
  return bounded
    .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE}//`)
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/\.(?=\p{L})/gu, `.${ZERO_WIDTH_SPACE}`);
}

const ZERO_WIDTH_SPACE = '\u200B';

/** How long each kind of typed text may be in a buyer's e-mail. */
export const INERT_LENGTH = { name: 60, po: 40, note: 300 } as const;
