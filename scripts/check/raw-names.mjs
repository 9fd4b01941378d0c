// Raw field names in the text a reader sees: a page writes a column by its title in the data
// dictionary ("Receiver kind", "Successful requests/s"), never by its name in the CSVs
// (receiver_kind, requests_per_second). Pure: a page's HTML and the names in, the names found out.
// Not read: code (<code>, <pre>, <kbd>, <samp>: a name there is shown as code, on purpose), the
// report's own words (<blockquote>), drawings (<svg>), scripts, styles, templates, <head> and
// hidden elements; attributes are never text. Only names with an underscore are looked for: a
// one-word name ("senders", "language") is also an ordinary word.
import { parseHtml } from './html.mjs';

const SKIP = new Set(['code', 'pre', 'kbd', 'samp', 'blockquote', 'svg', 'script', 'style', 'template', 'head']);

/**
 * Names CloudI's and the reports' own words use as they are, outside code: the name of a CloudI
 * service option (duo_mode) and of a service (cloudi_service_queue) are what the reports call them.
 */
export const REPORT_WORDS = new Set(['duo_mode']);

/** The field names of the table schemas that a page must not show raw: those with an underscore. */
export function rawNamesOf(schemas) {
  const names = new Set();
  for (const s of Object.values(schemas))
    for (const f of s.fields ?? []) if (f.name.includes('_') && !REPORT_WORDS.has(f.name)) names.add(f.name);
  return names;
}

function visibleText(node, out) {
  if (node.tagName && (SKIP.has(node.tagName) || node.attrs?.some((a) => a.name === 'hidden'))) return;
  if (node.nodeName === '#text') out.push(node.value);
  for (const c of node.childNodes ?? []) visibleText(c, out);
  return out;
}

/**
 * The raw names a page shows, each with a little of the text around it.
 * @param {string} html
 * @param {Set<string>} names
 * @returns {{ name: string, context: string }[]}
 */
export function rawNamesIn(html, names) {
  const text = visibleText(parseHtml(html), []).join(' ').replace(/\s+/g, ' ');
  const found = [];
  for (const m of text.matchAll(/[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+/g)) {
    const before = text[m.index - 1] ?? ' ';
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    // Part of a path, an address or a longer token (a file name, "x86_64"): not a field name.
    if (/[\w/.@-]/.test(before) || /^([\w/@-]|\.\w)/.test(after)) continue;
    if (names.has(m[0]))
      found.push({ name: m[0], context: text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20).trim() });
  }
  return found;
}
