// How deep JSON nests, found in one pass before any reader descends into it: the JSON readers are
// recursive and keep every path, so a value nested 100,000 deep would take minutes or overflow the
// stack. Deeper than MAX_JSON_DEPTH is refused at the line where it goes too deep. Pure.
import { InputError } from '../../../lib/errors.mjs';

/** The deepest nesting of arrays and objects a report's JSON may have (real outputs nest under 10). */
export const MAX_JSON_DEPTH = 100;

/**
 * Throw an InputError at the line where `text` nests deeper than MAX_JSON_DEPTH (brackets inside
 * strings do not count). Linear in the text's length, no recursion.
 * @param {string} text
 * @param {number} [firstLine] the line of text[0] in the whole file
 */
export function checkJsonDepth(text, firstLine = 1) {
  let depth = 0;
  let line = firstLine;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > MAX_JSON_DEPTH)
        throw new InputError(line, `JSON nested at most ${MAX_JSON_DEPTH} levels deep`, `more than ${MAX_JSON_DEPTH} levels`);
    } else if (c === ']' || c === '}') depth--;
  }
}
