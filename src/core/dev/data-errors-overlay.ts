// Runs in the browser: `npm run dev`'s pages load it from Vite (/src/core/dev/data-errors-overlay.ts).
// The person reading it is a merchandiser who just saved a data file, not a developer: it says
// which lines of which files are wrong, in the validator's words, and what to do about them,
// and nothing about code or Vite's configuration (Vite's own error overlay does both).

/** The overlay's element name; one at a time. */
export const DATA_ERRORS_TAG = 'dealer-data-errors';

/** What to do, under the problem lines. */
export const DATA_ERRORS_ADVICE =
  'Open the file named at the start of each line, go to that line and column, correct it and save: this page updates itself within a second.';

const STYLE = `
:host { position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: flex-start; justify-content: center;
  padding: 5vh 16px; background: rgb(0 0 0 / 0.55); overflow: auto; font: 16px/1.5 system-ui, sans-serif; }
section { max-width: 960px; width: 100%; background: #fff; color: #1a1a1a; border-top: 6px solid #b42318; border-radius: 6px;
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.35); padding: 20px 24px; }
h2 { margin: 0 0 4px; font-size: 1.25rem; color: #b42318; }
p { margin: 8px 0; }
pre { margin: 12px 0; padding: 12px; background: #fdf2f1; border: 1px solid #f3c3bf; border-radius: 4px;
  font: 14px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
button { font: inherit; padding: 6px 16px; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
`;

/** Shows `lines` (`file:line:col  path  message`, as `npm run validate` prints them) over the page; none removes the overlay. */
export function showDataErrors(lines: readonly string[]): void {
  for (const old of document.querySelectorAll(DATA_ERRORS_TAG)) old.remove();
  if (lines.length === 0) return;
  const host = document.createElement(DATA_ERRORS_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const section = document.createElement('section');
  section.setAttribute('role', 'alertdialog');
  section.setAttribute('aria-labelledby', 'title');
  section.setAttribute('aria-describedby', 'advice');
  const title = element('h2', lines.length === 1 ? 'A data file has a mistake' : `The data files have ${lines.length} mistakes`);
  title.id = 'title';
  const shown = element('p', 'The page below shows the last version without mistakes.');
  const problems = element('pre', lines.join('\n'));
  const advice = element('p', DATA_ERRORS_ADVICE);
  advice.id = 'advice';
  const hide = element('button', 'Hide');
  hide.type = 'button';
  hide.addEventListener('click', () => host.remove());
  section.append(title, shown, problems, advice, hide);
  root.append(style, section);
  document.body.append(host);
  hide.focus();
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}
