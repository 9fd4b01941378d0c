// XML as the JSON walker reads JSON (issue 39: "XML walked as JSON is"): a pure reader of an XML
// document into the tree JSON would give, with the line of each value, in the shape of readJson's
// answer (shared/json.mjs), so that json-walk walks it as it walks JSON. The root element is the
// document's value; an element is an object of its attributes and child elements (a child repeated
// is an array, in order), an element with text only is that text (a number where the text is one, as
// JSON writes it: Phoronix Test Suite's <Value>1.36</Value>), an empty element ''. Text beside child
// elements is kept under "#text". Comments, processing instructions, CDATA and a DOCTYPE are read as
// XML has them (CDATA as text); entities (&amp; &lt; &#38; ...) are decoded. A document cut off or a
// closing tag that does not match is refused at its line: `expected the closing tag </case>`.
//
//   readXml(text, { firstLine? }) -> { value, lineOf(path), rawOf(path), lastLine, duplicates: [], xml: true }
//   looksLikeXml(text) -> boolean   an XML declaration or a root element opens the text
import { InputError } from '../../../lib/errors.mjs';
import { MAX_JSON_DEPTH } from './json-depth.mjs';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
const NAME = /[A-Za-z_:][\w.:-]*/y;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Whether an XML declaration or a root element opens the text (after a BOM and blank space). */
export const looksLikeXml = (text) => /^\ufeff?\s*<(\?xml\b|[A-Za-z_])/.test(text);

const decode = (s) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );

/** A value as JSON would hold it: a number where the text is one as JSON writes it, else the text. */
const scalar = (raw) => {
  const t = decode(raw).trim();
  return NUMBER.test(t) ? Number(t) : t;
};

/**
 * @param {string} text
 * @param {{ firstLine?: number }} [options]  firstLine: the line of text[0] in the file
 */
export function readXml(text, { firstLine = 1 } = {}) {
  let i = text.startsWith('\ufeff') ? 1 : 0;
  const lineAt = (() => {
    const starts = [0];
    for (let k = 0; k < text.length; k++) if (text[k] === '\n') starts.push(k + 1);
    return (pos) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= pos) lo = mid;
        else hi = mid - 1;
      }
      return firstLine + lo;
    };
  })();
  const fail = (expected, at = i) => {
    const found = at >= text.length ? 'the end of the file (the XML is cut off)' : JSON.stringify(text.slice(at, at + 60).split(/\r\n|\r|\n/)[0]);
    throw new InputError(lineAt(Math.min(at, text.length)), expected, found);
  };
  /** Skip what holds no value: comments, processing instructions, a DOCTYPE, blank space. */
  const skipMarkup = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      const end = text.startsWith('<!--', i) ? '-->' : text.startsWith('<?', i) ? '?>' : text.startsWith('<!DOCTYPE', i) ? '>' : undefined;
      if (!end) return;
      const close = text.indexOf(end, i);
      if (close < 0) fail(`the end of the markup (${end})`);
      i = close + end.length;
    }
  };
  const name = () => {
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (!m) fail('an element or attribute name');
    i += m[0].length;
    return m[0];
  };
  /** One element from its "<": its tag, line, attributes (with their lines), children and text. */
  const element = (depth = 1) => {
    const start = i;
    // As deep as JSON may nest (shared/json-depth.mjs), so the walk never runs out of stack.
    if (depth > MAX_JSON_DEPTH) fail(`elements nested at most ${MAX_JSON_DEPTH} deep`);
    i++;
    const node = { tag: name(), line: lineAt(start), attrs: [], children: [], text: '' };
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      if (text.startsWith('/>', i) || text[i] === '>') break;
      if (i >= text.length) fail(`the end of the tag <${node.tag}>`);
      const at = i;
      const attr = name();
      while (/\s/.test(text[i] ?? '')) i++;
      if (text[i] !== '=') fail(`"=" after the attribute ${attr}`);
      i++;
      while (/\s/.test(text[i] ?? '')) i++;
      const q = text[i];
      if (q !== '"' && q !== "'") fail(`the quoted value of the attribute ${attr}`);
      const close = text.indexOf(q, i + 1);
      if (close < 0) fail(`the closing quote of the attribute ${attr}`);
      node.attrs.push({ name: attr, value: scalar(text.slice(i + 1, close)), line: lineAt(at) });
      i = close + 1;
    }
    if (text.startsWith('/>', i)) {
      i += 2;
      return node;
    }
    i++;
    for (;;) {
      const lt = text.indexOf('<', i);
      if (lt < 0) {
        i = text.length;
        fail(`the closing tag </${node.tag}>`);
      }
      node.text += text.slice(i, lt);
      i = lt;
      if (text.startsWith('<![CDATA[', i)) {
        const close = text.indexOf(']]>', i);
        if (close < 0) fail('the end of the CDATA section (]]>)');
        node.text += text.slice(i + 9, close).replace(/&/g, '&amp;');
        i = close + 3;
      } else if (text.startsWith('<!--', i) || text.startsWith('<?', i)) {
        skipMarkup();
      } else if (text.startsWith('</', i)) {
        const at = i;
        i += 2;
        if (name() !== node.tag) fail(`the closing tag </${node.tag}>`, at);
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] !== '>') fail(`">" to end </${node.tag}>`);
        i++;
        return node;
      } else {
        node.children.push(element(depth + 1));
      }
    }
  };
  const lines = new Map();
  const key = (path) => path.join('\u0000');
  /** A node as JSON would hold it, each value's line kept under its path. */
  const valueOf = (node, path) => {
    lines.set(key(path), node.line);
    if (!node.children.length && !node.attrs.length) return scalar(node.text);
    /** @type {Record<string, any>} */
    const out = {};
    for (const a of node.attrs) {
      out[a.name] = a.value;
      lines.set(key([...path, a.name]), a.line);
    }
    const byTag = new Map();
    for (const c of node.children) {
      if (!byTag.has(c.tag)) byTag.set(c.tag, []);
      byTag.get(c.tag).push(c);
    }
    for (const [tag, all] of byTag) out[tag] = all.length > 1 ? all.map((c, k) => valueOf(c, [...path, tag, k])) : valueOf(all[0], [...path, tag]);
    if (node.text.trim()) out['#text'] = scalar(node.text);
    return out;
  };
  skipMarkup();
  if (text[i] !== '<') fail('an XML root element');
  const root = element();
  const end = i;
  skipMarkup();
  if (i < text.length) fail('nothing after the root element');
  return {
    value: valueOf(root, []),
    lineOf: (path) => lines.get(key(path)),
    rawOf: () => undefined,
    lastLine: lineAt(Math.max(0, end - 1)),
    duplicates: [],
    xml: true,
  };
}
