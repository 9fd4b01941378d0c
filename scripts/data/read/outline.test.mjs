// Tests of the document outline: headings of every markup (ATX, setext, RST underlines of any
// character, <summary>, <h2>, a bold line; never a log line), blocks with their lines, tables of
// every kind (GFM, RST grid and simple, HTML, whitespace-aligned) and one real README.
import { describe, test } from 'node:test';
import { runBounded } from '../../../tests/helpers/bounded.mjs';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outline, headingAbove, plainText, MAX_TABLE_COLUMNS } from './outline.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const doc = (...lines) => lines.join('\n') + '\n';
const heads = (o) => o.headings.map((h) => [h.line, h.depth, h.kind, h.text]);
const cells = (row) => row.map((c) => c.text);
const tables = (o) => o.blocks.filter((b) => b.type === 'table');

describe('headings', () => {
  test('ATX and setext headings come from the Markdown tree, inline markup removed', () => {
    const o = outline(doc('# Results for `fast` *lib*', '', 'Setext one', '==========', '', 'Setext two', '----------', '', 'text'));
    assert.deepEqual(heads(o), [
      [1, 1, 'atx', 'Results for fast lib'],
      [3, 1, 'setext', 'Setext one'],
      [6, 2, 'setext', 'Setext two'],
    ]);
    assert.equal(headingAbove(o, 9), 'Setext two');
    assert.equal(headingAbove(o, 2), 'Results for fast lib');
  });

  test('RST titles underlined (and overlined) with any punctuation, depth by first appearance', () => {
    const o = outline(
      doc('==========', 'Benchmarks', '==========', '', 'Setup', '~~~~~', '', 'Run one', '^^^^^^^', '', 'text', '', 'Run two', '^^^^^^^', '', 'Other', '~~~~~', '', 'Stars', '*****', '', 'Plus', '++++'),
    );
    assert.deepEqual(heads(o), [
      [2, 1, 'rst', 'Benchmarks'],
      [5, 2, 'rst', 'Setup'],
      [8, 3, 'rst', 'Run one'],
      [13, 3, 'rst', 'Run two'],
      [16, 2, 'rst', 'Other'],
      [19, 4, 'rst', 'Stars'],
      [22, 5, 'rst', 'Plus'],
    ]);
    assert.equal(headingAbove(o, 11), 'Run one');
  });

  test('<summary>, <details><summary>, <h3> and a bold line are headings', () => {
    const o = outline(
      doc('<details><summary>Single region result</summary>', '', 'x', '', '</details>', '', '<summary>Multi region <b>result</b></summary>', '', '<h3>HTML heading</h3>', '', '**Bold line**', '', '__Also bold__', '', 'a **bold** word in a sentence'),
    );
    assert.deepEqual(heads(o), [
      [1, 7, 'summary', 'Single region result'],
      [7, 7, 'summary', 'Multi region result'],
      [9, 3, 'html', 'HTML heading'],
      [11, 7, 'bold', 'Bold line'],
      [13, 7, 'bold', 'Also bold'],
    ]);
  });

  test('a log line is never a heading, even underlined', () => {
    const o = outline(doc('## raw query', '', 'Benchmark completed. Results saved to /tmp/out.json', '-----', '', 'Running 30s test @ http://x/', '', '2024-01-01 12:00:00 starting', '=========='));
    assert.deepEqual(heads(o).map((h) => h[3]), ['raw query']);
    assert.equal(headingAbove(o, 6), 'raw query');
  });

  test('a rule under several lines of output is not a setext heading', () => {
    const o = outline(doc('## raw query', '', 'Requests/sec:  82214.00', 'Transfer/sec:   14.62MB', '--------', '', 'wrk -t2'));
    assert.deepEqual(heads(o).map((h) => h[3]), ['raw query']);
  });

  test('a thematic break under a Markdown paragraph is no RST title (an RST underline is as long as its title)', () => {
    const o = outline(doc('# T', '', 'A paragraph of prose', '***', '', 'Sub', '---', ''));
    assert.deepEqual(heads(o), [
      [1, 1, 'atx', 'T'],
      [6, 2, 'setext', 'Sub'],
    ]);
  });

  test('a ~~~ code fence in Markdown stays a fence', () => {
    const o = outline(doc('# T', '', 'Example:', '~~~', 'code', '~~~', ''));
    assert.deepEqual(heads(o).map((h) => h[3]), ['T']);
    assert.ok(o.blocks.some((b) => b.type === 'code' && b.from === 4 && b.to === 6));
  });
});

