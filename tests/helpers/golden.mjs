// Golden tests for a parser: every input in its fixtures/ folder (`<case>.<ext>`) is parsed and the
// result compared with `<case>.expected.json`. `UPDATE_GOLDEN=1 node --test scripts/` rewrites the
// expected files instead; review every rewritten file by eye before committing it (it must be
// right, not just what the parser printed).
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../scripts/lib/errors.mjs';

export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

const EXPECTED = '.expected.json';

/**
 * The fixture cases of a folder: each input file and the expected file beside it.
 * @param {string} dir
 * @returns {{ name: string, input: string, expected: string }[]}
 */
export function fixtureCases(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => !f.endsWith(EXPECTED) && !f.startsWith('.') && fs.statSync(path.join(dir, f)).isFile())
    .sort()
    .map((f) => {
      const name = f.slice(0, f.lastIndexOf('.'));
      return { name, input: path.join(dir, f), expected: path.join(dir, name + EXPECTED) };
    });
}

/** The parse result as JSON would store it (undefined fields dropped). */
const asJson = (value) => JSON.parse(JSON.stringify(value));

/**
 * Register one golden test per fixture of a parser, plus a test that CRLF line ends and a BOM
 * give the same result.
 * @param {{ format: string, parse: (text: string) => unknown, detect: (text: string) => boolean }} parser
 * @param {string} dir the parser's fixtures/ folder
 * @param {Record<string, { detect: (text: string) => boolean }>} [registry] all parsers, to check detect()
 */
export function goldenTests(parser, dir, registry) {
  const cases = fixtureCases(dir);
  test(`${parser.format}: has fixtures, and no expected file without its input`, () => {
    assert.ok(cases.length > 0, `no fixtures in ${dir}`);
    const orphans = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(EXPECTED) && !cases.some((c) => path.basename(c.expected) === f));
    assert.deepEqual(orphans, [], 'expected files whose input is gone: delete them');
  });
  for (const c of cases) {
    const text = fs.readFileSync(c.input, 'utf8');
    const label = path.basename(c.input);

    test(`${parser.format}: ${label} parses to ${path.basename(c.expected)}`, () => {
      const actual = asJson(parser.parse(text));
      if (UPDATE_GOLDEN) {
        fs.writeFileSync(c.expected, JSON.stringify(actual, null, 2) + '\n');
        return;
      }
      assert.ok(
        fs.existsSync(c.expected),
        `${c.expected} is missing: run UPDATE_GOLDEN=1 node --test scripts/ and review it`,
      );
      assert.deepEqual(actual, JSON.parse(fs.readFileSync(c.expected, 'utf8')));
    });

    test(`${parser.format}: ${label} with CRLF line ends and a BOM parses the same`, () => {
      const crlf = '\ufeff' + text.replace(/\r?\n/g, '\r\n');
      assert.deepEqual(asJson(parser.parse(crlf)), asJson(parser.parse(text)));
    });

    // The document reader's fixtures are mixed files: the formats it dispatches to detect them too.
    if (registry && !parser.mixed) {
      test(`${parser.format}: ${label} is detected by this parser only`, () => {
        const detected = Object.entries(registry)
          .filter(([, p]) => (!p.fallback || p === parser) && p.detect(text)) // a fallback (table) may read any file
          .map(([name]) => name);
        assert.deepEqual(detected, [parser.format]);
      });
    }
  }
}

/**
 * Assert that a parser throws an InputError at this line, with this expected and found text
 * (each a string to equal, a RegExp to match, or undefined to skip).
 * @param {(text: string) => unknown} parse
 */
export function rejectsAt(parse, text, line, expected, found) {
  assert.throws(
    () => parse(text),
    (e) => {
      assert.ok(e instanceof InputError, `expected an InputError, got ${e}`);
      assert.equal(e.line, line, e.message);
      for (const [want, got] of [
        [expected, e.expected],
        [found, e.found],
      ]) {
        if (want instanceof RegExp) assert.match(got, want);
        else if (want !== undefined) assert.equal(got, want);
      }
      return true;
    },
  );
}

/**
 * A text with its line n (1-based) replaced by the given lines (none: the line removed), for tests
 * that break one line of an excerpt.
 * @param {string} text
 * @param {number} n
 * @param {...string} replacement
 */
export function withLine(text, n, ...replacement) {
  const lines = text.split('\n');
  lines.splice(n - 1, 1, ...replacement);
  return lines.join('\n');
}

/**
 * A sample text to break one line at a time in bad-input tests: its lines, the 1-based number of the
 * first line (from index `from`) matching a pattern, the text with one line edited, and the text cut
 * after line n.
 * @param {string} text
 */
export function sampleLines(text) {
  const lines = text.split('\n');
  return {
    lines,
    lineOf: (re, from = 0) => lines.findIndex((l, i) => i >= from && re.test(l)) + 1,
    edit: (n, from, to) => lines.map((l, i) => (i === n - 1 ? l.replace(from, to) : l)).join('\n'),
    upTo: (n) => lines.slice(0, n).join('\n') + '\n',
  };
}
