// HTML the views stage writes for Hugo to include as it is (scripts/views/fragments.mjs): text and
// attribute values escaped, and values printed, exactly as Hugo's templates print them, so that a
// region of a page moved out of a template into this stage leaves the page byte for byte the same.
//  - escape: Go's html/template escaper for text and quoted attributes (the characters below);
//  - goValue: Go's fmt %v of a value read from JSON (lib/go-format.mjs: a number is a float64,
//    "1.069773e+06"), escaped;
//  - readingNumber: layouts/_partials/helpers/number.html (lang.FormatNumberCustom with "en":
//    thousands separators, at most two decimals rounded half away from zero, no trailing zeros);
//  - url: relURL of a path under the site's base path.
// Pure functions: no file is read here.

import { goText } from '../lib/go-format.mjs';

const ESCAPES = { '\0': '\uFFFD', '"': '&#34;', '&': '&amp;', "'": '&#39;', '+': '&#43;', '<': '&lt;', '>': '&gt;' };

/** A string as html/template writes it into text or a quoted attribute value. */
export function escape(text) {
  return String(text).replace(/[\0"&'+<>]/g, (c) => ESCAPES[c]);
}

/** Go's %v of a value decoded from JSON (numbers are float64), escaped for HTML. */
export const goValue = (v) => escape(goText(v));

/**
 * Hugo's lang.FormatNumberCustom: n rounded to `digits` decimals half away from zero (of n times
 * 10^digits as a float64: 2.675 -> 2.68 and 1.005 -> 1.00, as Hugo writes them), thousands
 * separators, and a minus sign when n is below zero.
 */
function formatNumberCustom(digits, n) {
  const exp = 10 ** digits;
  const r = (Math.sign(n) * Math.round(Math.abs(n * exp))) / exp;
  const abs = Math.abs(r);
  const s = abs >= 1e21 ? BigInt(abs).toString() + (digits ? `.${'0'.repeat(digits)}` : '') : abs.toFixed(digits);
  return (n < 0 ? '-' : '') + group(s);
}

/** Thousands separators on the integer part of a decimal string. */
function group(s) {
  const [int, frac] = s.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = (sign ? int.slice(1) : int).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + digits + (frac !== undefined ? `.${frac}` : '');
}

/** layouts/_partials/helpers/number.html: 1069773 -> "1,069,773"; 26.650 -> "26.65"; 3.5 -> "3.5". */
export function readingNumber(n) {
  if (Math.floor(n) === n) return formatNumberCustom(0, n);
  return formatNumberCustom(2, n).replace(/0+$/, '').replace(/\.$/, '');
}

/** relURL: a path of the site under its base path ("/" or, published, the path of its URL). */
export function url(basePath, rel) {
  return escape(basePath.replace(/\/?$/, '/') + rel.replace(/^\//, ''));
}

/** layouts/_partials/helpers/seed-link.html. */
export function seedLink(basePath, slug, line, end) {
  const range = end !== undefined && end !== null && end !== line ? `–${goValue(end)}` : '';
  return `<a class="seed-link" href="${url(basePath, `seeds/${slug}/#L${goValue(line)}`)}">line ${goValue(line)}${range}</a>`;
}
