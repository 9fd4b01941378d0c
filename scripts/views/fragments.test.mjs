// Unit tests of the HTML the views stage writes for pages: numbers printed as Hugo 0.168 prints them
// (the expected strings below were printed by Hugo itself: %v of a float64 and helpers/number.html),
// text escaped as html/template escapes it, and the rows of a table, a seed and a comparison as
// the templates they replace wrote them. The build's proof is a byte-identical public/ (see the
// commit that moved these loops out of the templates); these tests keep each rule from drifting.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { escape, goValue, readingNumber, seedLink, url } from './html.mjs';
import { comparisonRows, comparisonSummary, blockStarts, seedLines, tableRows } from './fragments.mjs';

describe('numbers as Hugo prints them', () => {
  test('%v of a float64: shortest digits, an exponent from a million up and below 0.0001', () => {
    const cases = [
      [0, '0'],
      [533, '533'],
      [999999, '999999'],
      [1e6, '1e&#43;06'],
      [1069773, '1.069773e&#43;06'],
      [1011024.7, '1.0110247e&#43;06'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [26.65, '26.65'],
      [-0.01, '-0.01'],
      [1e21, '1e&#43;21'],
    ];
    for (const [x, want] of cases) assert.equal(goValue(x), want, String(x));
  });
  test('helpers/number.html: thousands separators, two decimals at most, half away from zero', () => {
    const cases = [
      [0.125, '0.13'],
      [0.375, '0.38'],
      [1.005, '1'],
      [2.675, '2.68'],
      [100.125, '100.13'],
      [-1.125, '-1.13'],
      [155.848, '155.85'],
      [1069773, '1,069,773'],
      [1234567.891, '1,234,567.89'],
      [2.5, '2.5'],
      [-2.5, '-2.5'],
      [0.001, '0'],
    ];
    for (const [x, want] of cases) assert.equal(readingNumber(x), want, String(x));
  });
});

describe('text and links as html/template writes them', () => {
  test('the characters html/template escapes, and no others', () => {
    assert.equal(escape(`a<b>&"c'+d é –`), 'a&lt;b&gt;&amp;&#34;c&#39;&#43;d é –');
  });
  test('links start with the base path the site is published under', () => {
    assert.equal(url('/', 'seeds/x/#L3'), '/seeds/x/#L3');
    assert.equal(url('/bench-atlas/', 'seeds/x/#L3'), '/bench-atlas/seeds/x/#L3');
    assert.equal(seedLink('/a/', 'r', 7), '<a class="seed-link" href="/a/seeds/r/#L7">line 7</a>');
    assert.equal(seedLink('/', 'r', 7, 9), '<a class="seed-link" href="/seeds/r/#L7">line 7–9</a>');
  });
});

describe('the rows pages include', () => {
  test('a table: numbers with their raw value, text escaped, the source line linked from the seed', () => {
    const table = { columns: [{ numeric: false }, { numeric: true }], source_is_seed: true };
    const rows = [
      {
        line: 12,
        seed: 'seeds/x.md',
        cells: [
          { v: 'C++', t: 'C++' },
          { v: 1069773, t: '1,069,773' },
        ],
      },
    ];
    assert.equal(
      tableRows(table, rows, { slug: 'r', basePath: '/' }),
      '\n      <tr><td>C&#43;&#43;</td><td class="num" data-v="1.069773e&#43;06">1,069,773</td>' +
        '<td class="num" data-v="12"><a href="/seeds/r/#L12">line 12</a></td></tr>',
    );
    assert.match(
      tableRows({ ...table, source_is_seed: false }, rows, { slug: 'r', basePath: '/' }),
      /<td class="num" data-v="12">seeds\/x\.md:12<\/td><\/tr>$/,
    );
  });
  test('a seed: one anchor per line, the lines that produced data marked, the text escaped', () => {
    assert.equal(
      seedLines([
        { text: '<b>', used: false },
        { text: 'rate 5', used: true },
      ]),
      '<span id="L1" class="ln"><a href="#L1" class="lnum" aria-label="Line 1">1</a>&lt;b&gt;\n</span>' +
        '<span id="L2" class="ln used"><a href="#L2" class="lnum" aria-label="Line 2">2</a>rate 5\n</span>',
    );
  });
  const comparison = {
    id: 'k--a--b',
    columns: [
      { key: 'a', label: 'A, 2015', report: 'a', base: true },
      { key: 'b', label: 'B, 2017', report: 'b', base: false },
    ],
    rows: [
      {
        entity: 'c',
        entity_name: 'C',
        conditions: { senders: 2, duo_mode: false },
        values: [
          {
            column: 'a',
            value: 533,
            line: 47,
            ratio_to_base: null,
            per_core: { divisor: 20, value: 26.65, facts: [{ field: 'sockets', value: 2, line: 2 }] },
            per_ghz: null,
          },
          { column: 'b', value: null, reason: 'not measured' },
        ],
      },
    ],
  };
  test('a comparison: conditions by name, the ratio, per core with its facts, the source line', () => {
    const html = comparisonRows(comparison, { basePath: '/' });
    assert.match(html, /<td>duo_mode false, senders 2<\/td>/);
    assert.match(html, /<td class="num" data-v="533">533<\/td>\n {8}<td class="num">base<\/td>/);
    assert.match(html, /<td class="num" title="÷ 20: sockets 2">26\.65<\/td>\n {8}<td class="num">n\/a<\/td>/);
    assert.match(html, /<a class="seed-link" href="\/seeds\/a\/#L47">line 47<\/a>/);
    assert.match(html, /<td class="num">none<\/td><td class="num" colspan="5">not measured<\/td>/);
  });
  test('a comparison row names its conditions by their titles in the data dictionary', () => {
    const html = comparisonRows(comparison, { basePath: '/', titles: { duo_mode: 'Duo mode', senders: 'Senders' } });
    assert.match(html, /<td>Duo mode false, Senders 2<\/td>/);
  });
  test('a comparison as pages read it: no rows, their count and entities, each report`s first facts', () => {
    const s = comparisonSummary(comparison);
    assert.equal(s.rows, undefined);
    assert.equal(s.rows_count, 1);
    assert.deepEqual(s.entities, ['c']);
    assert.equal(s.columns[0].per_core.divisor, 20);
    assert.equal(s.columns[1].per_core, null);
  });
  // Two hyperfine runs (adventofcode-2021-01-speedtest.md lines 20 and 26: 4.1 ± 6.6 ms over 1,000
  // runs, 6.3 ± 0.3 ms over 247); scipy.stats.ttest_ind_from_stats: p = 1.5249047925857932e-24.
  const timed = {
    id: 'k--x--y--z',
    metric: { better: 'lower' },
    columns: [
      { key: 'x', label: 'X, 2021', report: 'x', base: true },
      { key: 'y', label: 'Y, 2022', report: 'y', base: false },
      { key: 'z', label: 'Z, 2023', report: 'z', base: false },
    ],
    rows: [
      {
        entity: 'e',
        entity_name: 'E',
        conditions: {},
        values: [
          { column: 'x', value: 4.1, line: 20, spread_kind: 'stdev', spread: 6.6, runs: 1000, ratio_to_base: null },
          { column: 'y', value: 6.3, line: 26, spread_kind: 'stdev', spread: 0.3, runs: 247, ratio_to_base: 1.537 },
          { column: 'z', value: 5, line: 3, ratio_to_base: 1.22 },
        ],
      },
    ],
  };
  test('each value of a comparison says whether it is beyond the noise of the base, by which test, and the page counts them', () => {
    const html = comparisonRows(timed, { basePath: '/' });
    const cells = [...html.matchAll(/<td class="noise">([^<]*)<\/td>/g)].map((m) => m[1]);
    assert.deepEqual(cells, [
      'base',
      'beyond noise (Welch&#39;s t-test, p &lt; 0.001)',
      'no spread stated: cannot tell',
    ]);
    assert.equal(
      comparisonSummary(timed).noise_text,
      '1 difference beyond noise (0 better, 1 worse than the base); 1 cannot tell (no spread stated)',
    );
  });
});

test("a line far into a table keeps the table's header and title in a line link's context", () => {
  const rows = Array.from({ length: 30 }, (_, i) => `    ${i}   ${i * 2}`);
  const texts = ['Rate', '----', '', '    conns  rate', ...rows, '', 'after'];
  const starts = blockStarts(texts);
  assert.deepEqual(starts.slice(0, 5), [0, 0, -1, 3, 3]);
  assert.equal(starts[33], 3);
  assert.equal(starts[34], -1);
  const html = seedLines(texts.map((text) => ({ text, used: false })));
  // Line 8 is 4 lines into its block: the usual context; line 12: 8 + 3 = 11 lines; line 34: capped.
  assert.match(html, /<span id="L8" class="ln">/);
  assert.match(html, /<span id="L12" class="ln ctx-11">/);
  assert.match(html, /<span id="L34" class="ln ctx-20">/);
  assert.match(html, /<span id="L36" class="ln">/);
});
