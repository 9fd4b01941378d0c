// The heading each line of a Markdown text sits under: the nearest ATX heading ("## Results") above
// it, outside fenced code blocks, so an adapter can give its rows a `section`. Setext headings are
// left to the document reader: their "---" underline cannot be told from a rule in tool output.

/**
 * @param {string[]} lines
 * @returns {string[]} the heading text in force at each line ('' before the first)
 */
export function sectionsOf(lines) {
  const out = [];
  let fence = '';
  let heading = '';
  for (const line of lines) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f && (!fence || f[1][0] === fence[0])) fence = fence ? '' : f[1];
    else if (!fence) {
      const h = /^\s{0,3}#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
      if (h) heading = h[1];
    }
    out.push(heading);
  }
  return out;
}
