// What the search index records beside Pagefind's files, pure (build-search.mjs does the I/O):
// the address a chart is indexed under; kinds.json, the result ids of each kind of page, and
// names.json, the title of each report, platform, subject and comparison, which the search page
// (assets/js/search.js) orders, groups and filters results by; terms.json, the names a "did you
// mean" picks from (assets/js/suggest.js); and the page text as the index
// reads it, with a space after every block's end, so that words of adjacent blocks stay apart.
import zlib from 'node:zlib';

/** A fragment's JSON (gzipped "pagefind_dcd" + JSON). */
function fragmentOf(content) {
  const text = zlib.gunzipSync(content).toString('utf8');
  return JSON.parse(text.slice(text.indexOf('{')));
}

/** Pagefind's fragments as [result id, fragment], sorted by id. */
function fragments(files) {
  const out = [];
  for (const [p, content] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const m = /^fragment\/(.+)\.pf_fragment$/.exec(p);
    if (m) out.push([m[1], fragmentOf(content)]);
  }
  return out;
}

/** The address a chart embed page is indexed under: its chart in its report (data-search-url). */
export function chartUrl(html) {
  return /\sdata-search-url="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
}

/**
 * kinds.json: { <kind>: [result ids] }, kinds and ids sorted, from each fragment's "kind" metadata
 * (a fragment is gzipped "pagefind_dcd" + JSON); pages without one (the lists) under "other".
 * @param {Map<string, Uint8Array>} files Pagefind's files by path
 */
export function kindsJson(files) {
  const kinds = {};
  for (const [id, fragment] of fragments(files)) (kinds[fragment.meta?.kind ?? 'other'] ??= []).push(id);
  const sorted = Object.fromEntries(
    Object.keys(kinds)
      .sort()
      .map((k) => [k, kinds[k]]),
  );
  return `${JSON.stringify(sorted)}\n`;
}

/** The kinds of page whose title a query can match exactly (a chart or a report's text never does). */
export const NAMED = new Set(['report', 'platform', 'subject', 'comparison']);

/**
 * names.json: { <result id>: <title> } for the pages of NAMED kinds, sorted by id: a query that is
 * a page's title, or a platform's or subject's name, puts that page first.
 * @param {Map<string, Uint8Array>} files Pagefind's files by path
 */
export function namesJson(files) {
  const names = {};
  for (const [id, fragment] of fragments(files))
    if (NAMED.has(fragment.meta?.kind) && fragment.meta?.title) names[id] = fragment.meta.title;
  return `${JSON.stringify(names)}\n`;
}

/**
 * terms.json: the names a "did you mean" offers (assets/js/suggest.js): the title of every subject
 * and platform whole ("Mojito", "IBM Power System S822 (POWER8)"), and every word of three letters
 * or more, with a letter in it, of the titles of the NAMED kinds ("POWER8", "CloudI", "httpc_bench").
 * One spelling a word (the first in sorted order), sorted, so the same index gives the same file.
 * @param {Map<string, Uint8Array>} files Pagefind's files by path
 */
export function termsJson(files) {
  const terms = new Map();
  const add = (t) => {
    const k = t.toLowerCase();
    if (!terms.has(k) || t < terms.get(k)) terms.set(k, t);
  };
  for (const [, fragment] of fragments(files)) {
    const { kind, title } = fragment.meta ?? {};
    if (!NAMED.has(kind) || !title) continue;
    if (kind === 'subject' || kind === 'platform') add(title.trim());
    for (const w of title.split(/[^\p{L}\p{N}_.-]+/u).map((x) => x.replace(/^[.-]+|[.-]+$/g, '')))
      if (w.length >= 3 && /\p{L}/u.test(w)) add(w);
  }
  return `${JSON.stringify([...terms.values()].sort())}\n`;
}

/** Elements whose end ends a run of words, as a reader sees the page. */
const BLOCK_END = /<\/(address|blockquote|caption|dd|div|dt|figcaption|h[1-6]|li|p|pre|section|summary|td|th)>/gi;

/**
 * A page's HTML as the index reads it: a space after the end of every block, so that "System under
 * test" (a <dt>) and the <dd> after it are two phrases in an excerpt, not "testEight".
 * @param {string} html
 */
export function spaced(html) {
  return html.replace(BLOCK_END, '$& ');
}
