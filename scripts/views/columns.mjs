// Which columns of a data table identify a row and hold its value: the ones a table keeps on a phone
// (the others wait behind "Show all columns": assets/js/atlas.js). From the table's schema: for the
// measurement model, the benchmark, subject, value and unit; for a table of its own kind, what its
// x-measurements recipe reads as the benchmark, section, subject (else its natural key), the first value (a percentile
// table: the percentile and its value) and the unit column; without a recipe, the columns of its
// natural key and its first other number (every column of a table of text). Pure.

import { list } from '../lib/text.mjs';

/**
 * @param {{ kind: string, naturalKey?: string[], 'x-measurements'?: object, fields: { name: string, type: string }[] }} schema
 * @returns {Set<string>} the names of the key columns
 */
export function keyColumns(schema) {
  const names = new Set(schema.fields.map((f) => f.name));
  const numeric = (f) => f.type === 'integer' || f.type === 'number';
  const keys = [];
  const recipe = schema['x-measurements'];
  if (schema.kind === 'measurement') keys.push('benchmark', 'subject', 'value', 'unit');
  else if (recipe) {
    const column = (c) => (typeof c === 'string' && !c.startsWith('=') && c !== 'declared' ? [c] : []);
    keys.push(...[recipe.benchmark ?? []].flat().flatMap(column), ...column(recipe.section), ...column(recipe.subject));
    // Rows named by their conditions alone (AStore: one row per parallelism-max): those identify them.
    if (!keys.length) keys.push(...(schema.naturalKey ?? []));
    if (recipe.percentile) keys.push(recipe.percentile.column, recipe.percentile.value);
    else if (recipe.values?.length) keys.push(recipe.values[0].column);
    keys.push(...column(recipe.unitColumn));
  } else {
    const key = new Set(schema.naturalKey ?? []);
    keys.push(...schema.fields.filter((f) => key.has(f.name)).map((f) => f.name));
    const value = schema.fields.find((f) => numeric(f) && !key.has(f.name));
    // A table of text (the errata: published and corrected values, the reason) keeps every column.
    keys.push(...(value ? [value] : schema.fields).map((f) => f.name));
  }
  return new Set(keys.filter((k) => names.has(k)));
}

/**
 * The number columns of a report's table that the measurement model does not hold: those its
 * x-measurements recipe reads neither as a value (nor its spread or bounds), a percentile nor a
 * condition, and that hold a number in some row; every number column of a table without a recipe.
 * The report page names them after "Every number above is also in the shared measurement model".
 * @param {{ 'x-measurements'?: object }} schema the table kind's schema (its recipe)
 * @param {{ name: string, type: string, title?: string }[]} fields the table's fields
 * @param {object[]} rows typed rows
 * @returns {string[]} the titles of those columns, in table order
 */
export function notModelled(schema, fields, rows) {
  const recipe = schema['x-measurements'];
  const read = new Set(['line', 'line_end']);
  for (const v of recipe?.values ?? [])
    for (const k of ['column', 'spread', 'lower', 'upper']) if (v[k]) read.add(v[k]);
  for (const c of recipe?.conditions ?? []) read.add(c);
  if (recipe?.percentile) read.add(recipe.percentile.column).add(recipe.percentile.value);
  return fields
    .filter((f) => (f.type === 'integer' || f.type === 'number') && !read.has(f.name))
    .filter((f) => rows.some((r) => typeof r[f.name] === 'number'))
    .map((f) => f.title ?? f.name);
}

/**
 * The report page's sentence on the measurement model (the start of it; the page adds the links):
 * "Every number above, except Write errors and HTML transferred (bytes) in “ab runs”, is also in
 * the shared measurement model".
 * @param {{ table: string, columns: string[] }[]} notInModel the numbers a report's tables show that the model lacks
 */
export function modelNote(notInModel) {
  const except = notInModel.map((t) => `${list(t.columns)} in “${t.table}”`).join('; ');
  return `Every number above${except ? `, except ${except},` : ''} is also in the shared measurement model`;
}
