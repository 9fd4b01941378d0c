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

/**
 * Characters no hand-written text may hold (metadata, platforms, entities, errata, file names under
 * seeds/): C0 and C1 control characters but tab, line feed and carriage return (XML 1.0, hence the
 * feed, refuses them; a bell or an escape has no place in a title), and the invisible characters
 * that reorder or hide text (bidirectional overrides and isolates such as U+202E, marks, a byte
 * order mark inside the text), which make a title read other than it is written; the characters
 * that show as nothing (zero-width space U+200B, word joiner U+2060, soft hyphen U+00AD, Mongolian
 * vowel separator U+180E, invisible operators, Hangul fillers), which make "Mojito\u200b" look
 * exactly like Mojito; and what XML cannot hold at all (U+FFFE, U+FFFF, a lone half of a surrogate
 * pair, as a YAML escape can write).
 */
export const CONTROL_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u115f\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\ufffe\uffff\ud800-\udfff]/u;

/**
 * Characters a name is matched without (entities.mjs normaliseName): those above that show as
 * nothing, and the zero-width joiners U+200C and U+200D, which some scripts need in text but which
 * never tell two names apart.
 */
export const INVISIBLE_IN_NAMES =
  /[\u00ad\u061c\u115f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/gu;

/** A control character as a reader can see it in a message: `\u0007`. */
export const showCharacter = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Quote a piece of input for an error message: trimmed, shortened, with invisible characters shown. */
export function quote(text) {
  if (text === undefined || text === null) return 'nothing';
  let s = String(text).replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  s = s.replace(new RegExp(CONTROL_CHARACTER.source, 'gu'), showCharacter).replace(/\ufffd/g, showCharacter);
  if (s.trim() === '') return s === '' ? 'an empty line' : 'a line of only spaces';
  s = s.trim();
  if (s.length > 80) s = s.slice(0, 77) + '...';
  return JSON.stringify(s);
}

/** What a system error code means for a contributor, and what to do about it. */
const SYSTEM_ERRORS = {
  EACCES: 'permission denied: make it writable (or readable) for this user',
  EPERM: 'operation not permitted: make it writable for this user',
  EROFS: 'on a read-only file system: write somewhere else (--out)',
  EBUSY: 'busy (in use by another program, or a mount point): close what uses it and run again',
  ENOSPC: 'no space left on the device: free some space and run again',
  EDQUOT: 'disk quota exceeded: free some space and run again',
  EISDIR: 'expected a file, found a folder',
  EEXIST: 'a file is in the way where a folder should be',
  ENOTDIR: 'expected a folder, found a file on the way',
  ENOENT: 'no such file or folder',
  ELOOP: 'a loop of symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files: run again with fewer programs open',
};

/**
 * One line for an error of the operating system (err.code such as EACCES, ENOSPC, EISDIR), naming
 * the file it happened to: `<file>: <what it means>`. Undefined for any other error (a bug, which
 * keeps its stack trace). The CLIs print this instead of a stack trace, and exit 1.
 * @param {any} err
 * @param {string} [file] the file or folder the CLI was working on, when the error names none
 */
export function systemErrorLine(err, file) {
  const code = err?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code) || typeof err.syscall !== 'string') return undefined;
  const where = err.path ?? file ?? 'a file';
  const what = SYSTEM_ERRORS[code] ?? err.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*$/, '');
  return `${where}: ${what} (${code}, ${err.syscall})`;
}
