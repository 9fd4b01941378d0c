import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { chartUrl, kindsJson, namesJson, spaced, termsJson } from './kinds.mjs';

const fragment = (url, meta) => zlib.gzipSync(`pagefind_dcd${JSON.stringify({ url, content: '', meta })}`);

test('kinds.json lists each kind of page with its result ids, sorted; a page without a kind is "other"', () => {
  const files = new Map([
    ['fragment/en_b.pf_fragment', fragment('/reports/x/', { kind: 'report', title: 'X' })],
    ['fragment/en_a.pf_fragment', fragment('/seeds/x/', { kind: 'seed' })],
    ['fragment/en_c.pf_fragment', fragment('/reports/y/', { kind: 'report' })],
    ['fragment/en_d.pf_fragment', fragment('/subjects/', {})],
    ['index/en_1.pf_index', zlib.gzipSync('x')],
  ]);
  assert.equal(kindsJson(files), '{"other":["en_d"],"report":["en_b","en_c"],"seed":["en_a"]}\n');
});

test('a chart embed page is indexed under its place in its report', () => {
  const html = '<main><div data-pagefind-body data-search-url="/reports/a-b/#rate-by-client"><h1>T</h1></div></main>';
  assert.equal(chartUrl(html), '/reports/a-b/#rate-by-client');
  assert.equal(chartUrl('<div data-pagefind-body><h1>T</h1></div>'), null);
});

test('names.json holds the title of each report, platform, subject and comparison, not of charts or report texts', () => {
  const files = new Map([
    [
      'fragment/en_b.pf_fragment',
      fragment('/platforms/p/', { kind: 'platform', title: 'IBM Power System S822 (POWER8)' }),
    ],
    ['fragment/en_a.pf_fragment', fragment('/seeds/x/', { kind: 'seed', title: 'X: the report as published' })],
    ['fragment/en_c.pf_fragment', fragment('/reports/x/#c', { kind: 'chart', title: 'A chart' })],
    ['fragment/en_d.pf_fragment', fragment('/subjects/erlang/', { kind: 'subject', title: 'Erlang' })],
  ]);
  assert.equal(namesJson(files), '{"en_b":"IBM Power System S822 (POWER8)","en_d":"Erlang"}\n');
});

test('the index reads a space after every block, so a term and its definition stay two phrases', () => {
  assert.equal(
    spaced('<dl><dt>System under test</dt><dd>Six clients</dd></dl><p>a<b>b</b></p>'),
    '<dl><dt>System under test</dt> <dd>Six clients</dd> </dl><p>a<b>b</b></p> ',
  );
});

test('terms.json holds subject and platform names whole and the words of named titles', () => {
  const files = new Map([
    [
      'fragment/en_b.pf_fragment',
      fragment('/platforms/p/', { kind: 'platform', title: 'IBM Power System S822 (POWER8)' }),
    ],
    ['fragment/en_d.pf_fragment', fragment('/subjects/mojito/', { kind: 'subject', title: 'Mojito' })],
    [
      'fragment/en_e.pf_fragment',
      fragment('/reports/h/', { kind: 'report', title: 'Mojito and seven clients (httpc_bench)' }),
    ],
    [
      'fragment/en_a.pf_fragment',
      fragment('/seeds/x/', { kind: 'seed', title: 'Hidden words: the report as published' }),
    ],
  ]);
  const terms = JSON.parse(termsJson(files));
  assert.deepEqual(
    terms,
    [
      'and',
      'clients',
      'httpc_bench',
      'IBM',
      'IBM Power System S822 (POWER8)',
      'Mojito',
      'Power',
      'POWER8',
      'S822',
      'seven',
      'System',
    ].sort(),
  );
});
