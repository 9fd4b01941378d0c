// Beyond noise or within it: whether the difference between two figures is larger than the spread
// their reports state, by a test that fits what was stated. Pure (no DOM, no I/O): the build
// scripts import it from here, and the compare view (assets/js/compare.js) bundles it as
// assets/js/noise.js (a Hugo mount, config.toml), so one file decides every verdict the site shows.
//
//  - both sides give a standard deviation and a run count (or a standard error or a confidence
//    interval of known level, with the run count: each turns into a standard deviation): Welch's
//    t-test, beyond noise when the two-sided p < 0.05;
//  - otherwise, where both sides give an interval (a confidence interval, min–max, ±, ±%, or a
//    standard deviation without runs as ± one standard deviation): beyond noise when the intervals
//    do not overlap (asv's rule);
//  - where a side states no spread: cannot tell.
//
// Exports:
//   figureOf(row) -> Figure                    a measurement row (value, spread_kind, spread, lower, upper, runs) as a figure
//   noise(a, b) -> Verdict                     the verdict on two figures
//   noiseText(verdict) -> string               "beyond noise (Welch's t-test, p = 0.003)"
//   NOISE_CODES, noiseCode(verdict)            a short code per verdict, with what it means (for downloads)
//   scaleFigure(figure, k) -> Figure           a figure in other terms (percent of the best, per core)
//   tally(compared, better), tallyText(count)  verdicts counted by direction, and said
//   tCdf(t, df), tQuantile(q, df), betaRegularized(x, a, b)   the Student t distribution

/**
 * @typedef {object} Figure
 * @property {number} value
 * @property {'stdev'|'se'|'ci'|'pct'|'error'|'range'|''} [kind]  the kind of spread stated ('' none)
 * @property {number} [spread]   stdev, standard error, half-width (ci, error) or percent (pct)
 * @property {number} [n]        runs behind the value
 * @property {number} [level]    a confidence interval's level (0.95, 0.999)
 * @property {number} [lower]    an interval's bounds (range, or a ci given by its bounds)
 * @property {number} [upper]
 */
/**
 * @typedef {object} Verdict
 * @property {'beyond noise'|'within noise'|'cannot tell'} verdict
 * @property {string} method   "Welch's t-test (p < 0.05)", "intervals do not overlap", "intervals overlap", "no spread stated"
 * @property {number} [p]      Welch: the two-sided p value
 * @property {number} [t]
 * @property {number} [df]
 * @property {[number, number][]} [intervals]   interval overlap: the two intervals compared
 */

const ALPHA = 0.05;

/** ln Γ(x), x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
function lnGamma(x) {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (modified Lentz, as in Numerical Recipes' betacf). */
function betaFraction(x, a, b) {
  const TINY = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) return h;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), 0 ≤ x ≤ 1, a, b > 0. */
