// How to cite a report of Bench Atlas: the original report first (its authors, title, upstream
// repository, path and commit), Bench Atlas's data second (the report's data version and page).
// Pure: report document (data/reports/<slug>.json) in, strings and objects out.
// Authors: lib/authors.mjs (metadata `authors`, else the repository owner; `authorsFrom` says which).
import { authorsOf, nameText } from '../lib/authors.mjs';

export { authorsOf };

/** The title of the work being cited: the report's own title where it has one, else the Atlas title. */
export const workTitle = (report) => report.report_title || report.title;

/** Year, month, day of an ISO-like date ("2015", "2015-12", "2019-05-15"), as numbers. */
export function dateParts(date) {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(String(date ?? ''));
  if (!m) return [];
  return m.slice(1).filter(Boolean).map(Number);
}

/** The page of a report on the published site. */
export const pageURL = (report, siteURL) => `${siteURL.replace(/\/?$/, '/')}reports/${report.slug}/`;

const keyOf = (text) => text.replace(/[^A-Za-z0-9.:-]/g, '-');

/** Citation key: the owner and the slug, in the characters BibTeX keys allow. */
export const citeKey = (report) => keyOf(`${report.source.repository.split('/')[0]}-${report.slug}`);

/**
 * The upstream part of a citation in plain text: authors, title, repository, path, commit, date and
 * URL (URLs in angle brackets, as RFC 3986 suggests for plain text, so no full stop sticks to them).
 */
export function credit(report) {
  const { names } = authorsOf(report);
  const s = report.source;
  const date = report.date ? ` (${report.date})` : '';
  const who = names.map(nameText).join(', ');
  return `${who}. “${workTitle(report)}”. ${s.repository}, ${s.path}, commit ${s.commit}${date}. <${s.url}>`;
}

/** Plain-text citation: the report, then Bench Atlas's data of it. */
export function plainText(report, siteURL) {
  const data = `Bench Atlas, “${report.title}”, data version ${report.version}`;
  return `${credit(report)}. Data: ${data}. <${pageURL(report, siteURL)}>`;
}

const BIB_ESCAPES = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/**
 * Escape text for a brace-delimited BibTeX field: LaTeX's special characters become commands, and
 * a straight double quote is braced ({"}) so that babel's shorthands cannot take it.
 */
export function bibEscape(text) {
  return String(text).replace(/[\\{}&%$#_~^"]/g, (c) => (c === '"' ? '{"}' : BIB_ESCAPES[c]));
}

/** A URL in a BibTeX field: only what would break the field or LaTeX is escaped. */
const bibURL = (url) => String(url).replace(/[%#{}\\]/g, (c) => `\\${c}`);

/** Organisations braced whole ({CloudI}), people as "Family, Given"; joined with "and". */
const bibName = (n) =>
  n.literal ? `{${bibEscape(n.literal)}}` : [n.family, n.given].filter(Boolean).map(bibEscape).join(', ');
const bibAuthors = (names) => names.map(bibName).join(' and ');

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function bibEntry(type, key, fields) {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `  ${k.padEnd(12)} = ${/^[a-z]{3}$/.test(v) && k === 'month' ? v : `{${v}}`}`);
  return `@${type}{${key},\n${lines.join(',\n')}\n}\n`;
}

/** BibTeX: a @misc entry for the report, and one for Bench Atlas's data of it. */
export function bibtex(report, siteURL) {
  const { names, from } = authorsOf(report);
  const s = report.source;
  const [year, month] = dateParts(report.date);
  const [addedYear] = dateParts(report.added);
  const key = citeKey(report);
  const upstream = bibEntry('misc', key, {
    author: bibAuthors(names),
    title: `{${bibEscape(workTitle(report))}}`,
    year: year ? String(year) : undefined,
    month: month ? MONTHS[month - 1] : undefined,
    howpublished: `GitHub repository ${bibEscape(s.repository)}, file ${bibEscape(s.path)}`,
    url: bibURL(s.url),
    note: `Commit ${s.commit}${from === 'repository owner' ? '. Authors given as the repository owner' : ''}`,
  });
  const atlas = bibEntry('misc', keyOf(`benchatlas-${report.slug}`), {
    author: '{Bench Atlas}',
    title: `{${bibEscape(report.title)}}`,
    year: addedYear ? String(addedYear) : undefined,
    version: bibEscape(report.version),
    howpublished: 'Bench Atlas',
    url: bibURL(pageURL(report, siteURL)),
    note:
      `Data version ${bibEscape(report.version)}, from ${bibEscape(s.repository)} at commit ${s.commit}; ` +
      `cite with \\cite{${key}}`,
  });
  return `${upstream}\n${atlas}`;
}

/** CSL-JSON (an array of two items): the report, then Bench Atlas's data of it. */
export function cslJson(report, siteURL) {
  const { names, from } = authorsOf(report);
  const s = report.source;
  const issued = dateParts(report.date);
  const added = dateParts(report.added);
  return [
    {
      id: citeKey(report),
      type: 'report',
      title: workTitle(report),
      author: names,
      ...(issued.length ? { issued: { 'date-parts': [issued] } } : {}),
      publisher: 'GitHub',
      archive: s.repository,
      archive_location: `${s.path}@${s.commit}`,
      URL: s.url,
      note: `Commit ${s.commit}${from === 'repository owner' ? '. Authors given as the repository owner' : ''}`,
    },
    {
      id: keyOf(`benchatlas-${report.slug}`),
      type: 'dataset',
      title: report.title,
      author: [{ literal: 'Bench Atlas' }],
      ...(added.length ? { issued: { 'date-parts': [added] } } : {}),
      publisher: 'Bench Atlas',
      version: report.version,
      URL: pageURL(report, siteURL),
      note: `Data from ${s.repository}, ${s.path}, commit ${s.commit}`,
    },
  ];
}

/** Everything the site shows and serves for one report. */
export function citation(report, siteURL) {
  const { names, from } = authorsOf(report);
  return {
    key: citeKey(report),
    authors: names.map(nameText),
    authorsFrom: from,
    credit: credit(report),
    text: plainText(report, siteURL),
    bibtex: bibtex(report, siteURL),
    csl: JSON.stringify(cslJson(report, siteURL), null, 2) + '\n',
  };
}
