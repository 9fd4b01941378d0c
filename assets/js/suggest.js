// "Did you mean ...": the nearest of the atlas's names to a query that finds nothing, by edit
// distance (insertions, deletions, substitutions and swaps of two neighbours), from terms.json (the
// names and title words of reports, platforms, subjects and comparisons, written at build time by
// scripts/search/build-search.mjs). No network but the site's own file; pure, so node tests it.

/** Edits between a and b (optimal string alignment), at most `max` + 1 (stops counting beyond). */
export function distance(a, b, max = Infinity) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2 = null;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** How many edits a word of this length may be off: 1 up to 4 letters, 2 up to 8, else 3. */
const allowed = (n) => (n <= 4 ? 1 : n <= 8 ? 2 : 3);

/**
 * The query with each word the terms do not know replaced by the nearest term (fewest edits; then
 * the same first letter; then the shorter; then alphabetical), or null when no word changes.
 * "mojto" -> "Mojito", "powr8" -> "POWER8", "hackney" -> null (a known name).
 * @param {string} query
 * @param {string[]} terms
 */
export function suggest(query, terms) {
  const lower = terms.map((t) => t.toLowerCase());
  const known = new Set(lower);
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (known.has(query.trim().toLowerCase())) return null;
  let changed = false;
  const out = words.map((w) => {
    const q = w.toLowerCase();
    if (known.has(q)) return w;
    const max = allowed(q.length);
    let best = null;
    for (let i = 0; i < terms.length; i++) {
      const d = distance(q, lower[i], max);
      if (d > max) continue;
      const key = [d, lower[i][0] === q[0] ? 0 : 1, terms[i].length, terms[i]];
      if (!best || compare(key, best.key) < 0) best = { key, term: terms[i] };
    }
    if (!best) return w;
    changed = true;
    return best.term;
  });
  return changed ? out.join(' ') : null;
}

/** Keys compared item by item (numbers as numbers, then text). */
function compare(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}
