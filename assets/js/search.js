// The search page's script: runs the reader's query against the Pagefind index (/pagefind/, built
// by scripts/search/build-search.mjs) with Pagefind's JS API and shows the results as a list of
// links with excerpts. Everything is built with DOM calls (no inline style, no HTML from the index
// but its <mark> highlights). The query lives in the URL (?q=...&type=...), so a search can be linked.
// Results come in the order a reader wants them: first the page the query names (a title typed
// whole, or a platform's or subject's name: "POWER8" is the POWER8 platform), then grouped by kind
// under a heading each: reports, subjects, platforms, comparisons, charts (each opening in its
// report), report texts last. The kinds with a page whose title names the query come before those
// that only mention it ("POWER8": the comparisons titled "... POWER8 ..." before the Python subject
// page), and within a group such pages come first, then Pagefind's relevance. A query that is
// none of the atlas's names but near one offers it ("mojto": did you mean Mojito?, suggest.js). The kind of every
// result id is in /pagefind/kinds.json and the title of every named page in /pagefind/names.json
// (written by scripts/search/build-search.mjs), so ordering and the type filter load no result they
// do not show. An excerpt that opens with the end of the page's own title starts after it.
import * as params from '@params';
import { suggest } from './suggest.js';

const form = document.querySelector('[data-search-form]');
const input = form.querySelector('input[name="q"]');
const type = form.querySelector('select[name="type"]');
const status = document.querySelector('[data-search-status]');
const box = document.querySelector('[data-search-results]');
const groups = box.querySelector('[data-search-groups]');
const MAX = 20;
/** The groups of results, in order: each kind of page with its heading (a kind not listed is "other"). */
const GROUPS = [
  ['best', 'Best match'],
  ['report', 'Reports'],
  ['subject', 'Subjects'],
  ['platform', 'Platforms'],
  ['comparison', 'Comparisons'],
  ['chart', 'Charts'],
  ['other', 'Other pages'],
  ['seed', 'Report texts'],
];
const RANK = Object.fromEntries(GROUPS.map(([kind], i) => [kind, i]));

document.querySelector('[data-search-fallback]').hidden = true;
form.hidden = false;

let pagefind;
let kinds;
let names;
let terms;
const json = (file) =>
  fetch(`${params.bundle}${file}`).then((r) => {
    if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
    return r.json();
  });
const load = async () => {
  if (!pagefind) {
    const [pf, byKind, byId, known] = await Promise.all([
      import(`${params.bundle}pagefind.js`),
      json('kinds.json'),
      json('names.json'),
      json('terms.json'),
    ]);
    terms = known;
    await pf.options({ baseUrl: params.base, excerptLength: 24 });
    await pf.init();
    kinds = new Map(Object.entries(byKind).flatMap(([kind, ids]) => ids.map((id) => [id, kind])));
    names = new Map(Object.entries(byId));
    pagefind = pf;
  }
  return pagefind;
};

/** Words only, lower case, one space apart: "IBM Power System S822 (POWER8)" -> "ibm power system s822 power8". */
const words = (s) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/\.(?!\p{N})/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');

/**
 * How exactly a result names the query: 0 its title is the query, 1 a platform's or subject's name
 * holds the query as whole words, 2 neither.
 */
function exactness(r, q) {
  const title = names.get(r.id);
  if (!title || !q) return 2;
  const t = words(title);
  if (t === q) return 0;
  const kind = kinds.get(r.id);
  return (kind === 'platform' || kind === 'subject') && ` ${t} `.includes(` ${q} `) ? 1 : 2;
}

/** The group of a result: "best" when it names the query, else its kind. */
function groupOf(r, q) {
  if (exactness(r, q) < 2) return 'best';
  const kind = kinds.get(r.id);
  return kind in RANK ? kind : 'other';
}

