import { isMap, isPair, isScalar, visit, type Document, type LineCounter, type YAMLError } from 'yaml';

/** One syntax mistake, where a merchandiser has to change something, in their words. */
export interface SyntaxMistake {
  line: number;
  col: number;
  /**
   * An offset in the text whose data path says where the mistake is: the mistake's own, except
   * for an indentation mistake, which the parser reads into something else (`name: {"One password": …}`),
   * so the line above's.
   */
  pathAt: number;
  message: string;
}

/** A line of a YAML file reduced to what decides its structure. */
interface ContentLine {
  /** 1-based. */
  line: number;
  offset: number;
  indent: number;
  /** Without indentation, comment and trailing spaces. */
  content: string;
  /** `[` and `{` opened minus `]` and `}` closed, outside quotes. */
  brackets: number;
}

/** Splits off a comment and counts brackets, outside quotes: enough to follow a data file's structure. */
function readLine(text: string): { content: string; brackets: number } {
  let quote: string | undefined;
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return { content: text.slice(0, i).trimEnd(), brackets };
    else if (char === '[' || char === '{') brackets++;
    else if (char === ']' || char === '}') brackets--;
  }
  return { content: text.trimEnd(), brackets };
}

/**
 * The lines that carry block structure: blank and comment lines, the inside of a `|` or `>` text
 * and the continuation lines of a `[ ]` or `{ }` written over several lines are left out.
 */
function structuralLines(text: string): ContentLine[] {
  const out: ContentLine[] = [];
  let offset = 0;
  let blockTextIndent: number | undefined;
  let openBrackets = 0;
  text.split('\n').forEach((raw, index) => {
    const start = offset;
    offset += raw.length + 1;
    const indent = /^ */.exec(raw)![0].length;
    const { content, brackets } = readLine(raw.slice(indent));
    if (content === '' || raw[indent] === '\t') return;
    if (blockTextIndent !== undefined && indent > blockTextIndent) return;
    blockTextIndent = undefined;
    const inFlow = openBrackets > 0;
    openBrackets = Math.max(0, openBrackets + brackets);
    if (inFlow) return;
    if (/[:-]\s*[|>][-+0-9]*$/.test(content)) blockTextIndent = indent;
    out.push({ line: index + 1, offset: start + indent, indent, content, brackets });
  });
  return out;
}

/** The columns a line opens for the lines after it: its own, and after `- ` the item's fields'. */
function levelsOf(line: ContentLine): number[] {
  const levels = [line.indent];
  let rest = line.content;
  let at = line.indent;
  while (/^-( +|$)/.test(rest)) {
    const dash = /^-( *)/.exec(rest)![0].length;
    at += dash;
    rest = rest.slice(dash);
    if (rest !== '') levels.push(at);
  }
  return levels;
}

/** Whether the lines after this one may be indented further: a `key:` or `-` with nothing after it. */
function opensBlock(line: ContentLine): boolean {
  return /(^|:|\s)-$/.test(line.content) || line.content === '-' || /:$/.test(line.content) || /^[?]/.test(line.content);
}

const spaces = (count: number) => `${count} space${count === 1 ? '' : 's'}`;

/**
 * The first line whose indentation fits no structure around it, at or just after `nearLine` (where
 * the parser noticed; it notices an indented line as a problem of the line before): indented more
 * than the line above without a `key:` that opens it, or to a column between two open levels.
 */
export function indentationMistake(text: string, nearLine: number): SyntaxMistake | undefined {
  const open: number[] = [];
  let previous: ContentLine | undefined;
  for (const line of structuralLines(text)) {
    let mistake: string | undefined;
    if (previous) {
      const above = Math.max(...levelsOf(previous));
      if (line.indent > above && !opensBlock(previous)) {
        mistake = `this line is indented by ${spaces(line.indent)}, the line above by ${spaces(above)}; a field starts in the same column as the fields beside it, and further in only under a "key:" with nothing after it`;
      } else if (line.indent <= above) {
        while (open.length > 0 && open[open.length - 1]! > line.indent) open.pop();
        const around = open[open.length - 1];
        if (around !== undefined && around !== line.indent) {
          mistake = `this line is indented by ${spaces(line.indent)}, between the line above (${spaces(above)}) and the level around it (${spaces(around)}); line it up with the fields it belongs with`;
        }
      }
    }
    if (mistake && line.line >= nearLine && line.line <= nearLine + 1)
      return { line: line.line, col: line.indent + 1, pathAt: previous!.offset, message: mistake };
    // Far from where the parser stopped, such a line is the rest of a text written over two lines, which YAML allows.
    if (mistake) continue;
    while (open.length > 0 && open[open.length - 1]! >= line.indent) open.pop();
    open.push(...levelsOf(line));
    previous = line;
  }
  return undefined;
}

