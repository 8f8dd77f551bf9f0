/**
 * The orders screen keeps per-order and per-line state (which orders are open, what is saving,
 * the lines being edited) in sets and records keyed by order. React state must be replaced,
 * never changed in place, so each update makes a copy.
 */

/** Where a line's edit state is kept: its order and its position in it. */
export function lineKey(key: string, index: number): string {
  return `${key}#${index}`;
}

/** Where the status editor's saving state is kept. */
export function statusKey(key: string): string {
  return `${key}#status`;
}

/** Where the whole-order edit's saving state is kept. */
export function wholeOrderKey(key: string): string {
  return `${key}#all`;
}

/** The set with `key` added when it was absent, removed when it was present. */
export function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** The set with `key` in it (`on`) or not. */
export function withMember(set: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/** The record without `key`. */
export function without<T>(record: Readonly<Record<string, T>>, key: string): Readonly<Record<string, T>> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
