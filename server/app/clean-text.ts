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

/** Printable ASCII and nothing else: the usual field, which none of the checks below can fault. */
const PLAIN = /^[\u0020-\u007e]*$/;

/** The body with every string trimmed, and each field that holds a character it may not, as `field: reason`. */
export function cleanText(body: unknown): { body: unknown; problems: string[] } {
  const problems: string[] = [];
  // The keys from the body down to the value being walked; a field's name is written out only for a problem.
  const at: (string | number)[] = [];
  const problem = (reason: string) => problems.push(`${fieldPath(at)}: ${reason}`);
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      const trimmed = UNTRIMMED.has(key) ? value : value.trim();
      if (PLAIN.test(value)) return trimmed;
      if (FILE_TEXT.has(key)) {
        if (FILE_CONTROL.test(value)) problem('must be text, without control characters other than line breaks and tabs');
        else if (LONE_SURROGATE.test(value)) problem('is not valid text (a lone UTF-16 surrogate)');
      } else if (CONTROL.test(value)) problem('must be one line of text, without control characters (line breaks, tabs)');
      else if (LONE_SURROGATE.test(value)) problem('is not valid text (a lone UTF-16 surrogate)');
      else if (!UNTRIMMED.has(key) && INVISIBLE_FORMATTING.test(value)) problem(invisibleProblem(value));
      return trimmed;
    }
    if (Array.isArray(value))
      return value.map((item, index) => {
        at.push(index);
        const cleaned = walk(item, key);
        at.pop();
        return cleaned;
      });
    if (value !== null && typeof value === 'object') {
      // Entries, not assignments: a "__proto__" field stays a field and sets no prototype.
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => {
          at.push(name);
          const cleaned = walk(item, name);
          at.pop();
          return [name, cleaned];
        }),
      );
    }
    return value;
  };
  const cleaned = walk(body, '');
  return { body: cleaned, problems };
}

/** ['cart', 2, 'size'] → `cart[2].size`; a name that is no identifier in brackets, quoted. */
function fieldPath(keys: readonly (string | number)[]): string {
  let out = '';
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_]\w*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

function invisibleProblem(value: string): string {
  const found = INVISIBLE_FORMATTING.exec(value)![0];
  const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `must not contain invisible or text-direction characters (found ${code}); type it again without them`;
}
