/** Where the dev server reports: every line, as information or as a problem. */
export type DevLog = (line: string, kind: 'info' | 'error') => void;

/** The terminal's: problems on stderr. */
export const consoleLog: DevLog = (line, kind) => (kind === 'error' ? console.error(line) : console.log(line));
