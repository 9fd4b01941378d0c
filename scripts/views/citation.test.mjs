// Unit tests of the citation formats: who is credited (metadata authors, else the repository owner),
// BibTeX escaping of LaTeX's special characters and quotes, balanced braces, and the CSL-JSON fields
// reference managers read (type, title, author, issued, URL, version).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorsOf, bibEscape, bibtex, citation, cslJson, dateParts, plainText } from './citation.mjs';

const SITE = 'https://example.org/atlas/';
const report = (over = {}) => ({
  slug: 'tricky-report',
  title: 'Atlas title',
  report_title: 'Throughput & latency: 100% of "fast_path" {v2} #1',
  date: '2015-12',
  added: '2026-11-21',
  version: '0a745aaa58c4',
  source: {
    repository: 'Some_Org/bench',
    path: 'docs/results_v1.md',
    commit: '71e59e19b5a39eb944237ab2e2aad3a921a9b859',
    url: 'https://github.com/Some_Org/bench/blob/71e59e19b5a39eb944237ab2e2aad3a921a9b859/docs/results_v1.md',
  },
  ...over,
});

/** Braces balance when escaped ones (\{ \}) are left out. */
function balanced(text) {
  let depth = 0;
  for (const c of text.replace(/\\[{}]/g, '')) {
    if (c === '{') depth++;
    if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

describe('authors', () => {
  test('without an authors list, the repository owner is credited, and the citation says so', () => {
    assert.deepEqual(authorsOf(report()), { names: [{ literal: 'Some_Org' }], from: 'repository owner' });
    const note = /note\s+= \{Commit 71e59e1[0-9a-f]+\. Authors given as the repository owner\}/;
    assert.match(bibtex(report(), SITE), note);
  });
  test('an authors list in the metadata is used as it is, people by family and given name', () => {
    const r = report({ authors: ['The CloudI project', { family: 'Truog', given: 'Michael' }] });
    assert.equal(authorsOf(r).from, 'metadata');
    assert.match(bibtex(r, SITE), /author\s+= \{\{The CloudI project\} and Truog, Michael\}/);
    const people = [{ literal: 'The CloudI project' }, { family: 'Truog', given: 'Michael' }];
    assert.deepEqual(cslJson(r, SITE)[0].author, people);
    assert.match(plainText(r, SITE), /^The CloudI project, Michael Truog\. /);
  });
});

describe('plain text', () => {
  test('names the upstream report first (authors, title, repository, path, commit) and the data version second', () => {
    const text = plainText(report(), SITE);
    const order = [
      'Some_Org',
      '“Throughput & latency',
      'Some_Org/bench',
      'docs/results_v1.md',
      'commit 71e59e19b5a3',
      'Bench Atlas',
      'data version 0a745aaa58c4',
      '<https://example.org/atlas/reports/tricky-report/>',
    ];
    const at = order.map((s) => text.indexOf(s));
    assert.ok(
      at.every((i) => i >= 0),
      `every part is there: ${text}`,
    );
    assert.deepEqual(
      at,
      [...at].sort((a, b) => a - b),
      'in that order',
    );
  });
  test('the report title stands in when the report has no title of its own', () => {
    assert.match(plainText(report({ report_title: null }), SITE), /“Atlas title”/);
  });
});

describe('BibTeX', () => {
  test('& % _ { } # $ ~ ^ and backslash are escaped', () => {
    assert.equal(
      bibEscape('a & b % c _ d { e } f # g $ h ~ i ^ j \\ k'),
      'a \\& b \\% c \\_ d \\{ e \\} f \\# g \\$ h \\textasciitilde{} i \\textasciicircum{} j \\textbackslash{} k',
    );
  });
  test('a title with quotes and special characters keeps its words, braced against babel and case changes', () => {
    const bib = bibtex(report(), SITE);
    assert.match(bib, /title\s+= \{\{Throughput \\& latency: 100\\% of \{"\}fast\\_path\{"\} \\\{v2\\\} \\#1\}\},/);
    assert.ok(balanced(bib), `braces balance:\n${bib}`);
  });
  test('two @misc entries: the report (date, repository, path, URL, commit), then Bench Atlas (version, page)', () => {
    const bib = bibtex(report(), SITE);
    const entries = bib.split(/\n(?=@)/);
    assert.equal(entries.length, 2);
    assert.match(entries[0], /^@misc\{Some-Org-tricky-report,/);
    assert.match(entries[0], /year\s+= \{2015\}/);
    assert.match(entries[0], /month\s+= dec,/);
    assert.match(entries[0], /howpublished = \{GitHub repository Some\\_Org\/bench, file docs\/results\\_v1\.md\}/);
    const upstream = /url\s+= \{https:\/\/github\.com\/Some_Org\/bench\/blob\/71e59e1[0-9a-f]+\/docs\/results_v1\.md\}/;
    assert.match(entries[0], upstream, 'URLs keep their underscores');
    assert.match(entries[1], /^@misc\{benchatlas-tricky-report,/);
    assert.match(entries[1], /version\s+= \{0a745aaa58c4\}/);
    assert.match(entries[1], /url\s+= \{https:\/\/example\.org\/atlas\/reports\/tricky-report\/\}/);
    assert.match(entries[1], /\\cite\{Some-Org-tricky-report\}/);
  });
  test('citation keys hold only letters, digits and . : -', () => {
    for (const m of bibtex(report(), SITE).matchAll(/^@misc\{([^,]+),/gm)) assert.match(m[1], /^[A-Za-z0-9.:-]+$/);
  });
  test('a year alone gives no month; a date BibTeX cannot read gives neither', () => {
    assert.doesNotMatch(bibtex(report({ date: '2016' }), SITE).split('\n\n')[0], /month/);
    assert.doesNotMatch(bibtex(report({ date: 'unknown' }), SITE).split('\n\n')[0], /year|month/);
  });
});

describe('CSL-JSON', () => {
  test('the report as a "report" item with author, title, issued date parts, repository, path@commit and URL', () => {
    const [item] = cslJson(report(), SITE);
    assert.equal(item.type, 'report');
    assert.equal(item.id, 'Some-Org-tricky-report');
    assert.equal(item.title, 'Throughput & latency: 100% of "fast_path" {v2} #1', 'CSL-JSON keeps the title unescaped');
    assert.deepEqual(item.author, [{ literal: 'Some_Org' }]);
    assert.deepEqual(item.issued, { 'date-parts': [[2015, 12]] });
    assert.equal(item.archive, 'Some_Org/bench');
    assert.equal(item.archive_location, 'docs/results_v1.md@71e59e19b5a39eb944237ab2e2aad3a921a9b859');
    assert.equal(item.URL, report().source.url);
  });
  test('Bench Atlas data as a "dataset" item with the data version and the page URL', () => {
    const [, data] = cslJson(report(), SITE);
    assert.equal(data.type, 'dataset');
    assert.equal(data.version, '0a745aaa58c4');
    assert.equal(data.URL, 'https://example.org/atlas/reports/tricky-report/');
    assert.deepEqual(data.issued, { 'date-parts': [[2026, 11, 21]] });
  });
  test('the file is valid JSON with a final newline, and the same input gives the same bytes', () => {
    const { csl } = citation(report(), SITE);
    assert.ok(csl.endsWith('\n'));
    assert.equal(JSON.parse(csl).length, 2);
    assert.equal(citation(report(), SITE).csl, csl);
  });
});

test('dateParts reads years, months and days', () => {
  assert.deepEqual(dateParts('2019-05-15'), [2019, 5, 15]);
  assert.deepEqual(dateParts('2017'), [2017]);
  assert.deepEqual(dateParts(null), []);
});