/** Whether a result's title names the query, as whole words ("... on the IBM Power System S822 (POWER8) to ..."). */
function titled(r, q) {
  const title = names.get(r.id);
  return Boolean(title && q) && ` ${words(title)} `.includes(` ${q} `);
}

/**
 * Results by group: the best match; then the groups (GROUPS order) that hold a page whose title
 * names the query; then the others, report texts last. Within a group, pages that name the query
 * in their title first, then in Pagefind's order (a stable sort keeps it).
 */
function ordered(results, q) {
  const naming = new Set(results.filter((r) => titled(r, q)).map((r) => groupOf(r, q)));
  const tier = (g) => (g === 'best' ? 0 : g === 'seed' ? 3 : naming.has(g) ? 1 : 2);
  const key = (r) => {
    const g = groupOf(r, q);
    return [tier(g), RANK[g], exactness(r, q), titled(r, q) ? 0 : 1];
  };
  return results
    .map((r, i) => [key(r), i, r])
    .sort((a, b) => a[0].reduce((d, x, k) => d || x - b[0][k], 0) || a[1] - b[1])
    .map(([, , r]) => r);
}

/** "Did you mean Mojito?": a link that runs the suggested query, or nothing. */
function suggestion(q) {
  const better = suggest(q, terms ?? []);
  if (!better) return [];
  const a = document.createElement('a');
  const url = new URL(location.href);
  url.searchParams.set('q', better);
  a.href = url.pathname + url.search;
  a.textContent = better;
  a.addEventListener('click', (e) => {
    e.preventDefault();
    input.value = better;
    run();
  });
  return [' Did you mean ', a, '?'];
}

/**
 * An excerpt as nodes: its text, and <mark> for the words that matched (nothing else is kept). An
 * excerpt that opens with the end of the page's title ("request rate on IBM POWER8. How many...")
 * starts after it: the title is above it, whole.
 */
function excerptNodes(html, title) {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const text = tpl.content.textContent;
  const end = text.search(/[.:] /);
  if (title && end > 0 && title.trim().endsWith(text.slice(0, end).trim())) {
    // Drop the first end + 2 characters, across the text and <mark> nodes they span.
    let drop = end + 2;
    for (const n of [...tpl.content.childNodes]) {
      if (drop <= 0) break;
      const len = n.textContent.length;
      if (len <= drop) n.remove();
      else n.textContent = n.textContent.slice(drop);
      drop -= len;
    }
  }
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
  p.append(...excerptNodes(data.excerpt, data.meta.title));
  li.append(a, ' ', kind, p);
  return li;
}

/** The results shown, as one list per group, each under its heading (h3). */
function groupLists(results, data, q) {
  const out = [];
  let list;
  let last;
  results.forEach((r, i) => {
    const group = groupOf(r, q);
    if (group !== last) {
      const h = document.createElement('h3');
      h.id = `search-group-${group}`;
      h.textContent = GROUPS[RANK[group]][1];
      list = document.createElement('ol');
      list.className = 'search-results';
      list.setAttribute('aria-labelledby', h.id);
      out.push(h, list);
      last = group;
    }
    list.append(resultItem(data[i]));
  });
  return out;
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
    groups.replaceChildren();
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
    const query = words(q);
    const results = ordered(only ? found.results.filter((r) => kinds.get(r.id) === only) : found.results, query);
    const n = results.length;
    const shownResults = results.slice(0, MAX);
    const data = await Promise.all(shownResults.map((r) => r.data()));
    if (ticket !== current) return;
    groups.replaceChildren(...groupLists(shownResults, data, query));
    box.hidden = n === 0;
    const shown = n > MAX ? `, the first ${MAX} shown` : '';
    const count = `${n} result${n === 1 ? '' : 's'}`;
    // A query that is none of the atlas's names but near one ("mojto") offers it, found or not.
    const offer = suggestion(q);
    status.replaceChildren(
      n ? `${count} for “${q}”${shown}${offer.length ? '.' : ''}` : `Nothing found for “${q}”.`,
      ...offer,
    );
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
