// Reading the hand-written YAML inputs (report metadata, platforms, entities, errata) with line
// numbers, so that a schema error can say `path:line: ...` like a parse error does. Every key and
// text value is refused at its line when it holds a control or invisible character (a bell in a
// title makes the feed invalid XML; U+202E makes it read backwards), written raw or as a YAML escape,
// and an alias (*name) is refused at its line.
import { parseDocument, LineCounter, isMap, isSeq, visit } from 'yaml';
import Ajv from 'ajv';
import { CONTROL_CHARACTER, InputError, quote, showCharacter } from '../lib/errors.mjs';

/**
 * Parse YAML text, keeping a way to find the line of any path in it.
 * @returns {{ value: any, lineOf: (path: (string|number)[]) => number }}
 */
export function readYaml(text) {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0];
    const line = e.linePos?.[0]?.line ?? lc.linePos(e.pos[0]).line;
    throw new InputError(line, 'valid YAML', e.message.split('\n')[0]);
  }
  const lineOf = (path) => {
    let node = doc.contents;
    let line = node?.range ? lc.linePos(node.range[0]).line : 1;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => String(p.key?.value ?? p.key) === String(key));
        if (!pair) break;
        const range = pair.key?.range ?? pair.value?.range;
        if (range) line = lc.linePos(range[0]).line;
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(key)];
        if (!node) break;
        if (node.range) line = lc.linePos(node.range[0]).line;
      } else break;
    }
    return line;
  };
  // No aliases (*name): the inputs need none, and a 1 MB anchor used 99 times would be 100 MB of
  // data and pages (the yaml package's maxAliasCount bounds their count, not what they expand to).
  let alias;
  visit(doc, {
    Alias(_, node) {
      alias = node;
      return visit.BREAK;
    },
  });
  if (alias) {
    throw new InputError(lc.linePos(alias.range[0]).line, 'YAML without aliases (write the value out where *name stands)', quote(`*${alias.source}`));
  }
  const value = doc.toJS();
  const bad = controlCharacterIn(value);
  if (bad) throw new InputError(lineOf(bad.path), 'text without control or invisible characters', `${showCharacter(bad.char)} in ${quote(bad.text)}`);
  return { value, lineOf };
}

/**
 * The first key or text value of a parsed YAML document that holds a CONTROL_CHARACTER, with its
 * path, or undefined.
 * @returns {{ path: (string|number)[], text: string, char: string } | undefined}
 */
export function controlCharacterIn(value, path = []) {
  if (typeof value === 'string') {
    const m = CONTROL_CHARACTER.exec(value);
    return m ? { path, text: value, char: m[0] } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(k) : k];
    const m = CONTROL_CHARACTER.exec(k);
    if (m) return { path: at, text: k, char: m[0] };
    const found = controlCharacterIn(v, at);
    if (found) return found;
  }
  return undefined;
}

// verbose: each error carries its schema (what a `not` excludes).
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });

const TYPE_WORDS = { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false', array: 'a list', object: 'a map of fields', null: 'empty' };
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a schema keyword asks of a value, to follow its name in `expected "title" ...`: Ajv's own
 * messages ("must be string") do not read after "expected".
 * @param {import('ajv').ErrorObject} err
 */
export function shouldBe(err) {
  const p = err.params ?? {};
  switch (err.keyword) {
    case 'type':
      return `to be ${String(p.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    case 'minLength':
      return `to have at least ${plural(p.limit, 'character')}`;
    case 'maxLength':
      return `to have at most ${plural(p.limit, 'character')}`;
    case 'minItems':
      return `to have at least ${plural(p.limit, 'item')}`;
    case 'maxItems':
      return `to have at most ${plural(p.limit, 'item')}`;
    case 'pattern':
      return `to match ${p.pattern}`;
    case 'enum':
      return `to be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `to be ${JSON.stringify(p.allowedValue)}`;
    case 'uniqueItems':
      return `to have no item twice (items ${p.j + 1} and ${p.i + 1} are the same)`;
    case 'not':
      return err.schema?.pattern ? `not to match ${err.schema.pattern}` : 'not to be what the schema excludes';
    case 'anyOf':
    case 'oneOf':
      return 'to have one of the shapes the schema allows';
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return `to be ${p.comparison} ${p.limit}`;
    default:
      // Ajv says "must ...": "must NOT have ..." reads "not to have ...", "must be ..." "to be ...".
      return err.message.replace(/^must NOT /, 'not to ').replace(/^must /, 'to ');
  }
}

/**
 * Validate a value against a JSON Schema; the first problem becomes an InputError at its line.
 * @param {object} schema
 * @param {any} value
 * @param {(path: (string|number)[]) => number} lineOf
 */
export function validateWithLines(schema, value, lineOf) {
  const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
  if (validate(value)) return;
  const problems = validate.errors.map((err) => {
    const path = err.instancePath.split('/').slice(1);
    const where = path.join('.') || 'the file';
    let expected;
    let found;
    if (err.keyword === 'required') {
      expected = `a "${err.params.missingProperty}" field${path.length ? ` in ${where}` : ''}`;
      found = 'none';
    } else if (err.keyword === 'additionalProperties') {
      expected = `only known fields${path.length ? ` in ${where}` : ''}`;
      found = `"${err.params.additionalProperty}"`;
      path.push(err.params.additionalProperty);
    } else {
      const v = path.reduce((o, k) => o?.[k], value);
      expected = `"${where}" ${shouldBe(err)}`;
      // A long text is shown shortened, with its length (a 100 KB name is one line of message).
      found = err.keyword === 'maxLength' ? `${quote(v)} (${v.length} characters)` : JSON.stringify(v);
    }
    return new InputError(lineOf(path), expected, found);
  });
  problems.sort((a, b) => a.line - b.line);
  const first = problems[0];
  first.all = problems;
  throw first;
}
