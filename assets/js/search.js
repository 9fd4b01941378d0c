// The search page's script: runs the reader's query against the Pagefind index (/pagefind/, built
// by scripts/search/build-search.mjs) with Pagefind's JS API and shows the results as a list of
// links with excerpts. Everything is built with DOM calls (no inline style, no HTML from the index
// but its <mark> highlights). The query lives in the URL (?q=...&type=...), so a search can be linked.
// Results come in the order a reader wants them: reports and subjects first, then platforms,
// comparisons, charts (each opening in its report), report texts last; Pagefind's relevance orders
// results within each kind. The kind of every result id is in /pagefind/kinds.json (written by
// scripts/search/build-search.mjs), so ordering and the type filter load no result they do not show.
import * as params from '@params';

const form = document.querySelector('[data-search-form]');
const input = form.querySelector('input[name="q"]');
const type = form.querySelector('select[name="type"]');
const status = document.querySelector('[data-search-status]');
const box = document.querySelector('[data-search-results]');
const list = box.querySelector('ol');
const MAX = 20;
/** Rank of each kind of page in the results (a kind not listed comes before report texts). */
const RANK = { report: 0, subject: 0, platform: 1, comparison: 2, chart: 3, seed: 5 };
const OTHER = 4;

document.querySelector('[data-search-fallback]').hidden = true;
form.hidden = false;

let pagefind;
let kinds;
const load = async () => {
  if (!pagefind) {
    const [pf, byKind] = await Promise.all([
      import(`${params.bundle}pagefind.js`),
      fetch(`${params.bundle}kinds.json`).then((r) => {
        if (!r.ok) throw new Error(`kinds.json: HTTP ${r.status}`);
        return r.json();
      }),
    ]);
    await pf.options({ baseUrl: params.base, excerptLength: 24 });
    await pf.init();
    kinds = new Map(Object.entries(byKind).flatMap(([kind, ids]) => ids.map((id) => [id, kind])));
    pagefind = pf;
  }
  return pagefind;
};

/** Results by kind (RANK), then in Pagefind's order (a stable sort keeps it within a kind). */
function ordered(results) {
  const rank = (r) => RANK[kinds.get(r.id)] ?? OTHER;
  return results
    .map((r, i) => [rank(r), i, r])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , r]) => r);
}

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
    // The type of a result is in kinds.json (the index has no filter: see
    // layouts/_partials/search/meta.html), so only the results shown are loaded.
    const found = await pf.search(q);
    const results = ordered(only ? found.results.filter((r) => kinds.get(r.id) === only) : found.results);
    const n = results.length;
    const data = await Promise.all(results.slice(0, MAX).map((r) => r.data()));
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
