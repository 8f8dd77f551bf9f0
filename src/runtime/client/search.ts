import { attachSearchField } from './search-field.ts';

// The search page: the header's field, filled with the address's query, lists its results in
// the page (search-field.ts), at once and again as the buyer changes the words.
const form = document.querySelector<HTMLFormElement>('form[data-search-form]');
const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
if (form && input) {
  input.value = new URLSearchParams(window.location.search).get('q') ?? '';
  attachSearchField(form, input);
}