/**
 * `{ Small: 12,99 }`: between braces a comma separates entries, so this is the price 12 and an
 * entry "99" with no value, which YAML accepts; a price with a decimal comma is what was meant.
 */
export function decimalCommaMistake(doc: Document, text: string, lineCounter: LineCounter): SyntaxMistake | undefined {
  // The mistake is written as digits, a comma and digits: a file without them (most) is not walked node by node.
  if (!/\d,\d/.test(text)) return undefined;
  let found: SyntaxMistake | undefined;
  visit(doc, {
    Map(_, map) {
      if (found || !isMap(map) || !map.flow) return undefined;
      map.items.forEach((pair, index) => {
        const before = map.items[index - 1];
        if (found || index === 0 || !isPair(before) || !isScalar(before.value) || typeof before.value.value !== 'number') return;
        if (!isScalar(pair.key) || pair.value !== null || !/^\d+$/.test(String(pair.key.source ?? pair.key.value))) return;
        const priceStart = before.value.range?.[0];
        const keyEnd = pair.key.range?.[1];
        if (priceStart === undefined || keyEnd === undefined) return;
        const written = text.slice(priceStart, keyEnd);
        if (!/^\d+,\d+$/.test(written)) return;
        const { line, col } = lineCounter.linePos(priceStart);
        found = {
          line,
          col,
          pathAt: priceStart,
          message: `${written} is read as ${written.split(',')[0]} and a second entry "${written.split(',')[1]}", since a comma separates entries between { }; write the price with a decimal point: ${written.replace(',', '.')}`,
        };
      });
      return undefined;
    },
  });
  return found;
}

/** The last line, at or before `line`, on which `opening` is left unbalanced: where a quote or bracket was opened. */
function openedOn(lines: string[], line: number, unbalanced: (text: string) => boolean): number {
  for (let at = Math.min(line, lines.length); at >= 1; at--) if (unbalanced(lines[at - 1]!)) return at;
  return line;
}

/**
 * A parser error other than an indentation one, in plain words, at the line where the mistake is
 * written (the parser notices an unclosed quote or bracket only lines later).
 */
export function plainParserError(error: YAMLError, text: string, lineCounter: LineCounter): SyntaxMistake {
  const { line, col } = lineCounter.linePos(error.pos[0]);
  const lines = text.split('\n');
  const lineStart = (at: number) => lineCounter.lineStarts[at - 1] ?? 0;
  const firstLine = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');

  const quote = /^Missing closing (["'])quote/.exec(firstLine)?.[1];
  if (quote) {
    const opened = openedOn(lines, line, (t) => (t.split(quote).length - 1) % 2 === 1);
    const at = lines[opened - 1]!.indexOf(quote) + 1;
    return {
      line: opened,
      col: at,
      pathAt: lineStart(opened) + at - 1,
      message: `the text opened with ${quote} here is not closed: end it with ${quote} on the same line`,
    };
  }
  const bracket = /end with an? ([\]}])/.exec(firstLine)?.[1];
  if (bracket) {
    const opening = bracket === ']' ? '[' : '{';
    const opened = openedOn(lines, line, (t) => readLine(t).brackets > 0);
    const at = Math.max(1, lines[opened - 1]!.indexOf(opening) + 1);
    const what = bracket === ']' ? 'list' : 'map';
    return {
      line: opened,
      col: at,
      pathAt: lineStart(opened) + at - 1,
      message: `the ${what} opened with ${opening} here is not closed: end it with ${bracket} on the same line`,
    };
  }
  if (error.code === 'TAB_AS_INDENT' || /^Tabs are not allowed/.test(firstLine)) {
    return { line, col, pathAt: error.pos[0], message: 'this line is indented with a tab; indent with spaces only' };
  }
  return { line, col, pathAt: error.pos[0], message: `YAML syntax error: ${firstLine}` };
}

/** Whether a parser error is one an indentation mistake causes, so that the indentation is looked at first. */
export function mayBeIndentation(error: YAMLError): boolean {
  return ['BAD_INDENT', 'BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY', 'MISSING_CHAR', 'UNEXPECTED_TOKEN', 'BAD_DIRECTIVE'].includes(error.code);
}
