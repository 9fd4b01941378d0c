import test from 'node:test';
import assert from 'node:assert/strict';
import { legendProblems, legendsOf } from './legends.mjs';

// A legend as Vega draws it, reduced to what legends.mjs reads.
const entry = (y, fill, label, d = 'M5,0A5,5,0,1,1,-5,0A5,5,0,1,1,5,0') =>
  `<g transform="translate(0,${y})"><g class="mark-symbol role-legend-symbol"><path transform="translate(6,6)" d="${d}" fill="${fill}"/></g><g class="mark-text role-legend-label"><text transform="translate(16,9)" font-size="11px">${label}</text></g></g>`;
const svg = (entries, height = 200) =>
  `<svg class="marks" width="300" height="${height}" viewBox="0 0 300 ${height}"><g transform="translate(12,12)"><g class="mark-group role-legend"><g transform="translate(200,0)"><g class="mark-group role-legend-entry">${entries.join('')}</g></g></g></g></svg>`;

test('a legend of distinct entries inside the drawing passes', () => {
  const s = svg([
    entry(0, '#0072B2', 'C'),
    entry(13, '#D55E00', 'Erlang'),
    entry(26, '#0072B2', 'ATS2', 'M-5,-5h10v10h-10Z'),
  ]);
  assert.deepEqual(
    legendsOf(s)[0].entries.map((e) => e.label),
    ['C', 'Erlang', 'ATS2'],
  );
  assert.deepEqual(legendProblems(s), []);
});

test('two entries drawn alike, an entry below the drawing and a cut label are problems', () => {
  const s = svg([
    entry(0, '#009E73', 'ATS2'),
    entry(13, '#009E73', 'OCaml'),
    entry(300, '#D55E00', 'Rust'),
    entry(26, '#8F3FF0', 'Python2 thr…'),
  ]);
  assert.deepEqual(legendProblems(s), [
    'legend entries "ATS2" and "OCaml" are drawn alike (same colour, shape and dash)',
    'legend entry "Rust" lies outside the 300 x 200 drawing',
    'legend label "Python2 thr…" is cut',
  ]);
});
