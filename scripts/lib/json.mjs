// JSON as the pipeline writes it: LF, a final newline, an indent chosen per file, and (for indexes
// built from maps) keys sorted at every level, so a file's bytes depend only on its content.

/** JSON text with `indent` spaces (0: one line) and a final newline. */
export const jsonText = (value, indent = 2) => `${JSON.stringify(value, null, indent)}\n`;

/** JSON with object keys sorted at every level (arrays keep their order), two-space indent, LF. */
export function sortedJsonText(value) {
  const sort = (v) => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort(v[k])]),
      );
    return v;
  };
  return jsonText(sort(value));
}
