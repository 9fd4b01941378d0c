// Number formatting for readers: thousands separators, digits as published (no rounding).
// Downloads keep the raw values; only the HTML tables and prose use this.

/** "1048576" -> "1,048,576"; "7163.58" -> "7,163.58"; null -> "". */
export function formatNumber(v) {
  if (v === null || v === undefined || v === '') return '';
  const [int, frac] = String(v).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (frac !== undefined ? '.' + frac : '');
}