describe('blocks and tables', () => {
  test('a GFM table: header and rows with lines, inline markup removed, under its heading', () => {
    const o = outline(doc('## Results', '', '| Name | Latency (ms) |', '|---|--:|', '| **a** `x` | 1.2 |', '| [b](http://b) | 2,500 |'));
    const [t] = tables(o);
    assert.deepEqual([t.from, t.to, t.heading, t.markup], [3, 6, 'Results', 'gfm']);
    assert.deepEqual(t.header, [{ text: 'Name', line: 3 }, { text: 'Latency (ms)', line: 3 }]);
    assert.deepEqual(t.rows.map(cells), [['a x', '1.2'], ['b', '2,500']]);
    assert.deepEqual(t.rows[1][1], { text: '2,500', line: 6 });
  });

  test('an RST grid table (multi-line cells joined) and a simple table', () => {
    const o = outline(
      doc('Results', '~~~~~~~', '', '+--------+-----------+', '| Server | Time (ms) |', '+========+===========+', '| nginx  | 1.5       |', '| 1.x    |           |', '+--------+-----------+', '| apache | 2.5       |', '+--------+-----------+', '', '=====  =====', 'Name   ops/s', '=====  =====', 'a      12', 'b      13', '=====  =====', ''),
    );
    const [grid, simple] = tables(o);
    assert.deepEqual([grid.from, grid.to, grid.markup, grid.heading], [4, 11, 'grid', 'Results']);
    assert.deepEqual(cells(grid.header), ['Server', 'Time (ms)']);
    assert.deepEqual(grid.rows.map(cells), [['nginx 1.x', '1.5'], ['apache', '2.5']]);
    assert.deepEqual(grid.rows.map((r) => r[0].line), [7, 10]);
    assert.deepEqual([simple.from, simple.to, simple.markup], [13, 18, 'simple']);
    assert.deepEqual(cells(simple.header), ['Name', 'ops/s']);
    assert.deepEqual(simple.rows.map(cells), [['a', '12'], ['b', '13']]);
    assert.equal(simple.rows[1][1].line, 17);
  });

  test('an HTML table: the text a reader sees (no <del>, hidden or display:none, no comments)', () => {
    const o = outline(doc('# H', '', '<table>', '<tr><th>Lib</th><th>Time (ms)</th></tr>', '<tr><td>x <del>old</del><!-- c --></td><td>12</td></tr>', '<tr><td hidden>no</td><td>y</td><td><span style="display: none">9</span>13</td></tr>', '</table>'));
    const [t] = tables(o);
    assert.deepEqual([t.from, t.to, t.markup, t.heading], [3, 7, 'html', 'H']);
    assert.deepEqual(cells(t.header), ['Lib', 'Time (ms)']);
    assert.deepEqual(t.rows.map(cells), [['x', '12'], ['y', '13']]);
    assert.equal(t.rows[1][1].line, 6);
  });

  test('whitespace-aligned tables in a code block and in plain text; prose and a log are not tables', () => {
    const o = outline(
      doc('# A', '', '```', 'Name        ops/s     Error', '--------    -----     -----', 'foo bar     1234.5    12.1', 'baz         99.0      1.0', '```', '', 'Retrieval  Model   Latency (ms)', 'BM25       N/A     39', 'HNSW       MiniLM  9', '', 'Completed  20/100  runs', 'a sentence  with two  spaces', ''),
    );
    const [code, plain] = tables(o);
    assert.deepEqual([code.from, code.to, code.markup], [4, 7, 'aligned']);
    assert.deepEqual(cells(code.header), ['Name', 'ops/s', 'Error']);
    assert.deepEqual(code.rows.map(cells), [['foo bar', '1234.5', '12.1'], ['baz', '99.0', '1.0']]);
    assert.deepEqual([plain.from, plain.to], [10, 12]);
    assert.deepEqual(plain.rows.map(cells), [['BM25', 'N/A', '39'], ['HNSW', 'MiniLM', '9']]);
    assert.equal(tables(o).length, 2);
  });

  test('code, paragraphs, lists and HTML blocks carry the heading above them', () => {
    const o = outline(doc('Title', '=====', '', 'Some text.', '', '- a', '- b', '', '<p>html</p>', '', '    indented code'));
    assert.deepEqual(
      o.blocks.map((b) => [b.type, b.from, b.to, b.heading]),
      [
        ['paragraph', 4, 4, 'Title'],
        ['list', 6, 7, 'Title'],
        ['html', 9, 9, 'Title'],
        ['code', 11, 11, 'Title'],
      ],
    );
  });

  test('an RST literal block (::) is code, and its aligned table is read', () => {
    const o = outline(doc('Run', '^^^', '', 'Output::', '', '    Name    Time', '    x       1 ms', '    y       2 ms', '', 'After.'));
    assert.ok(o.blocks.some((b) => b.type === 'code' && b.from === 6 && b.to === 8));
    assert.deepEqual(tables(o)[0].rows.map(cells), [['x', '1 ms'], ['y', '2 ms']]);
  });

  test('CRLF and a BOM keep the same lines', () => {
    const text = doc('# A', '', '| x | y (ms) |', '|---|---|', '| a | 1 |');
    assert.deepEqual(outline('\ufeff' + text.replace(/\n/g, '\r\n')), outline(text));
  });
});

