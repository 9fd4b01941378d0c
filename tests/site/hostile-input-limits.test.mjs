// Inputs that would hang the commands or exhaust their memory, fed the way a contributor or a pull
// request feeds them, each at a size where a quadratic algorithm takes minutes: every command runs
// as a child process with a kill timer (run's timeout), and each test asserts a clear error or the
// right result, never a timing. Also: every CLI answers --help with its usage and a bad argument
// with one line, exit 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { tempRepo, removeTempRepo, run, runScript } from '../helpers/temp-repo.mjs';

const LIMIT = 60_000;
let root;
let outside;
before(() => {
  root = tempRepo('hostile-limits');
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-limits-'));
});
after(() => {
  if (root) removeTempRepo(root);
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

const TABLE = '# Limits (2024-01-01)\n\n| Server | Latency (ms) |\n|---|---|\n| hackney | 3.2 |\n| gun | 3.1 |\n';
const addReport = (file, args = []) =>
  runScript(
    root,
    'scripts/add-report/add-report.mjs',
    [file, '--dry-run', '--title', 'Limits report', '--source', 'a/b:c@0000000', ...args],
    { timeout: LIMIT },
  );

/** Ended before its kill timer, exit 1, one line starting with `start`, no stack trace. */
function refusedInOneLine(r, start) {
  assert.doesNotMatch(r.stderr, /killed after/, 'ended before its kill timer');
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.ok(lines[0].startsWith(start), lines[0]);
}

test(
  'a line of 200,000 nested brackets below a table: add-report reads the table and ends',
  { timeout: LIMIT + 5000 },
  async () => {
    const file = path.join(outside, 'brackets.md');
    fs.writeFileSync(file, `${TABLE}\n${'['.repeat(200_000)}x${']('.repeat(200_000)}\n`);
    const r = await addReport(file);
    assert.doesNotMatch(r.stderr, /killed after/, 'ended before its kill timer');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /table measurements: 2 rows \(measurement\)/);
  },
);

test('add-report /dev/zero is refused as a device, not read forever', { timeout: LIMIT + 5000 }, async () => {
  refusedInOneLine(await addReport('/dev/zero'), '/dev/zero: expected a report file, found a device');
});

test('add-report of a named pipe is refused, not read forever', { timeout: LIMIT + 5000 }, async () => {
  const fifo = path.join(outside, 'report.md');
  spawnSync('mkfifo', [fifo]);
  refusedInOneLine(await addReport(fifo), `${fifo}: expected a report file, found a named pipe (FIFO)`);
});

test(
  'a named pipe under seeds/ is refused by the data stage, not read forever',
  { timeout: LIMIT + 5000 },
  async () => {
    const fifo = path.join(root, 'seeds/solon/pipe.md');
    spawnSync('mkfifo', [fifo]);
    try {
      const r = await runScript(
        root,
        'scripts/data/build-data.mjs',
        ['--quiet', '--out', path.join(outside, 'data-fifo')],
        { timeout: LIMIT },
      );
      refusedInOneLine(r, 'seeds/solon/pipe.md: expected a file, found a named pipe (FIFO)');
    } finally {
      fs.rmSync(fifo);
    }
  },
);

// # Arguments.

const CLIS = [
  'add-report/add-report.mjs',
  'build.mjs',
  'data/build-data.mjs',
  'check/check.mjs',
  'bench/bench.mjs',
  'serve.mjs',
  'run-tests.mjs',
  'charts/build-charts.mjs',
  'views/build-views.mjs',
  'search/build-search.mjs',
  'check/validate-site.mjs',
];
for (const cli of CLIS) {
  test(`${cli} --help prints its usage; an unknown option is one line, exit 2`, { timeout: LIMIT + 5000 }, async () => {
    const help = await run(root, `scripts/${cli}`, ['--help'], { timeout: LIMIT });
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /usage|CLI|Setup/i);
    const bad = await run(root, `scripts/${cli}`, ['--no-such-option'], { timeout: LIMIT });
    assert.equal(bad.code, 2, bad.stderr);
    assert.equal(bad.stderr.trim(), `${path.basename(cli)}: Unknown option '--no-such-option' (see --help)`);
  });
}

test(
  'add-report --licence without its value, or without a file, is one line, exit 2',
  { timeout: LIMIT + 5000 },
  async () => {
    const r = await run(root, 'scripts/add-report/add-report.mjs', ['x.md', '--licence'], { timeout: LIMIT });
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim(), "add-report.mjs: Option '--licence <value>' argument missing (see --help)");
    const none = await run(root, 'scripts/add-report/add-report.mjs', [], { timeout: LIMIT });
    assert.equal(none.code, 2);
    assert.equal(none.stderr.trim(), 'add-report.mjs: expected one report file, found none (see --help)');
  },
);

