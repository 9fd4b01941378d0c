// Robust parsing: every seed and its metadata, damaged at random the ways real files get damaged
// (lines deleted or duplicated, a file cut short, columns swapped, a number turned into a word,
// stray bytes, CRLF line ends, a BOM, an indented header, a very long line), go through the data
// step. Each run must either succeed or stop with an InputError that reads
// `path:line: expected ..., found ...` (or `path: expected ..., found ...`) naming one of the input
// files: never a TypeError or any other crash, never a hang. CRLF and BOM alone change nothing in
// data/, and a failing build-data run leaves data/ as it was.
// The edits come from a seeded PRNG: MUTATION_SEED=<n> replays a run, MUTATION_N=<n> sets how many.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { readInputs } from '../../scripts/data/inputs.mjs';
import { tempRepo, removeTempRepo, runScript, snapshot, leftovers } from '../helpers/temp-repo.mjs';

const SEED = Number(process.env.MUTATION_SEED ?? 20261121);
const N = Number(process.env.MUTATION_N ?? 200);
const RUN_TIMEOUT_MS = 10_000; // one report through the data step takes milliseconds
const REPLAY = `MUTATION_SEED=${SEED} MUTATION_N=${N} node --test tests/site/mutation.test.mjs`;
const ERROR_LINE = /^[^:\n]+(:\d+)?: expected [^\n]+, found [^\n]+$/;

const base = readInputs(ROOT);
const inputsWith = (report) => ({
  reports: [report],
  platformsText: base.platformsText,
  platformsPath: base.platformsPath,
});
const pathsOf = (r) =>
  [r.seedPath, r.metaPath, r.errataPath, ...Object.keys(r.files), base.platformsPath].filter(Boolean);

// ---------- The data step in a worker, with a watchdog ----------

let worker;
let nextId = 0;
function startWorker() {
  worker = new Worker(new URL('../helpers/mutation-worker.mjs', import.meta.url));
  worker.unref();
}
startWorker();
after(() => worker.terminate());

/** Run buildData on these inputs in the worker: { ok, files } | { inputError } | { crash } | { hang }. */
function runDataStep(inputs) {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      worker.off('message', onMessage);
      worker.terminate();
      startWorker();
      resolve({ hang: true });
    }, RUN_TIMEOUT_MS);
    function onMessage(m) {
      if (m.id !== id || m.started) return;
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(m);
    }
    worker.on('message', onMessage);
    worker.postMessage({ id, inputs });
  });
}

// ---------- Random edits ----------

