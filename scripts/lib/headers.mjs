// The `_headers` file of the site (built by Hugo from layouts/home.headers): the HTTP headers that
// hosts such as Netlify and Cloudflare Pages send with each path, read the way they read it, so the
// dev server (serve.mjs) sends the same headers and tests can check them. Pure: text in, rules out.
//
// The format: a line that starts at column 0 is a path pattern (`/*`, `/reports/*`, `/`); each
// indented `Name: value` line below it is a header for the paths it matches. `*` matches anything
// (a splat), `:name` one path segment; `#` starts a comment line. Every rule that matches a path
// applies to it.

/**
 * @typedef {{ pattern: string, match: RegExp, headers: Array<[string, string]> }} HeaderRule
 */

/** A path pattern of a `_headers` file as a regular expression over a URL's path. */
export function patternRegExp(pattern) {
  const body = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * Read a `_headers` file. A header line before any path, or a line that is neither, is an error
 * (a host would ignore it silently; here it is a bug in the template).
 * @param {string} text
 * @returns {HeaderRule[]}
 */
export function parseHeaders(text) {
  const rules = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || /^\s*#/.test(line)) return;
    if (!/^\s/.test(line)) {
      const pattern = line.trim();
      rules.push({ pattern, match: patternRegExp(pattern), headers: [] });
      return;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.*?)\s*$/.exec(line);
    if (!m || !rules.length)
      throw new Error(
        `_headers:${i + 1}: expected a path or an indented "Name: value" line under one, found ${JSON.stringify(line)}`,
      );
    rules.at(-1).headers.push([m[1], m[2]]);
  });
  return rules;
}

/**
 * The headers for a URL path: those of every rule that matches it, in the file's order. A header
 * that two matching rules set is joined with ", " (as the hosts do), so the template must set each
 * header once per path: the tests compare the result with what each page needs.
 * @param {HeaderRule[]} rules
 * @param {string} pathname the URL's path, as requested (no query)
 * @returns {Record<string, string>} header name -> value
 */
export function headersFor(rules, pathname) {
  const out = {};
  for (const rule of rules) {
    if (!rule.match.test(pathname)) continue;
    for (const [name, value] of rule.headers) out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** The header-only directive each page needs: an embed page (/charts/...) may be framed by any site, no other page. */
export const frameAncestorsOf = (pathname, base = '/') => (pathname.startsWith(`${base}charts/`) ? '*' : "'none'");

/**
 * What is wrong with the headers a page gets from `_headers`, or null: its Content-Security-Policy
 * must be the policy of its <meta> tag plus frame-ancestors (frameAncestorsOf), and nosniff set.
 * @param {HeaderRule[]} rules
 * @param {string} pathname the page's URL path (`/reports/x/`)
 * @param {string | undefined} metaPolicy the content of its <meta http-equiv="Content-Security-Policy">
 * @param {string} [base] the site's base path
 */
export function pageHeadersProblem(rules, pathname, metaPolicy, base = '/') {
  const h = headersFor(rules, pathname);
  if (metaPolicy === undefined) return 'expected a <meta http-equiv="Content-Security-Policy">, found none';
  const want = `${metaPolicy}; frame-ancestors ${frameAncestorsOf(pathname, base)}`;
  const csp = h['Content-Security-Policy'];
  if (csp !== want)
    return `expected _headers to send Content-Security-Policy ${JSON.stringify(want)}, found ${csp === undefined ? 'none' : JSON.stringify(csp)}`;
  if (h['X-Content-Type-Options'] !== 'nosniff')
    return 'expected _headers to send X-Content-Type-Options: nosniff, found none';
  return null;
}
