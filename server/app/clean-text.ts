/**
 * Every text field the API accepts is one line of text: names, store, PO, codes, passwords.
 * Control characters (line breaks, tabs, NUL, DEL) and lone UTF-16 surrogates have no place
 * in them; a carriage return in a name once forged lines in the order e-mail. Surrounding
 * spaces are trimmed before any length is checked, so a name of spaces is an empty name.
 * Outside the secrets, invisible characters that change how text reads are refused too: a
 * right-to-left override (U+202E) before `00.1$ :latoT` makes a name read `Total: $1.00` in the
 * e-mail and on the orders page, and zero-width characters make two names that look the same
 * differ. Secrets are compared as typed and never shown, so they are left as sent.
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Unicode's Bidi_Control characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and
 * the zero-width ones (U+200B–U+200D, U+2060, U+FEFF). Also used by the e-mail to neutralise
 * orders stored before this check.
 */
export const INVISIBLE_FORMATTING = /[\p{Bidi_Control}\u200B-\u200D\u2060\uFEFF]/u;

/**
 * A whole file's text (the desk's tracking CSV): its line breaks and tabs are its structure, and
 * a byte-order mark may start it; each value in it is checked on its own once it is parsed.
 */
const FILE_TEXT = new Set(['csv']);
const FILE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** Fields compared exactly as typed, so they are not trimmed. */
const UNTRIMMED = new Set(['password', 'admin_password']);

/** The body with every string trimmed, and each field that holds a character it may not, as `field: reason`. */
export function cleanText(body: unknown): { body: unknown; problems: string[] } {
  const problems: string[] = [];
  const walk = (value: unknown, path: string, key: string): unknown => {
    if (typeof value === 'string' && FILE_TEXT.has(key)) {
      if (FILE_CONTROL.test(value)) problems.push(`${path}: must be text, without control characters other than line breaks and tabs`);
      else if (LONE_SURROGATE.test(value)) problems.push(`${path}: is not valid text (a lone UTF-16 surrogate)`);
      return value.trim();
    }
    if (typeof value === 'string') {
      if (CONTROL.test(value)) problems.push(`${path}: must be one line of text, without control characters (line breaks, tabs)`);
      else if (LONE_SURROGATE.test(value)) problems.push(`${path}: is not valid text (a lone UTF-16 surrogate)`);
      else if (!UNTRIMMED.has(key) && INVISIBLE_FORMATTING.test(value)) problems.push(`${path}: ${invisibleProblem(value)}`);
      return UNTRIMMED.has(key) ? value : value.trim();
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${path}[${index}]`, key));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          name,
          walk(item, path === '' ? fieldName(name) : `${path}${/^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`, name),
        ]),
      );
    }
    return value;
  };
  const cleaned = walk(body, '', '');
  return { body: cleaned, problems };
}

function fieldName(name: string): string {
  return /^[A-Za-z_]\w*$/.test(name) ? name : `[${JSON.stringify(name)}]`;
}

function invisibleProblem(value: string): string {
  const found = INVISIBLE_FORMATTING.exec(value)![0];
  const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `must not contain invisible or text-direction characters (found ${code}); type it again without them`;
}