test('plainText removes inline markup', () => {
  assert.equal(plainText('**a** `b` *c* [d](e) ``f`` :ref:`g` snake_case_name'), 'a b c d f g snake_case_name');
});

test('a real README (tailcallhq/graphql-benchmarks): its headings and its result table', () => {
  const o = outline(fs.readFileSync(path.join(here, 'fixtures/graphql-benchmarks-readme.md'), 'utf8'));
  assert.deepEqual(heads(o).slice(0, 5), [
    [1, 1, 'atx', 'GraphQL Benchmarks'],
    [29, 2, 'atx', 'Introduction'],
    [35, 2, 'atx', 'Quick Start'],
    [47, 2, 'atx', 'Benchmark Results'],
    [85, 3, 'atx', '1. {posts {title body user {name}}}'],
  ]);
  const [t] = tables(o);
  assert.deepEqual([t.from, t.to, t.heading, t.rows.length], [51, 79, 'Benchmark Results', 27]);
  assert.deepEqual(cells(t.header), ['Query', 'Server', 'Requests/sec', 'Latency (ms)', 'Relative']);
  assert.deepEqual(cells(t.rows[0]), ['1', '{ posts { id userId title user { id name email }}}']);
  assert.deepEqual(cells(t.rows[1]), ['', 'Tailcall', '22,805.00', '4.30', '214.34x']);
  assert.equal(t.rows[1][2].line, 54);
  assert.equal(headingAbove(o, 140), 'GraphQL Schema');
});

