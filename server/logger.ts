/**
 * Structured logs: one JSON object per line on stdout (warnings and errors too), so a log
 * shipper can parse them and a person can still grep them. Never log passwords, codes or
 * whole request bodies.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = bufferedStdout(), base: Record<string, unknown> = {}): Logger {
  const log =
    (at: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (RANK[at] < RANK[level]) return;
      const entry = { time: new Date().toISOString(), level: at, msg, ...base, ...fields };
      // A replacer is called for every key of every line; only a line with an error needs one.
      write(`${Object.values(fields).some((value) => value instanceof Error) ? JSON.stringify(entry, errorFields) : JSON.stringify(entry)}\n`);
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger(level, write, { ...base, ...fields }),
  };
}

/**
 * Writes to stdout once an event-loop turn, not once a line: a pipe's write is a system call
 * on the event loop, two an order. Whatever is left is written as the process exits.
 */
function bufferedStdout(): (line: string) => void {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const lines = pending;
    pending = '';
    process.stdout.write(lines);
  };
  process.once('exit', flush);
  return (line) => {
    if (pending === '') setImmediate(flush);
    pending += line;
  };
}

/** Errors have no enumerable fields; log their message and stack. */
function errorFields(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** For tests and tools that want no output. */
export const silentLogger: Logger = createLogger('error', () => undefined);
