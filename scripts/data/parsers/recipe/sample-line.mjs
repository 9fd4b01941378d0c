// A recipe's sample line as a matcher that runs in time linear in the seed line (for a pattern of
// bounded size): a Pike VM (a Thompson NFA simulated with captures, as RE2 does), never backtracking,
// so "{*}{*}{*}!{value}" against a 50,000-character line ends at once instead of in minutes. It keeps
// the captures a backtracking expression would give: lazy {*} and {name}, greedy numbers, first match
// of the whole trimmed line in priority order. Pure.
//
// A condition's place reads a number, else (where no number stands there) its text, never blank.
//
// A {value} inside the line may carry a count prefix ("IOPS=18.2k,"): captured after the places, for
// the recipe's unit to take (units.mjs prefixedUnit).
//
// Exports: compileSampleLine(sample, { place, number }) -> { re: { exec(line) }, names, unitAfter, prefixed }
import { COUNT_PREFIX } from '../../measure/units.mjs';

const isSpace = (c) => /\s/.test(c);
const isDigit = (c) => c >= '0' && c <= '9';
const isAny = (c) => c !== '\n' && c !== '\r' && c !== '\u2028' && c !== '\u2029';
const is = (ch) => (c) => c === ch;
const isPrefix = (c) => c !== '' && Object.hasOwn(COUNT_PREFIX, c);

// Expressions as small trees: cls (one character), seq, alt, star/plus/opt (greedy or lazy), save (a capture's edge).
const cls = (test) => ({ t: 'cls', test });
const seq = (...items) => ({ t: 'seq', items });
const alt = (a, b) => ({ t: 'alt', a, b });
const star = (x, lazy = false) => ({ t: 'star', x, lazy });
const plus = (x, lazy = false) => seq(x, star(x, lazy));
const opt = (x) => ({ t: 'opt', x });
const save = (n) => ({ t: 'save', n });
const repeat = (x, from, to) => seq(...Array.from({ length: from }, () => x), ...Array.from({ length: to - from }, () => opt(x)));

/** The atlas's number: [-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)? */
const sign = opt(alt(cls(is('-')), cls(is('+'))));
const digit = cls(isDigit);
const NUMBER = seq(
  sign,
  alt(seq(repeat(digit, 1, 3), plus(seq(cls(is(',')), digit, digit, digit))), plus(digit)),
  opt(seq(cls(is('.')), plus(digit))),
  opt(seq(alt(cls(is('e')), cls(is('E'))), sign, plus(digit))),
);

/** A tree as instructions: char (test), split (x before y), jmp, save, end (of line), match. */
function emit(node, prog) {
  const at = () => prog.length;
  switch (node.t) {
    case 'cls':
      prog.push({ op: 'char', test: node.test });
      break;
    case 'seq':
      for (const x of node.items) emit(x, prog);
      break;
    case 'save':
      prog.push({ op: 'save', n: node.n });
      break;
    case 'alt': {
      const split = { op: 'split', x: at() + 1, y: 0 };
      prog.push(split);
      emit(node.a, prog);
      const jmp = { op: 'jmp', to: 0 };
      prog.push(jmp);
      split.y = at();
      emit(node.b, prog);
      jmp.to = at();
      break;
    }
    case 'opt': {
      const split = { op: 'split', x: at() + 1, y: 0 };
      prog.push(split);
      emit(node.x, prog);
      split.y = at();
      break;
    }
    case 'star': {
      const top = at();
      const split = { op: 'split', x: 0, y: 0 };
      prog.push(split);
      emit(node.x, prog);
      prog.push({ op: 'jmp', to: top });
      const [body, out] = [top + 1, at()];
      [split.x, split.y] = node.lazy ? [out, body] : [body, out];
      break;
    }
    default:
      throw new Error(`sample-line: no node ${node.t}`);
  }
}

/**
 * Run a program over a whole line: the captures of the first match in priority order, else null.
 * Each position is visited by each instruction once, so the time is O(line length x program size).
 */
