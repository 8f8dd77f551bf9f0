/**
 * How deep a JSON text nests its lists and objects, measured on the text before it is parsed.
 * Parsing a body 150,000 levels deep works, but walking the value afterwards (trimming its
 * text, checking its schema) recurses once per level and overflows the stack: a 500 and a
 * logged crash for one request. This scan keeps a counter, not a stack, and stops at the first
 * level past the limit, so a body of any depth costs one pass over its characters.
 */

/** The offset of the first `[` or `{` that opens a level deeper than `maxDepth`, or -1 when none does. */
export function nestingPastLimit(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return -1;
}
