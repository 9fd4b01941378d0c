// What the search index records beside Pagefind's files, pure (build-search.mjs does the I/O):
// the address a chart is indexed under, and kinds.json, the result ids of each kind of page, which
// the search page (assets/js/search.js) orders and filters results by.
import zlib from 'node:zlib';

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
  for (const [p, content] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const m = /^fragment\/(.+)\.pf_fragment$/.exec(p);
    if (!m) continue;
    const text = zlib.gunzipSync(content).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{')));
    const kind = fragment.meta?.kind ?? 'other';
    (kinds[kind] ??= []).push(m[1]);
  }
  const sorted = Object.fromEntries(
    Object.keys(kinds)
      .sort()
      .map((k) => [k, kinds[k]]),
  );
  return `${JSON.stringify(sorted)}\n`;
}
