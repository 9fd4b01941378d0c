import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { chartUrl, kindsJson } from './kinds.mjs';

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
