// Tests across the registry: every format's detect() reads the whole file (a report whose numbers
// start after long prose is still recognised), and a report that holds several formats (prose with
// an ab run and a wrk run) gives each parser only its own blocks, at their own lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsers } from './index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (format, name) => fs.readFileSync(path.join(here, format, 'fixtures', name), 'utf8');
const firstFixture = (format) =>
  fs
    .readdirSync(path.join(here, format, 'fixtures'))
    .filter((f) => !f.endsWith('.expected.json'))
    .sort()[0];

test('every format is detected wherever its numbers stand in the file (no window on the text)', () => {
  const prose = `${'Some words about the setup, long before the numbers. '.repeat(20)}\n`.repeat(120); // > 120,000 characters
  assert.ok(prose.length > 120_000);
  for (const [format, p] of Object.entries(parsers)) {
    const text = fixture(format, firstFixture(format));
    assert.ok(p.detect(text), `${format} detects its own fixture`);
    // Markdown and RST formats need their heading first: prose goes after the first line.
    const [first, ...rest] = text.split('\n');
    const late = format === 'httpc-bench-html' ? text.replace('<table', `${prose}<table`) : [first, prose, ...rest].join('\n');
    assert.ok(p.detect(late), `${format} detects its fixture after ${prose.length} characters of prose`);
  }
});

test('prose with an ab run and a wrk run: each parser reads only its own block, at its own lines', () => {
  const ab = fixture('ab-text', 'nginz-excerpt.md');
  const wrk = fixture('wrk-text', 'solon-jetty-excerpt.md');
  const text = `# Two tools\n\nFirst ab:\n\n${ab}\n\nThen wrk, on the same machine:\n\n${wrk}\n\nThe end.\n`;
  const abOffset = 4; // lines before the ab block
  const wrkOffset = abOffset + ab.split('\n').length + 3;
  const hits = Object.entries(parsers)
    .filter(([, p]) => !p.fallback && p.detect(text))
    .map(([f]) => f)
    .sort();
  assert.deepEqual(hits, ['ab-text', 'wrk-text']);
  const alone = { ab: parsers['ab-text'].parse(ab), wrk: parsers['wrk-text'].parse(wrk) };
  const mixed = { ab: parsers['ab-text'].parse(text), wrk: parsers['wrk-text'].parse(text) };
  for (const [tool, offset] of [
    ['ab', abOffset],
    ['wrk', wrkOffset],
  ]) {
    assert.deepEqual(Object.keys(mixed[tool].tables), Object.keys(alone[tool].tables), `${tool}: the same tables`);
    for (const [id, t] of Object.entries(alone[tool].tables)) {
      // A run's summary also says the line of each of its values (lines): shifted the same.
      const shift = (lines) => (lines ? Object.fromEntries(Object.entries(lines).map(([k, n]) => [k, n + offset])) : lines);
      const shifted = t.rows.map((r) => ({ ...r, line: r.line + offset, ...(r.lines ? { lines: shift(r.lines) } : {}) }));
      assert.deepEqual(
        mixed[tool].tables[id].rows.map(({ label, ...r }) => r),
        shifted.map(({ label, ...r }) => r),
        `${tool} ${id}: the same rows, each at its line in the mixed file`,
      );
    }
  }
});
