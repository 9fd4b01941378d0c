// Parser for AStore's reStructuredText benchmark notes (astore-docs/rst/benchmark/*.rst):
// a title, an Environment section (Client:/Server: blocks of "KEY: value"), configuration and
// command code blocks, and Approach, Observation and Conclusion lists. The report has no measured
// numbers (its only data is a chart image), so it yields no tables: only what the site shows as text.
// Pure: text in, structured text out, each item with its 1-based line.
import { InputError, quote } from '../../../lib/errors.mjs';
import { splitLines, isBlank, slugify } from '../../../lib/text.mjs';

export const format = 'astore-rst';
export const description = 'AStore benchmark notes in reStructuredText: environment, Akka/spray configuration, ab command, approach, observations, conclusion (no measured numbers).';

const KNOWN = [
  { id: 'environment', match: /^environment$/i },
  { id: 'configuration', match: /^configuration$/i },
  { id: 'prepare', match: /^prepare$/i },
  { id: 'command', match: /command$/i },
  { id: 'approach', match: /^approach$/i },
  { id: 'chart', match: /chart$/i },
  { id: 'observation', match: /^observations?$/i },
  { id: 'conclusion', match: /^conclusions?$/i },
];

export function detect(text) {
  return /^\.\. (code|image)::/m.test(text) && /^Environment\s*\n-{3,}/m.test(text.replace(/\r\n?/g, '\n'));
}

const underline = (l, ch) => new RegExp(`^\\${ch}{3,}\\s*$`).test(l ?? '');

/**
 * @param {string} text
 * @returns {import('../contract.mjs').ParseResult}
 */
export function parse(text) {
  const lines = splitLines(text);
  if (lines.every(isBlank)) throw new InputError(0, 'an AStore reStructuredText benchmark', 'an empty file');
  let title = '';
  let titleLine = 0;
  const heads = [];
  for (let i = 0; i < lines.length; i++) {
    if (underline(lines[i], '=') && underline(lines[i + 2], '=') && !isBlank(lines[i + 1])) {
      title = lines[i + 1].trim();
      titleLine = i + 2;
      i += 2;
    } else if (!isBlank(lines[i]) && underline(lines[i + 1], '-') && !/^\s/.test(lines[i])) {
      const known = KNOWN.find((k) => k.match.test(lines[i].trim()));
      if (!known) {
        throw new InputError(i + 1, 'a section heading (Environment, Configuration, Prepare, Apache ab command, Approach, Benchmark chart, Observation, Conclusion)', quote(lines[i]));
      }
      heads.push({ id: known.id, title: lines[i].trim(), line: i + 1, start: i + 2 });
      i++;
    }
  }
  if (!title) throw new InputError(1, 'a title between two rows of "="', quote(lines[0]));
  if (!heads.some((h) => h.id === 'environment')) throw new InputError(0, 'an "Environment" section', 'none');

  const machines = {};
  const sections = [];
  const methodology = [];
  heads.forEach((h, k) => {
    const end = k + 1 < heads.length ? heads[k + 1].line - 1 : lines.length;
    const body = [];
    for (let i = h.start; i < end; i++) body.push([i + 1, lines[i]]);
    if (h.id === 'environment') return readEnvironment(body, machines);
    const section = { id: h.id, title: h.title, line: h.line, code: [], items: [], images: [] };
    readBlocks(body, section);
    sections.push(section);
    if (h.id === 'approach') section.items.forEach((it) => methodology.push({ title: 'Approach', text: it.text, line: it.line }));
  });
  return { title, title_line: titleLine, tables: {}, machines, software: [], methodology, notes: [], sections };
}

