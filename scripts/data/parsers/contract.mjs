// The contract between parsers and the pipeline, as JSDoc types (documentation for editors and
// readers: no type checker runs over them; the golden tests and the table schemas enforce them).
// A parser module exports `format` (its name in the registry), `description`, `detect(text)` and
// `parse(text)`. `parse` is pure: no file system, no clock, no globals. It throws
// `InputError(line, expected, found)` on input it cannot read; the CLI adds the file path.

/**
 * @typedef {object} Fact       One thing a report states about a machine.
 * @property {string} field      snake_case name: cpu_model, clock_ghz, sockets, memory, os, kernel, ...
 * @property {string|number} value
 * @property {string} [unit]
 * @property {number} line       1-based line of the seed that states it
 * @property {string} [note]
 */

/**
 * @typedef {object} Table      One tidy table: rows of one kind (see scripts/data/schemas/).
 * @property {string} kind       the schema the rows follow
 * @property {string} title
 * @property {Array<Record<string, unknown> & { line: number }>} rows
 * @property {Array<{ text: string, line: number, skipped?: true }>} [notes] (skipped: a result the file
 *   names but gives no number for, an error or a skip: add-report prints it)
 */

/**
 * @typedef {object} ParseResult
 * @property {string} [title]                    the report's own title, where it has one
 * @property {Record<string, Table>} tables      table id -> table (may be empty: no measured numbers)
 * @property {Record<string, { label: string, facts: Fact[] }>} machines  machine key (system, client, server) -> facts
 * @property {Array<{ text: string, name: string, version: string, line: number }>} software
 * @property {Array<{ title: string, text: string, line: number }>} methodology
 * @property {Array<{ text: string, line: number, skipped?: true }>} notes   (skipped: as in Table)
 * @property {Array<Record<string, unknown>>} sections  free-form blocks the site shows (config, commands, lists)
 * @property {Array<Record<string, unknown>>} [runs]
 * @property {Array<{ from: number, to: number, line: number, why: string }>} [not_read]  passages the parser
 *   left out on purpose (the table fallback: a machine's df -h, a histogram), lines and why ("expected
 *   results, found ..."): listed with the passages that stopped the reading (data/read/keep.mjs)
 */

export {};
