// Bytes of a report to text: UTF-8 (with or without its byte-order mark), UTF-16 LE or BE (by their
// mark, or without one by the pattern of NUL bytes that ASCII text leaves in them), and Latin-1 when
// the bytes are not UTF-8 at all (a JMH log written on a Windows console with `±` as byte 0xB1). A
// UTF-8 file with a stray bad byte stays UTF-8: the byte becomes U+FFFD and its line is returned.
// ANSI escape codes (colours, cursor moves, terminal titles) are removed by stripAnsi, so a pasted
// coloured output reads as the plain text it shows. Pure.
//
// Exports:
//   decodeText(bytes: Uint8Array) -> { text, encoding, invalid? }   encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin-1' | 'windows-1252'
//   stripAnsi(text) -> text
//   readReport(bytes) -> decodeText's answer with stripAnsi applied to its text

/**
 * Which byte of each pair is NUL in the first 4,096 bytes: text in UTF-16 without a mark, mostly
 * ASCII, has a NUL in every other byte.
 * @returns {'utf-16le' | 'utf-16be' | undefined}
 */
function utf16ByNuls(bytes) {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.4 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.4 && odd < pairs * 0.05) return 'utf-16be';
  return undefined;
}

// Windows-1252 at 0x80-0x9F (undefined bytes stay C1 controls, as in Latin-1). Written out: Node's
// TextDecoder('windows-1252') decodes these bytes as Latin-1.
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** One byte a character: Latin-1, with Windows-1252's characters at 0x80-0x9F. */
function singleByte(b) {
  let text = '';
  for (let i = 0; i < b.length; i += 8192) {
    text += String.fromCharCode(...b.subarray(i, i + 8192)).replace(
      /[\u0080-\u009f]/g,
      (c) => CP1252[c.charCodeAt(0) - 0x80],
    );
  }
  return text;
}

/**
 * Valid multi-byte UTF-8 sequences in the bytes, and the 1-based lines of bytes that are not UTF-8.
 * @returns {{ valid: number, badLines: number[] }}
 */
function utf8Sequences(b) {
  let valid = 0;
  let line = 1;
  const badLines = [];
  for (let i = 0; i < b.length;) {
    const x = b[i];
    if (x === 0x0a) line++;
    if (x < 0x80) {
      i++;
      continue;
    }
    const n = x >= 0xc2 && x <= 0xdf ? 2 : x >= 0xe0 && x <= 0xef ? 3 : x >= 0xf0 && x <= 0xf4 ? 4 : 0;
    let ok = n > 0 && i + n <= b.length;
    for (let k = 1; ok && k < n; k++) ok = (b[i + k] & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += n;
    } else {
      if (badLines[badLines.length - 1] !== line) badLines.push(line);
      i++;
    }
  }
  return { valid, badLines };
}

/**
 * @param {Uint8Array} bytes
 * @returns {{ text: string, encoding: string, invalid?: number[] }} invalid: the lines of bytes
 *   that are not UTF-8 in a file otherwise UTF-8 (each read as U+FFFD)
 */
export function decodeText(bytes) {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(b.subarray(3)), encoding: 'utf-8' };
  if (b[0] === 0xff && b[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(b.subarray(2)), encoding: 'utf-16le' };
  if (b[0] === 0xfe && b[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(b.subarray(2)), encoding: 'utf-16be' };
  const utf16 = utf16ByNuls(b);
  if (utf16) return { text: new TextDecoder(utf16).decode(b), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8' };
  } catch {
    // UTF-8 with a stray byte (its other characters valid multi-byte sequences, "naïve"): read as
    // UTF-8, each bad byte U+FFFD, and the lines that hold one returned for the CLI to report.
    const { valid, badLines } = utf8Sequences(b);
    if (valid > 0) return { text: new TextDecoder('utf-8').decode(b), encoding: 'utf-8', invalid: badLines };
    // Not UTF-8: one byte a character. Bytes 0x80-0x9F are C1 controls in Latin-1 but printable in
    // Windows-1252 (what such files really are when they have them: “quotes”, €, …).
    const c1 = b.some((x) => x >= 0x80 && x <= 0x9f);
    return { text: singleByte(b), encoding: c1 ? 'windows-1252' : 'latin-1' };
  }
}

// CSI (colours, cursor moves: ESC [ ... final byte, or the 8-bit CSI 0x9B), OSC (titles, links:
// ESC ] ... BEL or ESC \), and the two-byte escapes (ESC followed by one character).
// eslint-disable-next-line no-control-regex
const ANSI = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b\n]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The text without ANSI escape codes (never across a line end: line numbers stay). */
export const stripAnsi = (text) => String(text).replace(ANSI, '');

/**
 * The 1-based line of the first NUL character of a decoded text, or 0: a text report has none
 * (Markdown reads one as U+FFFD, and a cell with it silently loses its entity).
 */
export function nulLine(text) {
  const at = text.indexOf('\0');
  return at === -1 ? 0 : text.slice(0, at).split('\n').length;
}

/**
 * A report's bytes as the text every stage reads: decoded (decodeText), with ANSI escape codes
 * removed, so a pasted coloured output gives no escape in any CSV cell.
 * @param {Uint8Array} bytes
 */
export function readReport(bytes) {
  const d = decodeText(bytes);
  return { ...d, text: stripAnsi(d.text) };
}