// # Text as a reader sees it.

/** Add a report for real (not a dry run) with its own slug; returns the run and its measurements CSV. */
async function addFor(name, text, args = []) {
  const file = path.join(outside, `${name}.md`);
  fs.writeFileSync(file, text);
  const r = await runScript(
    root,
    'scripts/add-report/add-report.mjs',
    [file, '--title', `Report ${name}`, '--source', 'a/b:c@0000000', '--slug', name, ...args],
    { timeout: LIMIT },
  );
  const csv = path.join(root, 'data/tables', name, 'measurements.csv');
  return { r, csv: fs.existsSync(csv) ? fs.readFileSync(csv, 'utf8') : '' };
}

test(
  'one stray byte in a UTF-8 report: read as UTF-8 (naïve stays naïve) and the byte reported at its line',
  { timeout: LIMIT + 5000 },
  async () => {
    const bytes = Buffer.concat([
      Buffer.from('# Enc (2024-01-01)\n\n| Server | Latency (ms) |\n|---|---|\n| naïve | 1 |\n| b '),
      Buffer.from([0xff]),
      Buffer.from(' | 2 |\n'),
    ]);
    const file = path.join(outside, 'stray.md');
    fs.writeFileSync(file, bytes);
    const r = await addReport(file);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /stray\.md:6: warning: expected UTF-8, found a byte that is not/);
    assert.doesNotMatch(r.stdout, /latin-1|windows-1252/);
  },
);

test(
  'ANSI colour codes in a table cell are removed on read: the CSV holds the text a terminal showed',
  { timeout: LIMIT + 5000 },
  async () => {
    const { r, csv } = await addFor(
      'ansi-cells',
      '# Colours (2024-01-01)\n\n| Server | Mode | Latency (ms) |\n|---|---|---|\n| a | \u001b[32mfast\u001b[0m | 1 |\n| b | slow | 2 |\n',
    );
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!csv.includes('\u001b'), csv);
    assert.match(csv, /,fast,/);
  },
);

// # All or nothing.

test(
  'with data/ that cannot be replaced, add-report writes nothing to seeds/ either, and a rerun is not "already there"',
  { timeout: 2 * LIMIT + 5000 },
  async (t) => {
    const data = path.join(root, 'data');
    // Immutable: not even root can rename it (EPERM), as on a read-only mount.
    if (spawnSync('chattr', ['+i', data]).status !== 0) return t.skip('chattr +i is not available here');
    const before = spawnSync('find', [path.join(root, 'seeds')], { encoding: 'utf8' }).stdout;
    try {
      const { r } = await addFor('read-only-data', TABLE);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.equal(
        spawnSync('find', [path.join(root, 'seeds')], { encoding: 'utf8' }).stdout,
        before,
        'seeds/ as it was',
      );
    } finally {
      spawnSync('chattr', ['-i', data]);
    }
    const again = await addFor('read-only-data', TABLE);
    assert.equal(again.r.code, 0, again.r.stderr);
  },
);

// # JSON nested deep.

for (const depth of [100_000, 200_000]) {
  test(
    `JSON nested ${depth.toLocaleString('en')} deep is refused at its line, without a stack overflow`,
    { timeout: LIMIT + 5000 },
    async () => {
      const file = path.join(outside, `deep-${depth}.json`);
      fs.writeFileSync(
        file,
        `{"results":[{"command":"x","stddev":1,"mean":1,"times":\n${'['.repeat(depth)}${']'.repeat(depth)}}]}\n`,
      );
      refusedInOneLine(
        await addReport(file),
        `${path.relative(root, file)}:2: expected JSON nested at most 100 levels deep, found more than 100 levels`,
      );
    },
  );
}

// # Wide tables.

test('a Markdown table of 100,000 columns ends with a clear refusal', { timeout: LIMIT + 5000 }, async () => {
  const n = 100_000;
  const row = (label) => `| ${label} |${' 1 |'.repeat(n)}`;
  const header = `| name |${Array.from({ length: n }, (_, i) => ` c${i} (ms) |`).join('')}`;
  const file = path.join(outside, 'wide.md');
  fs.writeFileSync(file, `# Wide (2024-01-01)\n\n${header}\n|---|${'---|'.repeat(n)}\n${row('a')}\n${row('b')}\n`);
  const r = await addReport(file);
  assert.doesNotMatch(r.stderr, /killed after/, 'ended before its kill timer');
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  const forced = await addReport(file, ['--format', 'table']);
  assert.equal(forced.code, 1, forced.stderr);
});

