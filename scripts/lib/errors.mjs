// Errors that point at a place in an input file.
// A parser knows only line numbers; the CLI that read the file adds its path,
// so every message reads `path:line: expected ..., found ...`.

/** A problem in an input text, at a 1-based line (0 when the whole file is at fault). */
export class InputError extends Error {
  /**
   * @param {number} line 1-based line number, or 0 for the whole file
   * @param {string} expected what the format calls for
   * @param {string} found what the text has instead (quoted for the reader)
   * @param {string} [file] path of the input, when known
   */
  constructor(line, expected, found, file) {
    super(`expected ${expected}, found ${found}`);
    this.name = 'InputError';
    this.line = line;
    this.expected = expected;
    this.found = found;
    this.file = file;
  }

  /** `path:line: expected ..., found ...` */
  format() {
    const where = this.file ? (this.line ? `${this.file}:${this.line}` : this.file) : `line ${this.line}`;
    return `${where}: ${this.message}`;
  }
}

/** Quote a piece of input for an error message: trimmed, shortened, with invisible characters shown. */
export function quote(text) {
  if (text === undefined || text === null) return 'nothing';
  let s = String(text).replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  s = s.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff\ufffd]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (s.trim() === '') return s === '' ? 'an empty line' : 'a line of only spaces';
  s = s.trim();
  if (s.length > 80) s = s.slice(0, 77) + '...';
  return JSON.stringify(s);
}
