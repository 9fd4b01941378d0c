// The search page's script: runs the reader's query against the Pagefind index (/pagefind/, built
// by scripts/search/build-search.mjs) with Pagefind's JS API and shows the results as a list of
// links with excerpts. Everything is built with DOM calls (no inline style, no HTML from the index
// but its <mark> highlights). The query lives in the URL (?q=...&type=...), so a search can be linked.
import * as params from '@params';

const form = document.querySelector('[data-search-form]');
const input = form.querySelector('input[name="q"]');
const type = form.querySelector('select[name="type"]');
const status = document.querySelector('[data-search-status]');
const box = document.querySelector('[data-search-results]');
const list = box.querySelector('ol');
const MAX = 20;
const LOADED = 300;

document.querySelector('[data-search-fallback]').hidden = true;
form.hidden = false;

let pagefind;
const load = async () => {
  if (!pagefind) {
    pagefind = await import(`${params.bundle}pagefind.js`);
    await pagefind.options({ baseUrl: params.base, excerptLength: 24 });
    await pagefind.init();
  }
  return pagefind;
};

/** An excerpt as nodes: its text, and <mark> for the words that matched (nothing else is kept). */
function excerptNodes(html) {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  return [...tpl.content.childNodes].map((n) => {
    if (n.nodeName === 'MARK') {
      const m = document.createElement('mark');
      m.textContent = n.textContent;
      return m;
    }
    return document.createTextNode(n.textContent);
  });
}

function resultItem(data) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = data.url;
  a.textContent = data.meta.title ?? data.url;
  const kind = document.createElement('span');
  kind.className = 'search-type';
  kind.textContent = data.meta.type ?? '';
  const p = document.createElement('p');
  p.className = 'search-excerpt';
  p.append(...excerptNodes(data.excerpt));
  li.append(a, ' ', kind, p);
  return li;
}

let current = 0;
async function run() {
  const q = input.value.trim();
  const only = type.value;
  const url = new URL(location.href);
  url.search = '';
  if (q) url.searchParams.set('q', q);
  if (only) url.searchParams.set('type', only);
  history.replaceState(null, '', url);
  const ticket = ++current;
  if (!q) {
    list.replaceChildren();
    box.hidden = true;
    status.textContent = '';
    return;
  }
  status.textContent = 'Searching…';
  try {
    const pf = await load();
    // The type is page metadata, read from each result (the index has no filter: see
    // layouts/_partials/search/meta.html); at most LOADED results are read to filter them.
    const found = await pf.search(q);
    const results = only ? found.results.slice(0, LOADED) : found.results.slice(0, MAX);
    let data = await Promise.all(results.map((r) => r.data()));
    if (only) data = data.filter((d) => d.meta.kind === only);
    const n = only ? data.length : found.results.length;
    data = data.slice(0, MAX);
    if (ticket !== current) return;
    list.replaceChildren(...data.map(resultItem));
    box.hidden = n === 0;
    const shown = n > MAX ? `, the first ${MAX} shown` : '';
    const count = `${n} result${n === 1 ? '' : 's'}`;
    status.textContent = n ? `${count} for “${q}”${shown}` : `Nothing found for “${q}”.`;
  } catch (err) {
    if (ticket !== current) return;
    status.textContent = 'Search could not load. Browse the reports and platforms from the menu instead.';
    console.warn('search failed:', err);
  }
}

let timer;
input.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(run, 200);
});
type.addEventListener('change', run);
form.addEventListener('submit', (e) => {
  e.preventDefault();
  clearTimeout(timer);
  run();
});

const start = new URLSearchParams(location.search);
input.value = start.get('q') ?? '';
type.value = start.get('type') ?? '';
if (input.value) run();
