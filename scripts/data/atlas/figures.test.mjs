import test from 'node:test';
import assert from 'node:assert/strict';
import { FIGURES, noRowText, ruleText } from './figures.mjs';

test('a rule reads with its columns by title, lower-cased inside the sentence; without titles, by name', () => {
  const titles = { requests_per_second: 'Successful requests/s', error_pct: 'Error %' };
  const rule = FIGURES['http-client-rate'];
  assert.equal(ruleText(rule, (n) => titles[n]), 'highest successful requests/s with error % at most 1');
  assert.equal(ruleText(rule), 'highest requests_per_second with error_pct <= 1');
  assert.equal(ruleText(FIGURES['cloudi-request-rate'], () => undefined), 'highest requests per second');
});

test('why no row qualifies, in words, with the grammar of one row right', () => {
  const rule = FIGURES['http-client-rate'];
  const titleOf = (n) => ({ error_pct: 'Error %' })[n];
  assert.equal(noRowText(rule, 30, titleOf), 'no row of 30 within error % at most 1');
  assert.equal(noRowText(rule, 1, titleOf), 'its one row is not within error % at most 1');
});
