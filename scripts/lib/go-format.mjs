// Values printed as Hugo's templates print them (Go's fmt %v), for the stages that write text in
// place of a template: the views stage's HTML (views/html.mjs) and the chart stage's embed heights
// (charts/embed-height.mjs), which measure or reproduce what a template wrote.

/**
 * Go's %v of a float64 (every JSON number Hugo reads is one): strconv.FormatFloat(x, 'g', -1, 64),
 * the shortest digits, with an exponent below 1e-4 and from 1e+06 up ("1.069773e+06").
 */
export function goFloat(x) {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : x < 0 ? '-Inf' : 'NaN';
  const sign = x < 0 ? '-' : '';
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${sign}${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  // Between 1e-4 and 1e6 JavaScript writes the same shortest digits without an exponent.
  return sign + String(Math.abs(x));
}

/** Go's %v of a value decoded from JSON: numbers as goFloat, null as "" (html/template), the rest as text. */
export const goText = (v) => (typeof v === 'number' ? goFloat(v) : v === null || v === undefined ? '' : String(v));
