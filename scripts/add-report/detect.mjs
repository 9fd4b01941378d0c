// Which parser reads a text: ask each registered format whether it recognises the content.
import { InputError } from '../lib/errors.mjs';

/**
 * @param {string} text
 * @param {Record<string, { detect: (t: string) => boolean }>} parsers
 * @param {string} file  for the message
 * @returns {string} the format name
 */
export function detectFormat(text, parsers, file) {
  const hits = Object.entries(parsers)
    .filter(([, p]) => p.detect(text))
    .map(([name]) => name);
  if (hits.length === 1) return hits[0];
  const known = Object.keys(parsers).join(', ');
  if (!hits.length) {
    throw new InputError(
      0,
      `a report in a known format (${known}); for a new format, add a parser (CONTRIBUTING.md, "A new format")`,
      'none that recognises this file',
      file,
    );
  }
  throw new InputError(0, 'one format that recognises the file', `${hits.join(' and ')}: pass --format`, file);
}