/** "Client:" / "Server:" blocks (underlined with "~") holding "KEY: value" lines and free lines. */
function readEnvironment(body, machines) {
  let current = null;
  for (let j = 0; j < body.length; j++) {
    const [n, l] = body[j];
    if (isBlank(l) || underline(l, '~')) continue;
    const role = /^(\w[\w ]*):\s*$/.exec(l.trim());
    if (role && underline(body[j + 1]?.[1], '~')) {
      const key = slugify(role[1]);
      current = machines[key] = { label: role[1], line: n, facts: [] };
      continue;
    }
    if (!current) throw new InputError(n, 'a "Client:" or "Server:" block', quote(l));
    const kv = /^([A-Za-z][\w ]*):\s*(.+?)\s*$/.exec(l.trim());
    if (!kv) {
      current.facts.push({ field: 'other', value: l.trim(), line: n });
      continue;
    }
    const [, key, value] = kv;
    if (/^host$/i.test(key)) current.facts.push({ field: 'system_model', value, line: n });
    else if (/^os$/i.test(key)) current.facts.push({ field: 'os', value, line: n });
    else if (/^kernel$/i.test(key)) current.facts.push({ field: 'kernel', value, line: n });
    else if (/^cpu$/i.test(key)) {
      // "2 x Intel(R) Xeon(R) CPU E5-2420 v2 @ 2.20GHz (2 x 6 #core, 2 x 12 #HT)"
      const m = /^(\d+)\s*x\s*(.+?)\s*@\s*([\d.]+)\s*GHz\s*(?:\((\d+)\s*x\s*(\d+)\s*#core,\s*(\d+)\s*x\s*(\d+)\s*#HT\))?$/i.exec(value);
      if (!m) throw new InputError(n, '"CPU: <n> x <model> @ <clock>GHz (<n> x <cores> #core, <n> x <threads> #HT)"', quote(l));
      current.facts.push(
        { field: 'cpu_model', value: m[2], line: n },
        { field: 'sockets', value: Number(m[1]), line: n },
        { field: 'clock_ghz', value: Number(m[3]), unit: 'GHz', line: n },
      );
      if (m[4]) {
        current.facts.push({ field: 'cores_per_socket', value: Number(m[5]), line: n }, { field: 'threads_per_socket', value: Number(m[7]), line: n });
      }
    } else current.facts.push({ field: slugify(key).replace(/-/g, '_'), value, line: n });
  }
}

/** Code blocks (".. code::" and its indented lines), list items ("- ...") and images. */
function readBlocks(body, section) {
  for (let j = 0; j < body.length; j++) {
    const [n, l] = body[j];
    if (isBlank(l)) continue;
    const code = /^\.\.\s+code::\s*(\S*)\s*$/.exec(l);
    const image = /^\.\.\s+image::\s*(\S+)\s*$/.exec(l);
    if (code) {
      const block = { language: code[1] || 'text', line: 0, text: '' };
      const out = [];
      let k = j + 1;
      for (; k < body.length && (isBlank(body[k][1]) || /^\s/.test(body[k][1])); k++) out.push(body[k]);
      while (out.length && isBlank(out[out.length - 1][1])) out.pop();
      while (out.length && isBlank(out[0][1])) out.shift();
      if (!out.length) throw new InputError(n, 'indented lines after ".. code::"', 'none');
      const indent = Math.min(...out.filter(([, t]) => !isBlank(t)).map(([, t]) => /^\s*/.exec(t)[0].length));
      block.line = out[0][0];
      block.line_end = out[out.length - 1][0];
      block.text = out.map(([, t]) => t.slice(indent).trimEnd()).join('\n');
      section.code.push(block);
      j = k - 1;
    } else if (image) {
      section.images.push({ path: image[1], line: n });
    } else if (/^\s*[-*]\s+/.test(l)) {
      section.items.push({ text: rstInline(l.replace(/^\s*[-*]\s+/, '')), line: n });
    } else {
      section.items.push({ text: rstInline(l), line: n, prose: true });
    }
  }
}

/** Plain text from reStructuredText inline markup: ``code``, 3\ :sup:`rd`\ . */
const rstInline = (s) =>
  s
    .replace(/\\ :sup:`([^`]*)`\\ /g, '$1 ')
    .replace(/\\ :sup:`([^`]*)`/g, '$1')
    .replace(/``([^`]*)``/g, '$1')
    .trim();
