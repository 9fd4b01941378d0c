// The search page's "did you mean" (assets/js/suggest.js): a query near one of the atlas's names,
// which terms.json lists (scripts/search/kinds.mjs), offers that name; a name, or nothing near one,
// offers nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distance, suggest } from '../../assets/js/suggest.js';

const terms = ['CloudI', 'Erlang', 'hackney', 'IBM Power System S822 (POWER8)', 'Mojito', 'POWER8', 'Python'];

test('edits count insertions, deletions, substitutions and a swap of neighbours as one each', () => {
  assert.equal(distance('mojto', 'mojito'), 1);
  assert.equal(distance('ernalg', 'erlang'), 2);
  assert.equal(distance('hackeny', 'hackney'), 1);
  assert.equal(distance('abc', 'xyz', 1), 2, 'stops counting past the limit');
});

test('"mojto" offers Mojito, "powr8" POWER8, a query of two words corrects the word it misses', () => {
  assert.equal(suggest('mojto', terms), 'Mojito');
  assert.equal(suggest('powr8', terms), 'POWER8');
  assert.equal(suggest('hackney mojto', terms), 'hackney Mojito');
});

test('a known name, in any case, or a word near no name offers nothing', () => {
  assert.equal(suggest('Mojito', terms), null);
  assert.equal(suggest('mojito', terms), null);
  assert.equal(suggest('zzzzzzzz', terms), null);
});