function run(prog, slots, line) {
  let clist = [];
  let matched = null;
  const seen = new Int32Array(prog.length).fill(-1);
  // Follow jumps, splits and saves from pc at position sp (an explicit stack: no deep recursion), in priority order.
  const add = (list, pc0, caps0, sp) => {
    const stack = [[pc0, caps0]];
    while (stack.length) {
      const [pc, caps] = stack.pop();
      if (seen[pc] === sp) continue;
      seen[pc] = sp;
      const ins = prog[pc];
      if (ins.op === 'jmp') stack.push([ins.to, caps]);
      else if (ins.op === 'split') stack.push([ins.y, caps], [ins.x, caps]);
      else if (ins.op === 'save') {
        const next = caps.slice();
        next[ins.n] = sp;
        stack.push([pc + 1, next]);
      } else if (ins.op === 'end') {
        if (sp === line.length) stack.push([pc + 1, caps]);
      } else list.push([pc, caps]);
    }
  };
  add(clist, 0, new Array(slots).fill(-1), 0);
  for (let sp = 0; sp <= line.length && clist.length; sp++) {
    const nlist = [];
    const c = line[sp];
    for (const [pc, caps] of clist) {
      const ins = prog[pc];
      if (ins.op === 'match') {
        matched = caps;
        break; // threads after this one have lower priority
      }
      if (sp < line.length && ins.test(c)) add(nlist, pc + 1, caps, sp + 1);
    }
    clist = nlist;
  }
  return matched;
}

/**
 * A sample line (trimmed) as a matcher over a trimmed seed line, with the names of its places in order.
 * `exec(line)` returns what RegExp#exec would: [whole, ...captures] with undefined for an unset one, or null.
 * @param {string} sample
 * @param {RegExp} place the places' expression ({value}, {name}, {*}, {#}: a number not kept, {<condition>}), global
 */
export function compileSampleLine(sample, place) {
  const t = sample.trim();
  const unitAfter = /\{value\}$/.test(t);
  // A condition's place holds a number; where the line has none there, its text (ripgrep's "rg (ignore)"):
  // the numbers' program first, so every line that reads with numbers reads as before.
  const numbers = program(t, place, NUMBER, unitAfter);
  const hasCondition = numbers.names.some((n) => !['value', 'name'].includes(n));
  // A condition's text starts and ends with a character that is no space: never a blank read between two numbers.
  const word = cls((c) => isAny(c) && !isSpace(c));
  const text = seq(word, star(seq(star(cls(isAny), true), word), true));
  const texts = hasCondition ? program(t, place, text, unitAfter) : undefined;
  const names = numbers.names;
  const prefixed = !unitAfter && names.includes('value');
  const groups = names.length + (unitAfter || prefixed ? 1 : 0);
  const exec = (line) => {
    const caps = run(numbers.prog, 2 * groups, line) ?? (texts ? run(texts.prog, 2 * groups, line) : null);
    if (!caps) return null;
    const out = [line];
    for (let g = 0; g < groups; g++) out.push(caps[2 * g] < 0 ? undefined : line.slice(caps[2 * g], caps[2 * g + 1]));
    return out;
  };
  return { re: { exec }, names, unitAfter, prefixed };
}

/** A trimmed sample line as a program, a condition's place read by `condition` ({value} a number, {name} text). */
function program(t, place, condition, unitAfter) {
  const names = [];
  const parts = [];
  const literal = (s) => {
    for (const piece of s.split(/(\s+)/)) {
      if (!piece) continue;
      if (/^\s/.test(piece)) parts.push(plus(cls(isSpace)));
      else for (let i = 0; i < piece.length; i++) parts.push(cls(is(piece[i])));
    }
  };
  const capture = (x) => {
    const n = names.length;
    parts.push(save(2 * n), x, save(2 * n + 1));
  };
  // The slot after the places: the unit written after a {value} that ends the line, else a {value}'s count prefix.
  const after = [...t.matchAll(place)].filter((m) => m[1] !== '*' && m[1] !== '#').length;
  let last = 0;
  for (const m of t.matchAll(place)) {
    literal(t.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] === '*') parts.push(star(cls(isAny), true));
    else if (m[1] === '#') parts.push(NUMBER);
    else {
      capture(m[1] === 'name' ? plus(cls(isAny), true) : m[1] === 'value' ? NUMBER : condition);
      names.push(m[1]);
      if (m[1] === 'value' && !unitAfter) parts.push(opt(seq(save(2 * after), cls(isPrefix), save(2 * after + 1))));
    }
  }
  literal(t.slice(last));
  // A {value} that ends the sample may be followed by the unit the report writes.
  if (unitAfter) {
    parts.push(opt(seq(star(cls(isSpace)), save(2 * after), cls((c) => !isSpace(c) && !isDigit(c)), star(cls((c) => !isSpace(c))), save(2 * after + 1))));
  }
  const prog = [];
  emit(seq(...parts), prog);
  prog.push({ op: 'end' }, { op: 'match' });
  return { prog, names };
}
