// Tests of the AStore reStructuredText parser: golden fixtures, bad input, and the real seed
// (which has no measured numbers: the parser must return no tables, only text).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parser from './parse.mjs';
import { parsers } from '../index.mjs';
import { goldenTests, rejectsAt, withLine as replaceLine } from '../../../../tests/helpers/golden.mjs';
import { realReportsOf, matchingLines } from '../../../../tests/helpers/real-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const excerpt = fs.readFileSync(path.join(here, 'fixtures/excerpt.rst'), 'utf8');

describe('golden fixtures', () => goldenTests(parser, path.join(here, 'fixtures'), parsers));

/** Assert that parsing throws an InputError at this line, with this expected and found text. */
const rejects = (text, line, expected, found) => rejectsAt(parser.parse, text, line, expected, found);

/** The excerpt with line n (1-based) replaced by the given lines. */
const withLine = (n, ...replacement) => replaceLine(excerpt, n, ...replacement);

describe('bad input', () => {
  test('the excerpt lines these tests change are where they think', () => {
    const lines = excerpt.split('\n');
    assert.equal(lines[46], 'Approach');
    assert.match(lines[11], /^CPU: /);
    assert.equal(lines[8], 'Client:');
  });

  test('an empty file', () => rejects(' \n', 0, 'an AStore reStructuredText benchmark', 'an empty file'));

  test('an unknown section heading', () => {
    rejects(withLine(47, 'Latency'), 47, /^a section heading \(Environment, Configuration, /, '"Latency"');
  });

  test('a CPU line in another shape', () => {
    rejects(withLine(12, 'CPU: two Xeons'), 12, /^"CPU: <n> x <model> @ <clock>GHz/, '"CPU: two Xeons"');
  });

  test('facts before any Client: or Server: block', () => {
    const lines = excerpt.split('\n');
    lines.splice(8, 2); // "Client:" and its "~~~~~~"
    rejects(lines.join('\n'), 9, 'a "Client:" or "Server:" block', '"HOST: Dell Inc. PowerEdge R420/0VD50G"');
  });

  test('no title', () => rejects(excerpt.split('\n').slice(4).join('\n'), 1, 'a title between two rows of "="', 'an empty line'));

  test('no Environment section', () => {
    const lines = excerpt.split('\n');
    rejects([...lines.slice(0, 5), ...lines.slice(24)].join('\n'), 0, 'an "Environment" section', 'none');
  });

  test('a code block with no code', () => {
    rejects(['=====', 'Title', '=====', '', 'Environment', '-----------', '', 'Prepare', '-------', '.. code:: shell', '', 'Approach', '--------', '- one', ''].join('\n'), 10, 'indented lines after ".. code::"', 'none');
  });
});

describe('the real seeds', () => {
  const reports = realReportsOf(parser.format);
  test('there are AStore seeds', () => assert.ok(reports.length > 0));
  for (const r of reports) {
    test(`${r.seedPath}: no measured tables, one section per underlined heading`, () => {
      const parsed = parser.parse(r.seedText);
      assert.deepEqual(parsed.tables, {});
      // Headings: a line of text over a row of "-" (the title sits between rows of "=").
      const underlines = matchingLines(r.seedText, /^-{3,}\s*$/);
      assert.ok(underlines.length > 0);
      // Environment is read into machines, every other heading into a section.
      assert.equal(parsed.sections.length + 1, underlines.length);
      for (const s of parsed.sections) assert.ok(underlines.includes(s.line + 1), `section "${s.title}" at line ${s.line}`);
      assert.deepEqual(Object.keys(parsed.machines).sort(), ['client', 'server']);
    });
  }
});
