// Command-line arguments, the same way for every CLI: node's parseArgs with the CLI's options,
// plus --help (-h), which prints the usage (the comment block at the top of the CLI's file) and
// exits 0. A bad argument (an unknown option, an option without its value, a positional argument a
// CLI takes none of) is one line on stderr naming the CLI and the argument, and exit 2: never a
// stack trace.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The comment block at the top of a file, without its comment marks: a CLI's usage. */
export function usageOf(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const end = lines.findIndex((l) => !l.startsWith('//'));
  return lines
    .slice(0, end === -1 ? lines.length : end)
    .map((l) => l.replace(/^\/\/ ?/, ''))
    .join('\n');
}

/** A parseArgs error as one line: its first sentence, with the option it names. */
export function argErrorLine(cli, e) {
  const first = String(e.message).split(/\.\s/)[0].replace(/\.$/, '');
  return `${cli}: ${first} (see --help)`;
}

/**
 * Parse process.argv for a CLI: its options plus --help; exits on --help (0) and on a bad argument (2).
 * @param {string} metaUrl the CLI's import.meta.url (its usage is its top comment block)
 * @param {{ options?: object, allowPositionals?: boolean, args?: string[] }} config as parseArgs
 * @returns {{ values: Record<string, any>, positionals: string[] }}
 */
export function cliArgs(metaUrl, { options = {}, allowPositionals = false, args } = {}) {
  const file = fileURLToPath(metaUrl);
  const cli = path.basename(file);
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    if (!String(e.code).startsWith('ERR_PARSE_ARGS')) throw e;
    console.error(argErrorLine(cli, e));
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usageOf(file));
    process.exit(0);
  }
  return parsed;
}

/** A bad value of an argument found after parsing: one line, exit 2 (as cliArgs). */
export function argError(metaUrl, message) {
  console.error(`${path.basename(fileURLToPath(metaUrl))}: ${message} (see --help)`);
  process.exit(2);
}
