// Exact unit conversion for numbers printed with a unit or a suffix ("12.92ms", "9.01k", "410.05MB"):
// the digits are read as an integer and a count of decimals, multiplied by an integer factor and
// divided once by a power of ten, so 12.92 ms gives 12920 µs, never 12920.000000000002.

/**
 * Scale a plain decimal ("12.92", "0.93", "212") by an integer factor, exactly where the result is.
 * @param {string} digits a decimal number without sign or exponent
 * @param {number} factor a positive integer
 * @returns {number | undefined} undefined when `digits` is not a plain decimal
 */
export function scaleDecimal(digits, factor) {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(digits);
  if (!m) return undefined;
  const decimals = m[2] ?? '';
  const whole = BigInt(m[1] + decimals) * BigInt(factor);
  const ten = 10n ** BigInt(decimals.length);
  // Whole part and remainder apart, so the one rounding is that of the final decimal.
  const q = whole / ten;
  const r = whole % ten;
  return r === 0n ? Number(q) : Number(`${q}.${r.toString().padStart(decimals.length, '0')}`);
}

/** Microseconds in each time unit as wrk and CloudI print them. */
export const TIME_US = { us: 1, 'µs': 1, ms: 1000, s: 1000000, m: 60000000, h: 3600000000 };

/** Bytes in each binary size unit as wrk prints them (wrk's format_binary: powers of 1024). */
export const BYTES = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** Each metric suffix as wrk prints it (wrk's format_metric: powers of 1000). */
export const METRIC = { '': 1, k: 1000, M: 1000000, G: 1000000000 };

/**
 * Read "<decimal><unit>" with a unit from a table, e.g. readWithUnit("12.92ms", TIME_US).
 * @returns {{ value: number, unit: string } | { value: undefined, unit: string | undefined }}
 */
export function readWithUnit(token, units) {
  const m = /^(\d+(?:\.\d+)?)([A-Za-zµ]*)$/.exec(token ?? '');
  if (!m) return { value: undefined, unit: undefined };
  if (!Object.hasOwn(units, m[2])) return { value: undefined, unit: m[2] };
  return { value: scaleDecimal(m[1], units[m[2]]), unit: m[2] };
}
