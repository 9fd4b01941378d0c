// The corpus's goldens (tests/fixtures/corpus, issue 31 and 39) as the tests read them: whether a
// measurement row is the one a golden row names (the recipe kept beside a corpus file:
// recipeOf in scripts/bench/real-files.mjs).

/**
 * A golden row matches a data row (a CSV record: every field a string): same line, benchmark,
 * metric, statistic and conditions.
 * @param {{ line: number, benchmark?: string, metric: string, statistic: string, conditions: Record<string, string | number> }} golden
 * @param {Record<string, string>} row
 * @param {string[]} conditionColumns the condition columns of the rows
 */
export function matches(golden, row, conditionColumns) {
  if (Number(row.line) !== golden.line) return false;
  if (row.metric !== golden.metric || row.statistic !== golden.statistic) return false;
  if (golden.benchmark !== undefined && row.benchmark !== golden.benchmark) return false;
  return conditionColumns.every((c) => (row[c] ?? '') === String(golden.conditions[c] ?? ''));
}
