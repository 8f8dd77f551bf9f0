/** `(min-width: 60em) 32rem, 90vw` at 0.1 → `(min-width: 60em) 3.2rem, 9vw`: the logo is that part of the picture's width. */
export function scaledSizes(sizes: string, factor: number): string {
  return topLevelParts(sizes)
    .map((part) => {
      const trimmed = part.trim();
      // A media condition starts with "(" and ends where that bracket closes; the length follows it.
      const conditionEnd = trimmed.startsWith('(') ? closingBracket(trimmed) + 1 : 0;
      const condition = trimmed.slice(0, conditionEnd);
      const length = trimmed.slice(conditionEnd).trim();
      const match = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(length);
      const scaled = match ? `${Number((Number(match[1]) * factor).toFixed(2))}${match[2]}` : `calc(${length} * ${factor.toFixed(3)})`;
      return condition ? `${condition} ${scaled}` : scaled;
    })
    .join(', ');
}

/** The parts of a list separated by commas outside brackets. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function closingBracket(text: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '(') depth++;
    else if (text[index] === ')' && --depth === 0) return index;
  }
  return text.length - 1;
}
