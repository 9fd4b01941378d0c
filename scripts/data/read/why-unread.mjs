// Why no reader read a file, when the file shows it: an empty file, JSON nested too deep, a table of
// one column or of no rows, or a value written in a form no reader takes as a number (1e309,
// Infinity, 0x1F, 1_000, 1.234,5, a 400-digit number, 2^53+1). add-report says this, at its line,
// instead of only listing the formats it tried. Pure: text in, an InputError (no file yet) or null.
import { InputError, quote } from '../../lib/errors.mjs';
import { splitLines } from '../../lib/text.mjs';
import { checkJsonDepth } from '../parsers/shared/json-depth.mjs';
import { outline } from './outline.mjs';

/** Forms of a value that no reader takes as a number, each with what it is; the first that a text holds is named. */
const UNREAD_NUMBERS = [
  [/(?<![\w.])[-+]?\d+(?:\.\d+)?\s*\^\s*\d+(?:\s*[-+*/]\s*\d+)*(?![\w.])/, () => 'an expression, not a number'],
  [/(?<![\w.])[-+]?0x[0-9a-f]+(?![\w.])/i, () => 'a hexadecimal number'],
  [/(?<![\w.])[-+]?\d+(?:_\d+)+(?:\.\d+)?(?![\w.])/, () => 'digits grouped with "_"'],
  [/(?<![\w.,])[-+]?\d{1,3}(?:\.\d{3})+,\d+(?![\w.,])/, () => 'a decimal comma'],
  [/(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)e[-+]?\d+(?![\w.])/i, (t) => (Number.isFinite(Number(t)) ? null : 'beyond the largest number a JavaScript number holds')],
  // A word is never a number: "-inf" ending glmark2's "shading=blinn-phong-inf" is part of the word.
  [/(?<![\w.]|[\w.]-)[-+]?(?:infinity|inf|nan)(?![\w.]|-\w)/i, () => 'not a finite number'],
  [/(?<![\w.])[-+]?\d{16,}(?:\.\d+)?(?![\w.])/, (t) => `${t.replace(/\D/g, '').length} digits, more than a JavaScript number holds`],
];

/** The first value form of UNREAD_NUMBERS in a piece of text, as [token, what it is], or null. */
function unreadNumber(text) {
  for (const [re, what] of UNREAD_NUMBERS) {
    const m = re.exec(text);
    const why = m && what(m[0]);
    if (why) return [m[0], why];
  }
  return null;
}

const cut = (s) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
const found = ([token, why]) => `${quote(cut(token))} (${why})`;
const EXPECTED_NUMBER = 'a plain decimal number (such as 1234.5 or 1.5e3, at most 15 significant digits)';

/** The tables of an outline that no reader can read (one column, or a header and no rows), each with why. */
function oddTablesOf(blocks) {
  const out = [];
  for (const b of blocks) {
    if (b.type !== 'table' || b.cut) continue;
    const header = b.header?.length ? b.header : (b.rows[0] ?? []);
    const rows = b.header?.length ? b.rows : b.rows.slice(1);
    const at = header[0]?.line ?? b.from;
    if (header.length === 1)
      out.push({ block: b, line: at, why: `a table of one column (${quote(cut(header[0].text))})`, error: new InputError(at, 'a table of two columns or more (a name and its values)', `one column, ${quote(cut(header[0].text))}`) });
    else if (!rows.length) out.push({ block: b, line: at, why: 'a table header with no rows', error: new InputError(at, 'rows under the table header', 'a header and no rows') });
  }
  return out;
}

/**
 * The tables of a text that no reader can read (a table of one column, such as a README's
 * contributors list; a header with no rows): each left out, with its line and why, never the reason
 * the rest of the file is refused.
 * @param {string} text
 * @returns {Array<{ line: number, why: string }>}
 */
export function oddTables(text) {
  try {
    return oddTablesOf(outline(text).blocks).map(({ line, why }) => ({ line, why }));
  } catch (e) {
    if (e instanceof InputError) return [];
    throw e;
  }
}

/**
 * @param {string} text
 * @returns {InputError | null}
 */
export function whyUnread(text) {
  if (!text.trim()) return new InputError(1, 'a report with at least one measurement', text ? 'only white space' : 'an empty file');
  if (/^\s*[[{]/.test(text)) {
    try {
      checkJsonDepth(text);
    } catch (e) {
      if (e instanceof InputError) return e;
      throw e;
    }
  }
  let blocks = [];
  try {
    blocks = outline(text).blocks;
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  // A table no reader can read (one column, no rows) is the file's reason only when it is the file's
  // one block that could hold results: beside other tables or code, it is one block left out (oddTables).
  const odd = oddTablesOf(blocks);
  const lines = splitLines(text);
  const candidates = blocks.filter((b) => b.type === 'table' || (b.type === 'code' && /\d/.test(lines.slice(b.from - 1, b.to).join('\n'))));
  if (odd.length && candidates.length <= odd.length) return odd[0].error;
  for (const b of blocks) {
    if (b.type !== 'table' || b.cut || odd.some((o) => o.block === b)) continue;
    const rows = b.header?.length ? b.rows : b.rows.slice(1);
    for (const r of rows) {
      for (const c of r) {
        const u = unreadNumber(c.text);
        if (u) return new InputError(c.line, EXPECTED_NUMBER, found(u));
      }
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const u = unreadNumber(lines[i]);
    if (u) return new InputError(i + 1, EXPECTED_NUMBER, found(u));
  }
  return null;
}