/** Mulberry32: a small PRNG, the same sequence for the same seed on every platform. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRAY = [
  '\x00',
  '\xff',
  '\ufffd',
  '\ufeff',
  '\u200b',
  '\u202e',
  '\u00a0',
  '\t',
  '\r',
  '\x1b[31m',
  'é',
  '😀',
  '\u0301',
  '"',
  "'",
  ':',
  '#',
  '-',
  '|',
  '(',
];
const WORDS = ['many', 'NaN', 'Infinity', '-1', '1e309', '0x1F', '1,2', '∞', 'twelve', '', '   '];

/** Each edit: (text, rnd) -> [text, what was done]. */
const EDITS = {
  'delete lines': (t, rnd) => {
    const lines = t.split('\n');
    const at = rnd.int(lines.length);
    const n = 1 + rnd.int(3);
    lines.splice(at, n);
    return [lines.join('\n'), `deleted lines ${at + 1}-${at + n}`];
  },
  truncate: (t, rnd) => {
    const at = rnd.int(t.length + 1);
    return [t.slice(0, at), `cut after character ${at}`];
  },
  'swap columns': (t, rnd) => {
    const lines = t.split('\n');
    const rows = lines.map((l, i) => [i, l.match(/\S+/g) ?? []]).filter(([, w]) => w.length >= 2);
    if (!rows.length) return [t, 'no line to swap columns in'];
    const [i, words] = rows[rnd.int(rows.length)];
    const a = rnd.int(words.length);
    let b = rnd.int(words.length - 1);
    if (b >= a) b++;
    const swapped = [...words];
    [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
    let k = 0;
    lines[i] = lines[i].replace(/\S+/g, () => swapped[k++]);
    return [lines.join('\n'), `swapped words ${a + 1} and ${b + 1} of line ${i + 1}`];
  },
  'number to word': (t, rnd) => {
    const numbers = [...t.matchAll(/\d+(\.\d+)?/g)];
    if (!numbers.length) return [t, 'no number'];
    const m = numbers[rnd.int(numbers.length)];
    const word = WORDS[rnd.int(WORDS.length)];
    return [
      t.slice(0, m.index) + word + t.slice(m.index + m[0].length),
      `number ${m[0]} at ${m.index} -> ${JSON.stringify(word)}`,
    ];
  },
  'stray bytes': (t, rnd) => {
    const at = rnd.int(t.length + 1);
    const s = STRAY[rnd.int(STRAY.length)];
    return [t.slice(0, at) + s + t.slice(at), `inserted ${JSON.stringify(s)} at ${at}`];
  },
  crlf: (t) => [t.replace(/\r?\n/g, '\r\n'), 'CRLF line ends'],
  bom: (t) => ['\ufeff' + t, 'a BOM'],
  'duplicate lines': (t, rnd) => {
    const lines = t.split('\n');
    const at = rnd.int(lines.length);
    const n = 1 + rnd.int(3);
    lines.splice(at, 0, ...lines.slice(at, at + n));
    return [lines.join('\n'), `duplicated lines ${at + 1}-${at + n}`];
  },
  'indent a header': (t, rnd) => {
    const lines = t.split('\n');
    // Headers: a line over a row of - or = (text reports, RST), a Markdown heading, a YAML key, a CSV header.
    const heads = lines.flatMap((l, i) =>
      /^\S/.test(l) && (/^[-=~]{3,}\s*$/.test(lines[i + 1] ?? '') || /^#|^[\w-]+:|,/.test(l)) ? [i] : [],
    );
    if (!heads.length) return [t, 'no header'];
    const i = heads[rnd.int(heads.length)];
    const pad = [' ', '  ', '    ', '\t'][rnd.int(4)];
    lines[i] = pad + lines[i];
    return [lines.join('\n'), `indented line ${i + 1} by ${JSON.stringify(pad)}`];
  },
  'long line': (t, rnd) => {
    const lines = t.split('\n');
    const at = rnd.int(lines.length);
    const long = [' '.repeat(20000) + 'x', '9'.repeat(20000), 'a '.repeat(10000) + '(', '-'.repeat(20000)][rnd.int(4)];
    lines.splice(at, 0, long);
    return [lines.join('\n'), `a 20,000-character line (${JSON.stringify(long.slice(-3))}) before line ${at + 1}`];
  },
  empty: () => ['', 'emptied'],
};
// How often each edit is drawn: the damage of real files first.
const WEIGHTS = {
  'delete lines': 4,
  truncate: 2,
  'swap columns': 4,
  'number to word': 4,
  'stray bytes': 4,
  crlf: 1,
  bom: 1,
  'duplicate lines': 3,
  'indent a header': 3,
  'long line': 1,
  empty: 0.3,
};
const BAG = Object.entries(WEIGHTS).flatMap(([k, w]) => Array(Math.round(w * 10)).fill(k));

/**
 * The i-th mutation: a report, one of its files, and 1 to 3 edits of it.
 * @returns {{ label: string, report: object, file: string, text: string }}
 */
function mutation(i, rnd) {
  const r = base.reports[i % base.reports.length];
  const others = [
    r.errataPath,
    ...Object.keys(r.files).filter((p) => typeof r.files[p] === 'string' && r.files[p]),
  ].filter(Boolean);
  const roll = rnd();
  const file =
    roll < 0.75 || (roll >= 0.95 && !others.length)
      ? r.seedPath
      : roll < 0.95
        ? r.metaPath
        : others[rnd.int(others.length)];
  const original =
    file === r.seedPath
      ? r.seedText
      : file === r.metaPath
        ? r.metaText
        : file === r.errataPath
          ? r.errataText
          : r.files[file];
  let text = original;
  const done = [];
  for (let k = 1 + rnd.int(3); k > 0; k--) {
    const [next, what] = EDITS[BAG[rnd.int(BAG.length)]](text, rnd);
    text = next;
    done.push(what);
  }
  const report =
    file === r.seedPath
      ? { ...r, seedText: text }
      : file === r.metaPath
        ? { ...r, metaText: text }
        : file === r.errataPath
          ? { ...r, errataText: text }
          : { ...r, files: { ...r.files, [file]: text } };
  return { label: `#${i} ${file}: ${done.join('; ')}`, report, file, text };
}

/** What is wrong with one run's result, or null. */
function judge(result, report) {
  if (result.hang) return `no result within ${RUN_TIMEOUT_MS} ms (a hang)`;
  if (result.crash) return `crashed with ${result.crash.split('\n').slice(0, 4).join(' | ')}`;
  if (result.inputError !== undefined) {
    const msg = result.inputError;
    if (!ERROR_LINE.test(msg))
      return `an InputError that does not read "path:line: expected ..., found ...": ${JSON.stringify(msg)}`;
    if (!pathsOf(report).some((p) => msg.startsWith(`${p}:`)))
      return `an InputError that names no input file: ${JSON.stringify(msg)}`;
  }
  return null;
}

// ---------- Tests ----------

const outcomes = [];

test(
  `every seed and its metadata build as they are (the baseline for the mutations)`,
  { timeout: 600_000 },
  async () => {
    for (const r of base.reports) {
      const result = await runDataStep(inputsWith(r));
      assert.ok(result.ok, `${r.seedPath}: ${result.inputError ?? result.crash}`);
    }
  },
);

test(
  `${N} random mutations of the seeds and their metadata end in data or in a path:line error, never a crash or a hang (seed ${SEED})`,
  { timeout: 600_000 },
  async (t) => {
    t.diagnostic(`mutation seed ${SEED}; replay with: ${REPLAY}`);
    const rnd = prng(SEED);
    rnd.int = (n) => Math.floor(rnd() * n);
    const problems = [];
    const counts = { ok: 0, inputError: 0 };
    for (let i = 0; i < N; i++) {
      const m = mutation(i, rnd);
      const result = await runDataStep(inputsWith(m.report));
      const problem = judge(result, m.report);
      if (problem) problems.push(`${m.label}\n    -> ${problem}`);
      else counts[result.ok ? 'ok' : 'inputError']++;
      outcomes.push({ ...m, result });
    }
    t.diagnostic(`${counts.ok} built, ${counts.inputError} stopped with a path:line error, ${problems.length} wrong`);
    if (problems.length)
      assert.fail(`${problems.length} of ${N} mutations went wrong (replay: ${REPLAY}):\n${problems.join('\n')}`);
    // Mutations that never break anything test nothing.
    assert.ok(
      counts.inputError >= N / 5,
      `only ${counts.inputError} of ${N} mutations were refused: the edits are too gentle`,
    );
  },
);

test(
  'CRLF line ends and a BOM, in a seed, its metadata or its other files, give byte-identical data/',
  { timeout: 600_000 },
  async () => {
    const variants = {
      CRLF: (s) => s.replace(/\r?\n/g, '\r\n'),
      BOM: (s) => '\ufeff' + s,
      'BOM and CRLF': (s) => '\ufeff' + s.replace(/\r?\n/g, '\r\n'),
    };
    for (const r of base.reports) {
      const expected = (await runDataStep(inputsWith(r))).files;
      for (const [name, change] of Object.entries(variants)) {
        const changed = {
          ...r,
          seedText: change(r.seedText),
          metaText: change(r.metaText),
          errataText: r.errataText && change(r.errataText),
          files: Object.fromEntries(
            Object.entries(r.files).map(([p, s]) => [p, typeof s === 'string' && s ? change(s) : s]), // images are bytes
          ),
        };
        const result = await runDataStep(inputsWith(changed));
        assert.ok(result.ok, `${r.seedPath} with ${name}: ${result.inputError ?? result.crash}`);
        for (const p of Object.keys(expected))
          assert.equal(result.files[p], expected[p], `${p} from ${r.seedPath} with ${name}`);
        assert.deepEqual(Object.keys(result.files).sort(), Object.keys(expected).sort());
      }
    }
  },
);

test(
  'build-data on a few refused mutations exits 1 with the same error and leaves data/ byte for byte as it was',
  { timeout: 600_000 },
  async () => {
    const refused = outcomes.filter(
      (o) => o.result.inputError && Buffer.from(o.text, 'utf8').toString('utf8') === o.text,
    );
    assert.ok(refused.length >= 3, 'the mutation test ran first and some mutations were refused');
    const picks = [refused[0], refused[Math.floor(refused.length / 2)], refused[refused.length - 1]];
    const root = tempRepo('mutation');
    try {
      const before = snapshot(path.join(root, 'data'));
      for (const m of picks) {
        const file = path.join(root, m.file);
        const original = fs.readFileSync(file);
        fs.writeFileSync(file, m.text);
        const r = await runScript(root, 'scripts/data/build-data.mjs', ['--quiet']);
        fs.writeFileSync(file, original);
        assert.equal(r.code, 1, `${m.label}: exit code`);
        const first = r.stderr.trim().split('\n')[0];
        assert.match(first, ERROR_LINE, m.label);
        assert.equal(first, m.result.inputError, `${m.label}: the CLI says what the data step said`);
        assert.deepEqual(snapshot(path.join(root, 'data')), before, `${m.label}: data/ unchanged`);
        assert.deepEqual(leftovers(root), [], `${m.label}: no temporary folder left`);
      }
    } finally {
      removeTempRepo(root);
    }
  },
);
