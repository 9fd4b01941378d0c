// Which parsers read a text: ask each registered format whether it recognises the content. A
// report may paste the output of several tools (prose with an ab run and a wrk run): every format
// that recognises the file is returned, and each parser reads only its own blocks.
import { InputError } from '../lib/errors.mjs';

/**
 * @param {string} text
 * @param {Record<string, { detect: (t: string) => boolean }>} parsers
 * @param {string} file  for the message
 * @returns {string[]} the format names, in registry order
 */
export function detectFormats(text, parsers, file) {
  const hits = Object.entries(parsers)
    .filter(([, p]) => p.detect(text))
    .map(([name]) => name);
  if (hits.length) return hits;
  throw new InputError(
    0,
    `a report in a known format (${Object.keys(parsers).join(', ')}); for a new format, add a parser (CONTRIBUTING.md, "A new format")`,
    'none that recognises this file',
    file,
  );
}