test('a line of 200,000 nested brackets under a table ends, and the table is read', () => {
  // Quadratic link parsing takes minutes here: a child process with a kill timer runs it.
  const r = runBounded(
    `import { outline } from ${JSON.stringify(new URL('./outline.mjs', import.meta.url).href)};
     const text = '| a | Latency (ms) |\\n|---|---|\\n| x | 3 |\\n\\n' + '['.repeat(200000) + 'x' + ']('.repeat(200000) + '\\n';
     const o = outline(text);
     console.log(JSON.stringify(o.blocks.map((b) => [b.type, b.from, b.to])));`,
    { timeout: 60_000 },
  );
  assert.equal(r.killed, false, 'ended before its kill timer');
  assert.equal(r.stdout.trim(), '[["table",1,3],["paragraph",5,5]]', r.stderr);
});

test('a table wider than MAX_TABLE_COLUMNS is refused at its line', () => {
  const wide = (n) => `| a |${' b |'.repeat(n)}\n|---|${'---|'.repeat(n)}\n| x |${' 1 |'.repeat(n)}\n`;
  assert.equal(outline(wide(MAX_TABLE_COLUMNS - 1)).blocks[0].header.length, MAX_TABLE_COLUMNS);
  assert.throws(() => outline(`# T\n\n${wide(MAX_TABLE_COLUMNS + 5)}`), (e) => e.line === 3 && /expected a table of at most 1,000 columns/.test(e.message));
});

test('a line of a number and its bounds ("0.999 R²  (0.997 R² .. 1.000 R²)") is data, never a table header', () => {
  // tests/fixtures/corpus/haskell-criterion/euler-30-readme.md, lines 1-6 (criterion's console output).
  const text = [
    'benchmarking show/7893',
    'time                 99.12 ns   (98.82 ns .. 99.48 ns)',
    '                     0.999 R²   (0.997 R² .. 1.000 R²)',
    'mean                 103.2 ns   (100.6 ns .. 109.4 ns)',
    'std dev              13.02 ns   (6.255 ns .. 24.34 ns)',
    'variance introduced by outliers: 94% (severely inflated)',
  ].join('\n');
  assert.deepEqual(
    outline(text).blocks.filter((b) => b.type === 'table').map((b) => b.header.map((h) => h.text)),
    [],
  );
});

test('lmbench\'s "make see" tables: a header of two or three lines over a rule of dash runs, each run a column, its header words joined (a phrase across two runs heading both) and empty cells kept', () => {
  // tests/fixtures/corpus/lmbench/revyos-lmbench.md (revyos/docs), lines 384-392 and 394-402.
  const text = fs.readFileSync(path.join(here, '../../../tests/fixtures/corpus/lmbench/revyos-lmbench.md'), 'utf8');
  const found = tables(outline(text));
  const ctxsw = found.find((t) => t.rows[0]?.[0]?.line === 389);
  assert.deepEqual(cells(ctxsw.header), ['Host', 'OS', '2p/0K ctxsw', '2p/16K ctxsw', '2p/64K ctxsw', '8p/16K ctxsw', '8p/64K ctxsw', '16p/16K ctxsw', '16p/64K ctxsw']);
  assert.deepEqual([ctxsw.from, ctxsw.to, ctxsw.rows.length], [386, 392, 4]);
  assert.deepEqual(cells(ctxsw.rows[0]), ['revyos-lp', 'Linux 6.6.108', '11.2', '12.4', '12.6', '13.7', '15.5', '16.5', '35.3']);
  const local = found.find((t) => t.rows[0]?.[0]?.line === 399);
  assert.deepEqual(cells(local.header), ['Host', 'OS', '2p/0K ctxsw', 'Pipe', 'AF UNIX', 'UDP', 'RPC/ UDP', 'TCP', 'RPC/ TCP', 'TCP conn']);
  assert.deepEqual(cells(local.rows[0]), ['revyos-lp', 'Linux 6.6.108', '11.2', '', '', '66.9', '', '87.4', '', '174.']);
  // "0K File" centred over "Create" and "Delete" (lines 416-417) heads both.
  const files = found.find((t) => t.rows[0]?.[0]?.line === 419);
  assert.deepEqual(cells(files.header).slice(2, 6), ['0K File Create', '0K File Delete', '10K File Create', '10K File Delete']);
});