export function betaRegularized(x, a, b) {
  if (!(x >= 0 && x <= 1)) throw new RangeError(`betaRegularized: x ${x} is not in [0, 1]`);
  if (x === 0 || x === 1) return x;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges fast for x < (a + 1) / (a + b + 2); past it, use the symmetry I_x(a, b) = 1 − I_{1−x}(b, a).
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(T ≤ t) for Student's t with df degrees of freedom (df > 0, not necessarily whole). */
export function tCdf(t, df) {
  if (!(df > 0)) throw new RangeError(`tCdf: degrees of freedom ${df}`);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = 0.5 * betaRegularized(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t with P(T ≤ t) = q (0 < q < 1), by bisection on tCdf. */
export function tQuantile(q, df) {
  if (!(q > 0 && q < 1)) throw new RangeError(`tQuantile: q ${q}`);
  if (q < 0.5) return -tQuantile(1 - q, df);
  let [lo, hi] = [0, 1];
  while (tCdf(hi, df) < q) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The model's spread kinds (scripts/data/measure/model.mjs SPREADS) as figure kinds and levels. */
const FROM_MODEL = {
  stdev: { kind: 'stdev' },
  ci95: { kind: 'ci', level: 0.95 },
  ci99: { kind: 'ci', level: 0.999 },
  error: { kind: 'error' },
  spread: { kind: 'error' }, // the compare index's name for a ± of no stated kind
  mad: { kind: 'error' },
  mdape: { kind: 'error' },
  iqr: { kind: 'error', half: true },
  range: { kind: 'range' },
  runs: { kind: 'range' },
};

/**
 * A measurement row (or a compare-index value, { v, sk, s, lo, hi, n }) as a figure.
 * @param {{ value?: number, v?: number, spread_kind?: string, sk?: string, spread?: number|null, s?: number,
 *   lower?: number|null, upper?: number|null, lo?: number, hi?: number, runs?: number|null, n?: number }} row
 * @returns {Figure}
 */
export function figureOf(row) {
  const value = row.value ?? row.v;
  const kindName = row.spread_kind ?? row.sk ?? '';
  const spread = row.spread ?? row.s;
  const lower = row.lower ?? (row.sk === 'range' || row.sk === 'runs' ? row.lo : undefined);
  const upper = row.upper ?? (row.sk === 'range' || row.sk === 'runs' ? row.hi : undefined);
  const n = typeof (row.runs ?? row.n) === 'number' ? (row.runs ?? row.n) : undefined;
  const k = FROM_MODEL[kindName];
  const f = { value };
  if (n !== undefined) f.n = n;
  if (!k) return { ...f, kind: '' };
  if (typeof spread === 'number' && Number.isFinite(spread))
    return {
      ...f,
      kind: k.kind === 'range' ? 'error' : k.kind,
      spread: k.half ? spread / 2 : spread,
      ...(k.level ? { level: k.level } : {}),
    };
  if (typeof lower === 'number' && typeof upper === 'number')
    return { ...f, kind: k.kind === 'ci' ? 'ci' : 'range', lower, upper, ...(k.level ? { level: k.level } : {}) };
  return { ...f, kind: '' };
}

const runsOf = (f) => (typeof f.n === 'number' && f.n >= 2 ? f.n : null);
const halfOf = (f) => (typeof f.spread === 'number' ? f.spread : (f.upper - f.lower) / 2);

/** The standard deviation of the runs behind a figure, where what it states allows (runs known). */
function stdevOf(f) {
  const n = runsOf(f);
  if (!n) return null;
  if (f.kind === 'stdev' && typeof f.spread === 'number') return f.spread;
  if (f.kind === 'se' && typeof f.spread === 'number') return f.spread * Math.sqrt(n);
  if (f.kind === 'ci' && typeof f.level === 'number')
    return (halfOf(f) / tQuantile((1 + f.level) / 2, n - 1)) * Math.sqrt(n);
  return null;
}

/** The interval a figure states: [lower, upper], or null. */
function intervalOf(f) {
  const v = f.value;
  if (f.kind === 'range' || (f.kind === 'ci' && typeof f.lower === 'number')) return [f.lower, f.upper];
  if (f.kind === 'pct' && typeof f.spread === 'number')
    return [v - (Math.abs(v) * f.spread) / 100, v + (Math.abs(v) * f.spread) / 100];
  if (['stdev', 'se', 'ci', 'error'].includes(f.kind) && typeof f.spread === 'number')
    return [v - f.spread, v + f.spread];
  return null;
}

/**
 * Welch's t-test from two means, standard deviations and run counts.
 * @returns {{ t: number, df: number, p: number }}
 */
export function welch(m1, s1, n1, m2, s2, n2) {
  const [v1, v2] = [(s1 * s1) / n1, (s2 * s2) / n2];
  const se = Math.sqrt(v1 + v2);
  if (se === 0) return { t: m1 === m2 ? 0 : Infinity * Math.sign(m1 - m2), df: n1 + n2 - 2, p: m1 === m2 ? 1 : 0 };
  const t = (m1 - m2) / se;
  const df = ((v1 + v2) * (v1 + v2)) / ((v1 * v1) / (n1 - 1) + (v2 * v2) / (n2 - 1));
  return { t, df, p: Math.min(1, 2 * tCdf(-Math.abs(t), df)) };
}

/**
 * Whether the difference between two figures is beyond the noise their spreads state.
 * @param {Figure} a
 * @param {Figure} b
 * @returns {Verdict}
 */
export function noise(a, b) {
  const [sa, sb] = [stdevOf(a), stdevOf(b)];
  if (sa !== null && sb !== null) {
    const { t, df, p } = welch(a.value, sa, a.n, b.value, sb, b.n);
    return { verdict: p < ALPHA ? 'beyond noise' : 'within noise', method: "Welch's t-test (p < 0.05)", p, t, df };
  }
  const [ia, ib] = [intervalOf(a), intervalOf(b)];
  if (ia && ib) {
    const apart = ia[0] > ib[1] || ia[1] < ib[0];
    return apart
      ? { verdict: 'beyond noise', method: 'intervals do not overlap', intervals: [ia, ib] }
      : { verdict: 'within noise', method: 'intervals overlap', intervals: [ia, ib] };
  }
  return { verdict: 'cannot tell', method: 'no spread stated' };
}

/** A p value for a reader: "p = 0.031", "p < 0.001". */
const pText = (p) => (p < 0.001 ? 'p < 0.001' : `p = ${Number(p.toPrecision(2))}`);

/**
 * A verdict for a reader: "beyond noise (Welch's t-test, p = 0.003)", "no spread stated: cannot tell";
 * with { p: false } no p value (a generated sentence cites only numbers of its rows).
 */
export function noiseText(r, { p = true } = {}) {
  if (r.verdict === 'cannot tell') return 'no spread stated: cannot tell';
  if (r.p !== undefined) return `${r.verdict} (Welch's t-test${p ? `, ${pText(r.p)}` : ''})`;
  return `${r.verdict} (${r.method})`;
}

/**
 * A short code per verdict and method, for a download's rows, each explained once (no commas or
 * quotes in the texts: a CSV's first lines carry them as they are).
 */
export const NOISE_CODES = {
  'beyond noise|Welch': [
    'B-t',
    "beyond noise: Welch's t-test from the means and standard deviations and runs gives p < 0.05",
  ],
  'within noise|Welch': [
    'W-t',
    "within noise: Welch's t-test from the means and standard deviations and runs gives p ≥ 0.05",
  ],
  'beyond noise|intervals': ['B-i', 'beyond noise: the two stated intervals do not overlap'],
  'within noise|intervals': ['W-i', 'within noise: the two stated intervals overlap'],
  'cannot tell|': ['?', 'cannot tell: a side states no spread'],
};
/** The code of a verdict ("B-t", "W-i", "?"). */
export const noiseCode = (r) =>
  NOISE_CODES[`${r.verdict}|${r.p !== undefined ? 'Welch' : r.intervals ? 'intervals' : ''}`][0];

/** A figure in other terms (percent of the best, per core): its value and spread times k (a ±% stays). */
export function scaleFigure(f, k) {
  const out = { ...f, value: f.value * k };
  for (const key of ['lower', 'upper']) if (typeof f[key] === 'number') out[key] = f[key] * k;
  if (typeof f.spread === 'number' && f.kind !== 'pct') out.spread = f.spread * k;
  return out;
}

/**
 * Verdicts counted: beyond noise in each direction (better or worse than the base, as the measure's
 * better direction says), within noise, cannot tell.
 * @param {Array<{ verdict: Verdict, value: number, base: number }>} compared
 * @param {'higher'|'lower'|''} better
 */
export function tally(compared, better) {
  const count = { better: 0, worse: 0, within: 0, cannot: 0 };
  for (const { verdict, value, base } of compared) {
    if (verdict.verdict === 'beyond noise') count[value > base === (better !== 'lower') ? 'better' : 'worse']++;
    else count[verdict.verdict === 'within noise' ? 'within' : 'cannot']++;
  }
  return count;
}

/** A tally for a reader: "2 differences beyond noise (1 better, 1 worse than the base); 3 within noise; 1 cannot tell (no spread stated)". */
export function tallyText(count, { hidden = false } = {}) {
  const beyond = count.better + count.worse;
  return [
    `${beyond} difference${beyond === 1 ? '' : 's'} beyond noise` +
      (beyond ? ` (${count.better} better, ${count.worse} worse than the base)` : ''),
    ...(count.within ? [`${count.within} within noise${hidden ? ' (hidden)' : ''}`] : []),
    ...(count.cannot ? [`${count.cannot} cannot tell (no spread stated)`] : []),
  ].join('; ');
}
