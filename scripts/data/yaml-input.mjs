// Reading the hand-written YAML inputs (report metadata, platforms, errata) with line numbers,
// so that a schema error can say `path:line: ...` like a parse error does.
import { parseDocument, LineCounter, isMap, isSeq } from 'yaml';
import Ajv from 'ajv';
import { InputError } from '../lib/errors.mjs';

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
  let value;
  try {
    // The yaml package refuses a document whose aliases would expand exponentially (maxAliasCount).
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    if (!(e instanceof ReferenceError)) throw e;
    const alias = text.split(/\r\n|\r|\n/).findIndex((l) => /(^|[\s[{,:-])\*[^\s,\]}]+/.test(l)) + 1;
    throw new InputError(alias, 'YAML whose aliases (*name) expand to a reasonable size', e.message.toLowerCase());
  }
  return { value, lineOf };
}

const ajv = new Ajv({ allErrors: true, strict: false });

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
      expected = `"${where}" to ${err.message}${err.params?.allowedValues ? ` (${err.params.allowedValues.join(', ')})` : ''}`;
      found = JSON.stringify(v);
    }
    return new InputError(lineOf(path), expected, found);
  });
  problems.sort((a, b) => a.line - b.line);
  const first = problems[0];
  first.all = problems;
  throw first;
}