// # Big tables: what the pipeline holds in 700 MB.

test('a 19 MB table of 730,000 rows is refused by its size before it is read', { timeout: LIMIT + 5000 }, async () => {
  const file = path.join(outside, 'huge.md');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '# Huge (2024-01-01)\n\n| Server | Latency (ms) |\n|---|---|\n');
  const rows = Array.from(
    { length: 10_000 },
    (_, i) => `| server-${String(i).padStart(6, '0')} | ${i % 1000}.5 |\n`,
  ).join('');
  for (let k = 0; k < 73; k++) fs.writeSync(fd, rows);
  fs.closeSync(fd);
  const r = await addReport(file);
  refusedInOneLine(r, `${file}: expected a Markdown seed of at most 2.0 MB`);
});

// Line-oriented kinds take up to 32 MB (SEED_KINDS, scripts/data/inputs.mjs); whole documents 2 MB.
const bigRows = (n, cell) =>
  Array.from({ length: n }, (_, i) => cell(`server-${String(i).padStart(6, '0')}`, i)).join('');

test('a 3 MB CSV goes in: add-report reads every row of it', { timeout: LIMIT + 5000 }, async () => {
  // Long cells (a command line each), so that 3 MB is 25,000 rows: the size, not the row count, is tested.
  const file = path.join(outside, 'big.csv');
  const command = (s) =>
    `${s} --threads 16 --connections 256 --duration 30s --latency --script post.lua http://127.0.0.1:8080/`;
  const rows = bigRows(25_000, (s, i) => `${command(s)},${i % 1000}.5,${i % 977}.25,${(i % 7) * 1000}\n`);
  fs.writeFileSync(file, `Command,Latency (ms),p99 (ms),Requests/s\n${rows}`);
  assert.ok(fs.statSync(file).size > 3 * 1024 * 1024);
  const r = await addReport(file, ['--date', '2024-01']);
  assert.doesNotMatch(r.stderr, /killed after/, 'ended before its kill timer');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /read as delimited/);
  assert.match(r.stdout, /table measurements: 75000 rows \(measurement\)/);
});

test('a 3 MB Markdown table is refused with its kind, the cap and its size', { timeout: LIMIT + 5000 }, async () => {
  const file = path.join(outside, 'big.md');
  const rows = bigRows(100_000, (s, i) => `| ${s} | ${i % 1000}.5 | ${i % 977}.25 |\n`);
  fs.writeFileSync(file, `# Big (2024-01-01)\n\n| Server | Latency (ms) | p99 (ms) |\n|---|---|---|\n${rows}`);
  const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  assert.ok(mb >= 3, mb);
  refusedInOneLine(
    await addReport(file),
    `${file}: expected a Markdown seed of at most 2.0 MB, read as one whole document (line-oriented text, such as CSV, takes up to 32 MB) (split a bigger report into one seed per run or table), found ${mb} MB`,
  );
});

test(
  'a table of 100,001 rows (under 2 MB) is refused at the line of the row too many',
  { timeout: LIMIT + 5000 },
  async () => {
    const file = path.join(outside, 'rows.md');
    fs.writeFileSync(file, `# Rows (2024-01-01)\n\n| S | L (ms) |\n|---|---|\n${'|a|1|\n'.repeat(100_001)}`);
    refusedInOneLine(
      await addReport(file),
      `${path.relative(root, file)}:100005: expected tables of at most 100,000 rows`,
    );
  },
);

// # NUL bytes.

test(
  'a NUL byte in a table cell is refused at its line by add-report and the data stage',
  { timeout: 2 * LIMIT + 5000 },
  async () => {
    const text = '# Nul (2024-01-01)\n\n| Server | Latency (ms) |\n|---|---|\n| hack\0ney | 1 |\n| gun | 2 |\n';
    const file = path.join(outside, 'nul.md');
    fs.writeFileSync(file, text);
    refusedInOneLine(await addReport(file), `${path.relative(root, file)}:5: expected text without NUL bytes`);
    const seed = path.join(root, 'seeds/solon/2021-solon-jetty-hello-world-app-wrk-five-runs.md');
    const before = fs.readFileSync(seed);
    try {
      fs.writeFileSync(seed, Buffer.concat([Buffer.from('x\0y\n'), before]));
      const r = await runScript(
        root,
        'scripts/data/build-data.mjs',
        ['--quiet', '--out', path.join(outside, 'data-nul')],
        { timeout: LIMIT },
      );
      refusedInOneLine(
        r,
        'seeds/solon/2021-solon-jetty-hello-world-app-wrk-five-runs.md:1: expected text without NUL bytes',
      );
    } finally {
      fs.writeFileSync(seed, before);
    }
  },
);
