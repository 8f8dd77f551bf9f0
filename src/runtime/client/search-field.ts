import MiniSearch from 'minisearch';
import { isStoreUnlocked } from '../../islands/shared/store-session.ts';
import {
  addStoreDocuments,
  FIELD_RESULT_LIMIT,
  findProducts,
  resultHref,
  SEARCH_OPTIONS,
  storeOfPage,
  type SearchDocument,
  type SearchPointer,
  type SearchResult,
  type SearchViewer,
} from '../../site/search-index.ts';
import { href } from '../../site/routes.ts';

/** A tenant's loaded index: the products a query finds, as the buyer may see them. */
export interface LoadedSearch {
  base: string;
  /** Who is searching: the store the page is for, and the password stores this browser has unlocked (their products fetched into the index). */
  viewer(storeCode: string | undefined): Promise<SearchViewer>;
  find(query: string, viewer: SearchViewer): SearchResult[];
}

let loading: Promise<LoadedSearch> | undefined;

/** Fetches the pointer, then the content-hashed index it names; once per page. */
export function loadSearch(pointerUrl: string): Promise<LoadedSearch> {
  loading ??= (async () => {
    const pointer = (await fetchOk(pointerUrl).then((response) => response.json())) as SearchPointer;
    const index = MiniSearch.loadJSON<SearchDocument>(await fetchOk(pointer.index).then((response) => response.text()), SEARCH_OPTIONS);
    const added = new Map<string, Promise<void>>();
    return {
      base: pointer.base,
      viewer: async (storeCode) => {
        const unlocked = Object.keys(pointer.passwordStores ?? {}).filter((code) => isStoreUnlocked(pointer.tenantId, code));
        for (const code of unlocked) {
          if (!added.has(code)) {
            const adding = addStoreProducts(index, pointer.passwordStores[code]!);
            // A failed fetch is tried again on the next key; until then the store's products are missing.
            adding.catch(() => added.delete(code));
            added.set(code, adding);
          }
        }
        await Promise.allSettled(unlocked.map((code) => added.get(code)));
        return { storeCode, unlocked: new Set(unlocked) };
      },
      find: (query, viewer) => findProducts(index, query, viewer),
    };
  })();
  // A failed fetch (offline, a deploy in between) is tried again on the next key.
  loading.catch(() => (loading = undefined));
  return loading;
}

async function addStoreProducts(index: MiniSearch<SearchDocument>, url: string): Promise<void> {
  addStoreDocuments(index, (await fetchOk(url).then((response) => response.json())) as SearchDocument[]);
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** The store the buyer chose: the one the current page is for (its catalog, or an item or search page opened for it). */
export function chosenStore(base: string): string | undefined {
  return storeOfPage(base, window.location.pathname, window.location.search);
}

/** What a results list shows; `limit` cuts it short with a link to every result on the search page. */
export function renderResults(
  container: HTMLElement,
  results: readonly SearchResult[],
  options: { query: string; base: string; viewer: SearchViewer; limit?: number },
): string {
  const { query, base, viewer, limit = Infinity } = options;
  const { storeCode } = viewer;
  container.replaceChildren();
  const summary =
    results.length === 0 ? `No product matches “${query}”.` : `${results.length} ${results.length === 1 ? 'product matches' : 'products match'} “${query}”.`;
  const list = element('ul', 'search-results__list');
  for (const result of results.slice(0, limit)) {
    const link = element('a', 'search-result');
    link.href = resultHref(base, result, viewer);
    if (result.image) {
      const image = element('img', 'search-result__image');
      image.src = result.image;
      image.alt = '';
      image.loading = 'lazy';
      link.append(image);
    }
    link.append(element('span', 'search-result__name', result.name));
    link.append(element('span', 'search-result__code', result.code));
    if (result.price) link.append(element('span', 'search-result__price', result.price));
    const item = element('li');
    item.append(link);
    list.append(item);
  }
  if (results.length === 0) container.append(element('p', 'search-results__none', summary));
  else container.append(list);
  if (results.length > limit) {
    const all = element('a', 'search-results__all', `See all ${results.length} results`);
    const params = new URLSearchParams({ q: query, ...(storeCode === undefined ? {} : { store: storeCode }) });
    all.href = `${href(base, { page: 'search' })}?${params}`;
    container.append(all);
  }
  return summary;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className) created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/**
 * Shows results as the buyer types: under the field in the header, or in the search page's
 * own list on that page. The field's form keeps the chosen store, so Enter opens the search
 * page for it.
 */
export function attachSearchField(form: HTMLFormElement, input: HTMLInputElement): void {
  const pageResults = document.querySelector<HTMLElement>('[data-search-results]');
  const panel = pageResults ?? form.querySelector<HTMLElement>('[data-search-panel]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  const pointerUrl = form.dataset.searchPointer;
  // The search page attaches at once, and the header's trigger again on focus: once is enough.
  if (!panel || !pointerUrl || form.hasAttribute('data-search-attached')) return;
  form.setAttribute('data-search-attached', '');
  // Started at once (the field has focus), asked again on each key: a failed load is tried anew.
  void loadSearch(pointerUrl).catch(() => undefined);
  let shown = '';
  const show = async () => {
    const query = input.value;
    let loaded: LoadedSearch;
    try {
      loaded = await loadSearch(pointerUrl);
    } catch {
      if (status) status.textContent = 'Search is not available right now.';
      return;
    }
    // Only the latest keystroke's results: an earlier one may finish later while the index loads.
    if (query !== input.value || query === shown) return;
    shown = query;
    const storeCode = chosenStore(loaded.base);
    keepStore(form, storeCode);
    const viewer = await loaded.viewer(storeCode);
    if (query !== input.value) return;
    if (query.trim() === '') {
      panel.hidden = !pageResults;
      panel.replaceChildren();
      if (status) status.textContent = '';
      return;
    }
    const summary = renderResults(panel, loaded.find(query, viewer), {
      query,
      base: loaded.base,
      viewer,
      limit: pageResults ? undefined : FIELD_RESULT_LIMIT,
    });
    panel.hidden = false;
    if (status) status.textContent = summary;
  };
  input.addEventListener('input', () => void show());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !pageResults) panel.hidden = true;
  });
  form.addEventListener('focusout', (event) => {
    if (!pageResults && !form.contains(event.relatedTarget as Node | null)) panel.hidden = true;
  });
  input.addEventListener('focus', () => {
    if (!pageResults && panel.childElementCount > 0 && input.value.trim() !== '') panel.hidden = false;
  });
  if (input.value !== '') void show();
}

/** The chosen store travels with the form to the search page. */
function keepStore(form: HTMLFormElement, storeCode: string | undefined): void {
  let field = form.querySelector<HTMLInputElement>('input[name="store"]');
  if (storeCode === undefined) return void field?.remove();
  if (!field) {
    field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'store';
    form.append(field);
  }
  field.value = storeCode;
}
