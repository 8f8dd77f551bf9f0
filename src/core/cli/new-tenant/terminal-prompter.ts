import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { input } from '@inquirer/prompts';

export interface Ask {
  message: string;
  /** What Enter keeps. */
  fallback: string | undefined;
  /** Why an answer is refused; the question is then asked again, the reason shown under it. */
  problem: (answer: string) => string | undefined;
}

export interface Prompter {
  /** The accepted answer, or undefined once the input ended or Ctrl-C was pressed. */
  ask(question: Ask): Promise<string | undefined>;
  close(): void;
}

/** Questions in a terminal, through @inquirer/prompts' line input. */
export function createPrompter(from: Readable, to: Writable): Prompter {
  // Inquirer waits on a closed input forever: its end aborts the question being asked, and every later one.
  const ended = new AbortController();
  const end = () => ended.abort();
  if (from.readableEnded) end();
  else from.once('end', end);
  return {
    async ask({ message, fallback, problem }) {
      try {
        return await input(
          // 'clear': a refused answer is typed again from scratch rather than appended to.
          { message, default: fallback, validate: (answer) => problem(answer) ?? true, theme: { validationFailureMode: 'clear' } },
          { input: from, output: keptOpen(to), signal: ended.signal },
        );
      } catch (error) {
        if (isStop(error)) return undefined;
        throw error;
      }
    },
    close: () => from.off('end', end),
  };
}

/** Ctrl-C (ExitPromptError) or the input's end (AbortPromptError). */
function isStop(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError';
}

/**
 * `to` behind a stream of its own: inquirer ends the output it is given when a question is
 * answered, which would close the command's output before its next question. The terminal's
 * width is passed on, which inquirer wraps its lines to.
 */
function keptOpen(to: Writable): Writable {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      to.write(chunk);
      done();
    },
  });
  return Object.defineProperty(sink, 'columns', { get: () => (to as Partial<NodeJS.WriteStream>).columns });
}
