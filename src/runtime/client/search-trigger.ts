/**
 * The header's search field loads its code (MiniSearch, the rendering) and the tenant's index
 * only when the buyer first focuses or types in it: a page that is only looked at fetches
 * nothing of search, and keeps its few kilobytes of script.
 */
export function mountSearchField(doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('./search-field.ts').then(({ attachSearchField }) => attachSearchField(form, input));
  };
  input.addEventListener('focus', start);
  input.addEventListener('input', start);
  // Module scripts run after parsing: a buyer quick enough may already be in the field.
  if (doc.activeElement === input) start();
}
