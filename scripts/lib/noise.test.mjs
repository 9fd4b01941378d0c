// The noise module (scripts/lib/noise.mjs): the Student t distribution against known values, and the
// verdicts' rules. Every expected number below came from scipy (scipy.stats.t.cdf, t.ppf,
// scipy.special.betainc), computed outside the repository. The verdicts on real report pairs are
// checked against scipy in scripts/data/measure/noise-pairs.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { betaRegularized, figureOf, noise, noiseText, tCdf, tQuantile } from './noise.mjs';

const close = (actual, expected, rel = 1e-9) =>
  assert.ok(
    Math.abs(actual - expected) <= rel * Math.max(Math.abs(expected), 1e-300),
    `${actual} is not ${expected} (relative ${rel})`,
  );

test('the regularized incomplete beta function matches scipy.special.betainc', () => {
  close(betaRegularized(0.3, 2, 3), 0.34829999999999994);
  close(betaRegularized(0.9, 0.5, 0.5), 0.7951672353008665);
  close(betaRegularized(0.01, 5, 0.5), 2.4712578086395438e-11, 1e-7);
});

test("Student's t CDF and quantile match scipy.stats.t", () => {
  close(tCdf(2.228, 10), 0.9749941140914443);
  close(tCdf(1, 1), 0.75);
  close(tCdf(0.5, 3.5), 0.6765747803387245);
  close(tCdf(-3, 7), 0.009971063065996268);
  close(tCdf(10, 2), 0.9950737714883372);
  close(tCdf(2, 100), 0.9758939106344332);
  close(tQuantile(0.9995, 9), 4.780912585931217, 1e-8);
  close(tQuantile(0.975, 4), 2.7764451051977934, 1e-8);
  close(tQuantile(0.95, 1), 6.313751514675037, 1e-8);
});

test('a side with no spread: cannot tell', () => {
  const r = noise({ value: 10, kind: 'stdev', spread: 1, n: 5 }, { value: 20, kind: '' });
  assert.deepEqual(r, { verdict: 'cannot tell', method: 'no spread stated' });
  assert.equal(noiseText(r), 'no spread stated: cannot tell');
});

test('±% intervals and standard errors: 100 ± 1 % against 103 ± 1 % are apart; standard errors with runs go to Welch', () => {
  assert.equal(
    noise({ value: 100, kind: 'pct', spread: 1 }, { value: 103, kind: 'pct', spread: 1 }).verdict,
    'beyond noise',
  );
  assert.equal(
    noise({ value: 100, kind: 'pct', spread: 2 }, { value: 103, kind: 'pct', spread: 2 }).verdict,
    'within noise',
  );
  // se 1 with n 4 is stdev 2: the same test as stdev 2, n 4.
  const se = noise({ value: 10, kind: 'se', spread: 1, n: 4 }, { value: 14, kind: 'se', spread: 1, n: 4 });
  const sd = noise({ value: 10, kind: 'stdev', spread: 2, n: 4 }, { value: 14, kind: 'stdev', spread: 2, n: 4 });
  close(se.p, sd.p);
});

test('a compare-index value (v, sk, s, lo, hi, n) reads as the figure its row states', () => {
  assert.deepEqual(figureOf({ v: 10, sk: 'stdev', s: 2, lo: 8, hi: 12, n: 5 }), {
    value: 10,
    n: 5,
    kind: 'stdev',
    spread: 2,
  });
  assert.deepEqual(figureOf({ v: 10, sk: 'runs', lo: 8, hi: 12, n: 5 }), {
    value: 10,
    n: 5,
    kind: 'range',
    lower: 8,
    upper: 12,
  });
  assert.deepEqual(figureOf({ v: 10, sk: 'spread', s: 1, lo: 9, hi: 11 }), { value: 10, kind: 'error', spread: 1 });
  assert.deepEqual(figureOf({ v: 10 }), { value: 10, kind: '' });
});
