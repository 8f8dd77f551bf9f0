import type { Prompter } from './terminal-prompter.ts';

export const ABORTED = Symbol('aborted');

export interface Settle {
  given: string | undefined;
  /** What an invalid value is called in its message. */
  where: string;
  message: string;
  fallback?: string;
  check: (value: string) => string | undefined;
  prompter: Prompter | undefined;
  problems: string[];
  missing: string;
  say: (text: string) => void;
}

/**
 * One answer: the given value when valid; otherwise asked for in a terminal until the validator
 * accepts it, or the problem collected (and undefined returned) so that every problem is
 * reported at once.
 */
export async function settleAnswer({
  given,
  where,
  message,
  fallback,
  check,
  prompter,
  problems,
  missing,
  say,
}: Settle): Promise<string | undefined | typeof ABORTED> {
  if (given !== undefined) {
    const value = clean(given);
    const problem = check(value);
    if (problem === undefined) return value;
    if (!prompter) {
      problems.push(`${where} ${JSON.stringify(value)}: ${problem}`);
      return undefined;
    }
    say(`${where} ${JSON.stringify(value)}: ${problem}`);
  }
  if (!prompter) {
    problems.push(missing);
    return undefined;
  }
  const answer = await prompter.ask({ message, fallback, problem: (typed) => check(clean(typed)) });
  return answer === undefined ? ABORTED : clean(answer);
}

/** Surrounding spaces are never meant; '' or "" typed at a prompt means an empty value (the host root). */
function clean(value: string): string {
  const trimmed = value.trim();
  return trimmed === "''" || trimmed === '""' ? '' : trimmed;
}
