// Tests of the data step: provenance of every committed row of data/ (its seed line holds the
// value), and the build-data CLI on broken seeds (one `path:line: expected ..., found ...` line on
// stderr, exit 1, data/ untouched) and on CRLF / BOM seeds (byte-identical data/).
// The CLI tests run a temporary copy of the repository, two at a time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { ROOT, realReports, linesOf, matchingLines, readCsv } from '../../tests/helpers/real-data.mjs';
import { tempRepo, removeTempRepo, runScript, snapshot, leftovers, edit } from '../../tests/helpers/temp-repo.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/tables/datapackage.json'), 'utf8'));
const seedLinesCache = new Map();
const seedLines = (p) => {
  if (!seedLinesCache.has(p)) seedLinesCache.set(p, linesOf(fs.readFileSync(path.join(ROOT, p), 'utf8')));
  return seedLinesCache.get(p);
};

/** Words and numbers of a line: "kestrel    200 conns: 11700 #/sec" -> kestrel, 200, conns, 11700, sec. */
const tokens = (line) => line.match(/[A-Za-z_]+|\d+(?:\.\d+)?/g) ?? [];

/** Is this CSV cell on the line, as a word or as a number of the same value? */
function onLine(line, value) {
  const t = tokens(line);
  if (/^-?\d+(\.\d+)?$/.test(value)) return t.some((x) => /^\d/.test(x) && Number(x) === Number(value));
  return t.includes(value);
}

function assertOnLine(file, n, value, what) {
  const line = seedLines(file)[n - 1];
  assert.ok(onLine(line, value), `${file}:${n}: expected ${what} ${JSON.stringify(value)} on the line, found ${JSON.stringify(line)}`);
}

// Units as the tools print them, to the base units of the tables (independently of the parsers):
// wrk's times (us, ms, s, m) in microseconds, counts with k or M, sizes with KB, MB, GB (1024-based).
const UNIT = { us: 1, ms: 1e3, s: 1e6, m: 6e7, k: 1e3, M: 1e6, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
/** The value of a printed quantity such as "12.92ms" or "9.01k", in base units; NaN when it is none. */
const quantity = (token) => {
  const m = /^(-?\d+(?:\.\d+)?)(us|ms|s|m|k|M|B|KB|MB|GB)?%?$/.exec(token);
  return m ? Number(m[1]) * (UNIT[m[2]] ?? 1) : NaN;
};
const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
/** Is this quantity (in base units) printed on the line, in any unit? */
function assertQuantityOnLine(file, n, value, what) {
  const line = seedLines(file)[n - 1];
  const found = line.split(/[\s,[\]()]+/).some((t) => close(quantity(t), Number(value)));
  assert.ok(found, `${file}:${n}: expected ${what} ${value} (in base units) on the line, found ${JSON.stringify(line)}`);
}
/** The nearest line at or above n that matches re (a block's heading or first line). */
const lineAbove = (file, n, re) => {
  const lines = seedLines(file);
  for (let i = n - 1; i >= 0; i--) if (re.test(lines[i])) return lines[i];
  return undefined;
};
/** The line of a block (from line n, at most `span` lines) that starts with a label, and its number. */
function labelled(file, n, label, span = 40) {
  const lines = seedLines(file);
  for (let i = n - 1; i < Math.min(lines.length, n - 1 + span); i++) if (lines[i].trim().startsWith(label)) return i + 1;
  assert.fail(`${file}:${n}: no "${label}" line in the ${span} lines of its block`);
}

// Fairness summary fields and the label of the line that states each (Darner's bench output).
const SUMMARY_LABELS = {
  concurrency: 'Concurrency Level',
  gets: 'Gets',
  sets: 'Sets',
  time_taken_s: 'Time taken for tests',
  bytes_read: 'Bytes read',
  read_rate_kbytes_per_s: 'Read rate',
  bytes_written: 'Bytes written',
  write_rate_kbytes_per_s: 'Write rate',
  requests_per_second: 'Requests per second',
  time_per_request_us: 'Time per request',
};

/**
 * What each kind of table must show at its row's seed line. A new kind fails the test until it has
 * a rule here: every measured value needs a way to be traced to its line.
 * @type {Record<string, (row: Record<string, string>, rows: Record<string, string>[], slug: string) => void>}
 */
const PROVENANCE = {
  'cloudi-request-rate': (r) => {
    // "immediate" and "lazy" in the report are short for immediate_closest and lazy_closest.
    const method = r.dest_refresh_method.replace(/_closest$/, '');
    for (const f of ['requests_per_second', 'duo_mode', 'senders', 'receivers']) assertOnLine(r.seed, +r.line, r[f], f);
    assertOnLine(r.seed, +r.line, method, 'dest_refresh_method');
    if (r.note) assert.ok(seedLines(r.seed)[r.line - 1].includes(r.note), `${r.seed}:${r.line}: the note ${r.note}`);
  },
  'darner-resident-memory': (r) => ['server', 'queued_requests', 'rss_kb'].forEach((f) => assertOnLine(r.seed, +r.line, r[f], f)),
  'darner-queue-flood': (r) => ['server', 'connections', 'requests_per_second'].forEach((f) => assertOnLine(r.seed, +r.line, r[f], f)),
  'darner-queue-packing': (r) => ['server', 'sets_added', 'requests_per_second'].forEach((f) => assertOnLine(r.seed, +r.line, r[f], f)),
  'darner-fairness-latency': (r) => {
    assertOnLine(r.seed, +r.line, r.percentile, 'percentile');
    assertOnLine(r.seed, +r.line, r.latency_us, 'latency_us');
    // The server is named by the "<server> stats:" line that opens the block.
    const lines = seedLines(r.seed);
    let i = r.line - 1;
    while (i >= 0 && !/\bstats:\s*$/.test(lines[i])) i--;
    assert.equal(lines[i]?.trim(), `${r.server} stats:`, `${r.seed}:${r.line}: the block's server`);
  },
  'darner-fairness-summary': (r) => {
    assert.equal(seedLines(r.seed)[r.line - 1].trim(), `${r.server} stats:`);
    const block = seedLines(r.seed).slice(r.line - 1, +r.line_end);
    for (const [f, label] of Object.entries(SUMMARY_LABELS)) {
      const k = block.findIndex((l) => l.startsWith(`${label}:`));
      assert.ok(k >= 0, `${r.seed}:${r.line}-${r.line_end}: no "${label}:" line`);
      assertOnLine(r.seed, +r.line + k, r[f], f);
    }
  },
  'http-client-rate': (r) => {
    // The cells of the line in order: <td> cells (Mojito's HTML tables) or words (httpc_bench text
    // tables; a table without a Pool Count column has no pool_count).
    const line = seedLines(r.seed)[r.line - 1];
    const cells = /<td>/i.test(line) ? [...line.matchAll(/<td>([^<]*)<\/td>/gi)].map((m) => m[1].trim()) : line.trim().split(/\s+/);
    const want = [r.client, r.pool_count, r.pool_size, r.concurrency, r.requests_per_second, r.error_pct].filter((v, i) => i !== 1 || (v ?? '') !== '');
    const same = (a, b) => a === b || (/^\d/.test(a) && /^\d/.test(b) && Number(a) === Number(b));
    assert.ok(cells.length === want.length && cells.every((c, i) => same(c, want[i])), `${r.seed}:${r.line}: expected the cells ${JSON.stringify(want)}, found ${JSON.stringify(line)}`);
  },
  // Derived: the row points at the measured step; the backlog is the running sum of the steps
  // of the same server up to that line, recomputed here from the seed text.
  'darner-queue-packing-backlog': (r) => {
    ['server', 'sets_added', 'requests_per_second'].forEach((f) => assertOnLine(r.seed, +r.line, r[f], f));
    const steps = seedLines(r.seed)
      .slice(0, +r.line)
      .map((l) => /^\s*(\w+)\s+(\d+)\s+sets:/.exec(l))
      .filter((m) => m && m[1] === r.server);
    const backlog = steps.reduce((n, m) => n + Number(m[2]), 0);
    assert.equal(Number(r.backlog_items), backlog, `${r.seed}:${r.line}: backlog_items`);
    assert.equal(Number(r.backlog_bytes), backlog * 1024, `${r.seed}:${r.line}: backlog_bytes`);
  },
  // Digitized: the row is a line of the digitized CSV beside the seed.
  'astore-throughput-digitized': (r) => {
    assert.match(r.seed, /\.digitized\.csv$/);
    assert.equal(seedLines(r.seed)[r.line - 1], `${r.parallelism_max},${r.requests_per_second}`, `${r.seed}:${r.line}`);
  },
  // CloudI 2.0: "stable at <rate> [<min> .. <max>] requests/second", then the distribution's moments,
  // under the "## <language> <receiver kind>" heading; each percentile on a line of its own.
  'cloudi-stable-request-rate': (r) => {
    const line = seedLines(r.seed)[r.line - 1];
    const m = /stable at (\S+) \[(\S+) \.\. (\S+)\] requests\/second/.exec(line);
    assert.ok(m, `${r.seed}:${r.line}: a "stable at" line`);
    assert.deepEqual([+m[1], +m[2], +m[3]], [+r.requests_per_second, +r.requests_per_second_min, +r.requests_per_second_max]);
    for (const [label, f] of [['mean', 'latency_mean_us'], ['stddev', 'latency_stddev_us'], ['skewness', 'latency_skewness'], ['kurtosis', 'latency_kurtosis']]) {
      assertQuantityOnLine(r.seed, labelled(r.seed, r.line, label, 8), r[f], f);
    }
    assert.match(lineAbove(r.seed, r.line, /^## /), new RegExp(`^## ${r.language.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'));
  },
  'cloudi-request-latency': (r) => {
    assert.match(seedLines(r.seed)[r.line - 1], new RegExp(`^\\s*${r.percentile}%`), `${r.seed}:${r.line}: the percentile`);
    assertOnLine(r.seed, +r.line, r.latency_us, 'latency_us');
  },
  // ApacheBench: one run's block; each figure on the line of its label, in the units ab prints.
  'ab-summary': (r) => {
    // The row's line is the run's "Requests per second" line; its other labels stand above it.
    const start = seedLines(r.seed).findLastIndex((l, i) => i < r.line && /^ab\s|^This is ApacheBench/.test(l)) + 1;
    for (const [label, f] of [['Concurrency Level', 'concurrency'], ['Complete requests', 'complete_requests'], ['Failed requests', 'failed_requests'], ['Requests per second', 'requests_per_second']]) {
      assertOnLine(r.seed, labelled(r.seed, start || 1, label, r.line - start + 1), r[f], f);
    }
  },
  'ab-connection-times': (r) => {
    const line = seedLines(r.seed)[r.line - 1];
    assert.match(line, new RegExp(`^\\s*${r.phase}:`, 'i'), `${r.seed}:${r.line}: the phase`);
    for (const f of ['min_ms', 'mean_ms', 'sd_ms', 'median_ms', 'max_ms']) if (r[f] !== '') assertOnLine(r.seed, +r.line, r[f], f);
  },
  'ab-percentiles': (r) => {
    assert.match(seedLines(r.seed)[r.line - 1], new RegExp(`^\\s*${r.percentile}%`), `${r.seed}:${r.line}: the percentile`);
    assertOnLine(r.seed, +r.line, r.time_ms, 'time_ms');
  },
  // wrk: the run's "Running ... @ <url>" line, then its figures in wrk's units (12.92ms, 9.01k, 410.05MB).
  'wrk-summary': (r) => {
    assert.ok(seedLines(r.seed)[r.line - 1].includes(`@ ${r.url}`), `${r.seed}:${r.line}: the run's url`);
    assertOnLine(r.seed, labelled(r.seed, r.line, `${r.threads} threads`, 4), r.connections, 'connections');
    const done = labelled(r.seed, r.line, `${r.requests} requests in`, 20);
    assertQuantityOnLine(r.seed, done, r.read_bytes, 'read_bytes');
    assertOnLine(r.seed, labelled(r.seed, r.line, 'Requests/sec:', 20), r.requests_per_second, 'requests_per_second');
  },
  'wrk-thread-stats': (r) => {
    const line = seedLines(r.seed)[r.line - 1];
    assert.match(line, r.stat === 'latency' ? /^\s*Latency\s/ : /^\s*Req\/Sec\s/, `${r.seed}:${r.line}: the ${r.stat} row`);
    for (const f of ['avg', 'stdev', 'max', 'within_stdev_pct']) assertQuantityOnLine(r.seed, +r.line, r[f], f);
  },
  'wrk-latency-distribution': (r) => {
    assert.match(seedLines(r.seed)[r.line - 1], new RegExp(`^\\s*${r.percentile}%`), `${r.seed}:${r.line}: the percentile`);
    assertQuantityOnLine(r.seed, +r.line, r.latency_us, 'latency_us');
  },
  // The measurement model: a row projected from a table of the report has the value of that table's
  // row at the same seed line, or (a run's summary gathers values from several lines) has it on its
  // own line as printed; a row an adapter read has its value on its line, as printed.
  measurement: (r, _rows, slug) => {
    const from = `data/tables/${slug}/${r.source_table}.csv`;
    if (!fs.existsSync(path.join(ROOT, from))) return assertQuantityOnLine(r.seed, +r.line, r.value, 'value');
    const same = readCsv(from).filter((x) => x.seed === r.seed && x.line === r.line);
    if (same.some((x) => Object.values(x).some((v) => v !== '' && Number(v) === Number(r.value)))) return;
    assert.ok(readCsv(from).some((x) => x.seed === r.seed && Object.values(x).some((v) => v !== '' && Number(v) === Number(r.value))), `${from}: a row of ${r.seed} holds ${r.value}`);
    assertQuantityOnLine(r.seed, +r.line, r.value, 'value');
  },
  // Errata: the line holds the value as published, and the corrected table has that row.
  errata: (r, _rows, slug) => {
    assertOnLine(r.seed, +r.line, r.published_value, 'published_value');
    const rows = readCsv(`data/tables/${slug}/${r.table}.csv`).filter((x) => x.seed === r.seed && x.line === r.line);
    assert.equal(rows.length, 1, `data/tables/${slug}/${r.table}.csv: the row of ${r.seed}:${r.line}`);
    assert.equal(rows[0][r.field], r.published_value, 'the table keeps the value as published');
  },
};

describe('provenance of every row of data/tables/', () => {
  test('datapackage.json lists tables', () => assert.ok(pkg.resources.length > 0));
  for (const res of pkg.resources) {
    const file = `data/tables/${res.path}`;
    test(`${file}: each row's seed line holds its values`, () => {
      const rule = PROVENANCE[res['x-kind']];
      assert.ok(rule, `no provenance rule for table kind ${res['x-kind']}: add one to this test`);
      const rows = readCsv(file);
      assert.ok(rows.length > 0, `${file} has no rows`);
      const slug = res.path.split('/')[0];
      for (const r of rows) {
        assert.ok(fs.existsSync(path.join(ROOT, r.seed)), `${file}: seed ${r.seed} does not exist`);
        const n = seedLines(r.seed).length;
        assert.ok(/^\d+$/.test(r.line) && +r.line >= 1 && +r.line <= n, `${file}: line ${r.line} is not a line of ${r.seed} (1-${n})`);
        rule(r, rows, slug);
      }
    });
  }

  test('derived and digitized tables are marked as such in datapackage.json', () => {
    for (const res of pkg.resources) {
      if (res['x-kind'] === 'darner-queue-packing-backlog') assert.equal(res['x-derived'], true, res.path);
      if (res['x-kind'] === 'astore-throughput-digitized') assert.equal(res['x-digitized'], true, res.path);
      if (/^(cloudi|darner-(resident|queue-flood|fairness)|http-client)/.test(res['x-kind'])) {
        assert.equal(res['x-derived'] || res['x-digitized'], false, `${res.path} is measured`);
      }
    }
  });

  test('the digitized table has one row per data line of its CSV beside the seed', () => {
    for (const res of pkg.resources.filter((x) => x['x-digitized'])) {
      const rows = readCsv(`data/tables/${res.path}`);
      const source = rows[0].seed;
      const want = matchingLines(fs.readFileSync(path.join(ROOT, source), 'utf8'), /^\s*\d/);
      assert.deepEqual(rows.map((r) => Number(r.line)).sort((a, b) => a - b), want);
    }
  });

  test("each report's seed.sha256 is the seed file's SHA-256, and lines its line count", () => {
    for (const r of realReports()) {
      const doc = JSON.parse(fs.readFileSync(path.join(ROOT, `data/reports/${r.meta.slug}.json`), 'utf8'));
      assert.equal(doc.seed.path, r.seedPath);
      assert.equal(doc.seed.sha256, createHash('sha256').update(fs.readFileSync(path.join(ROOT, r.seedPath))).digest('hex'), r.seedPath);
      assert.equal(doc.seed.lines, r.seedText.split('\n').length - (r.seedText.endsWith('\n') ? 1 : 0), r.seedPath);
    }
  });
});

// The CLI on broken seeds, and on seeds with other line ends.

const seedOf = (slug) => realReports().find((r) => r.meta.slug === slug).seedPath;
const DARNER = seedOf('darner-vs-kestrel-ec2-m1-large');
const HTTPC = seedOf('httpc-bench-mojito-ec2-m5-4xlarge');
const CLOUDI = seedOf('cloudi-1.5.1-power8');

/** 1-based number of the first line of a seed equal to `text` (asserting that there is one). */
function lineNumber(seedPath, text) {
  const n = seedLines(seedPath).indexOf(text) + 1;
  assert.ok(n > 0, `${seedPath} has no line ${JSON.stringify(text)}`);
  return n;
}

/** Each case breaks the copy and says which one line build-data must print. */
const BROKEN = [
  {
    name: 'a Darner code block cut off in the middle of its table',
    break: (root) => {
      const cut = lineNumber(DARNER, 'darner     600 conns: 36616.6 #/sec (mean)');
      edit(root, DARNER, (t) => t.split('\n').slice(0, cut).join('\n') + '\n');
    },
    message: () => `${DARNER}:${lineNumber(DARNER, 'ubuntu@domU-12-31-39-0E-0C-72:~/darner$ bench/flood.sh ') - 1}: expected a closing \`\`\` for the code block, found the end of the file`,
  },
  {
    name: 'an HTML table without </table> (the seed cut off in the middle of the second table)',
    kept: true,
    seed: HTTPC,
    break: (root) => {
      const cut = lineNumber(HTTPC, '## The original benchmark') + 30;
      edit(root, HTTPC, (t) => t.split('\n').slice(0, cut).join('\n') + '\n');
    },
    message: () => {
      const heading = lineNumber(HTTPC, '## The original benchmark');
      const table = seedLines(HTTPC).findIndex((l, i) => i >= heading && l === '<table>') + 1;
      return `${HTTPC}:${table}: expected a table closed by </table>, found the end of the file (the table is cut off)`;
    },
  },
  {
    name: 'a non-numeric value',
    kept: true,
    seed: DARNER,
    break: (root) => edit(root, DARNER, (t) => t.replace('kestrel    200 conns: 11700 #/sec (mean)', 'kestrel    200 conns: n/a #/sec (mean)')),
    message: () =>
      `${DARNER}:${lineNumber(DARNER, 'kestrel    200 conns: 11700 #/sec (mean)')}: expected "<server> <n> conns: <rate> #/sec (mean)", found "kestrel    200 conns: n/a #/sec (mean)"`,
  },
  {
    name: 'a duplicated key (a CloudI row repeated)',
    kept: true,
    seed: CLOUDI,
    break: (root) => {
      const row = '             1148                lazy    false      1        1';
      edit(root, CLOUDI, (t) => t.replace(row + '\n', row + '\n' + row + '\n'));
    },
    message: () => {
      const first = lineNumber(CLOUDI, '             1148                lazy    false      1        1');
      return new RegExp(
        `^${escape(`${CLOUDI}:${first + 1}: expected one row per language + `)}.*${escape(
          ` in request-rate, found a second row for language=Erlang, receiver_kind=internal, dest_refresh_method=lazy_closest, duo_mode=false, senders=1, receivers=1, queue_service=false (the first is line ${first}; `,
        )}`,
      );
    },
  },
  {
    name: 'an unknown section heading',
    break: (root) => edit(root, DARNER, (t) => t.replace('\n# Queue Flooding\n', '\n# Queue Draining\n')),
    message: () =>
      `${DARNER}:${lineNumber(DARNER, '# Queue Flooding')}: expected a section heading ("# Resident Memory", "# Queue Flooding", "# Fairness", "# Queue Packing"), found "# Queue Draining"`,
  },
  {
    name: 'an empty seed',
    break: (root) => edit(root, DARNER, () => ''),
    message: () => `${DARNER}: expected a Darner benchmark report, found an empty file`,
  },
  {
    name: 'a seed in no known format (the metadata says darner-bench, the seed is CSV)',
    break: (root) => edit(root, DARNER, () => 'server,connections,requests_per_second\nkestrel,1,7163.58\ndarner,1,13088.1\n'),
    message: () => `${DARNER}: expected a report in the darner-bench format, as ${DARNER.replace(/\.md$/, '.meta.yaml')} says, found a file in no known format`,
  },
];

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('build-data CLI', { concurrency: 2 }, () => {
  // Keep what reads: a flaw in one passage leaves that passage out, listed with its line and why.
  for (const c of BROKEN.filter((x) => x.kept)) {
    test(`${c.name}: that passage is left out and listed with its line and why, the rest goes in`, async () => {
      const root = tempRepo('build');
      try {
        const seed = c.seed;
        c.break(root);
        const { code, stderr } = await runScript(root, 'scripts/data/build-data.mjs', ['--quiet']);
        assert.equal(code, 0, stderr);
        const docs = fs.readdirSync(path.join(root, 'data/reports')).map((f) => JSON.parse(fs.readFileSync(path.join(root, 'data/reports', f), 'utf8')));
        const doc = docs.find((d) => d.seed.path === seed);
        assert.equal(doc.not_read?.length, 1, JSON.stringify(doc.not_read));
        const [left] = doc.not_read;
        assert.ok(left.from <= left.line && left.line <= left.to);
        const want = c.message();
        const said = `${seed}:${left.line}: ${left.why}`;
        if (want instanceof RegExp) assert.match(said, want);
        else assert.equal(said, want);
        assert.ok(doc.measured_rows > 0, 'the rest of the report went in');
      } finally {
        removeTempRepo(root);
      }
    });
  }

  for (const c of BROKEN.filter((x) => !x.kept)) {
    test(`${c.name}: one line on stderr, exit 1, data/ untouched`, async () => {
      const root = tempRepo('build');
      try {
        const before = snapshot(path.join(root, 'data'));
        c.break(root);
        const { code, stdout, stderr } = await runScript(root, 'scripts/data/build-data.mjs');
        assert.equal(code, 1, `exit code (stderr: ${stderr})`);
        assert.equal(stdout, '');
        const lines = stderr.replace(/\n$/, '').split('\n');
        assert.equal(lines.length, 1, `one line on stderr, found:\n${stderr}`);
        const want = c.message();
        if (want instanceof RegExp) assert.match(lines[0], want);
        else assert.equal(lines[0], want);
        assert.deepEqual(snapshot(path.join(root, 'data')), before, 'data/ must be left as it was');
        assert.deepEqual(leftovers(root), [], 'no temporary output folder may be left behind');
      } finally {
        removeTempRepo(root);
      }
    });
  }

  // CRLF line ends and a BOM change nothing in data/ (seeds and the digitized CSV beside one).
  test('CRLF line ends and a UTF-8 BOM on every seed give byte-identical data/', async () => {
    const root = tempRepo('build');
    try {
      const committed = snapshot(path.join(ROOT, 'data'));
      const datasets = realReports().flatMap((r) => (r.meta.datasets ?? []).map((d) => path.posix.join(path.posix.dirname(r.seedPath), d.file)));
      for (const f of [...realReports().map((r) => r.seedPath), ...datasets]) edit(root, f, (t) => '\ufeff' + t.replace(/\n/g, '\r\n'));
      const { code, stderr } = await runScript(root, 'scripts/data/build-data.mjs', ['--quiet']);
      assert.equal(code, 0, stderr);
      assert.deepEqual(snapshot(path.join(root, 'data')), committed);
      assert.deepEqual(leftovers(root), []);
    } finally {
      removeTempRepo(root);
    }
  });
});

test('a rebuild reads again only the report whose seed changed, and writes the same data/ as a build from scratch', async () => {
  const root = tempRepo('data-cache');
  try {
    const first = await runScript(root, 'scripts/data/build-data.mjs');
    assert.equal(first.code, 0, first.stderr);
    const cold = snapshot(path.join(root, 'data'));
    const again = await runScript(root, 'scripts/data/build-data.mjs');
    const n = Object.keys(cold).filter((f) => /^reports\/[^/]+\.json$/.test(f)).length;
    assert.match(again.stdout, new RegExp(`data: ${n} reports \\(${n} from cache\\)`));
    assert.deepEqual(snapshot(path.join(root, 'data')), cold, 'data/ from the cache is data/ from the seeds');
    // One value of one seed edited: that report is read again, the others come from the cache, and
    // data/ is what a build without any cache makes of the edited seeds.
    edit(root, DARNER, (t) => t.replace('kestrel    200 conns: 11700 #/sec (mean)', 'kestrel    200 conns: 11701 #/sec (mean)'));
    const edited = await runScript(root, 'scripts/data/build-data.mjs');
    assert.match(edited.stdout, new RegExp(`data: ${n} reports \\(${n - 1} from cache\\)`));
    const warm = snapshot(path.join(root, 'data'));
    assert.notDeepEqual(warm, cold);
    const scratch = await runScript(root, 'scripts/data/build-data.mjs', ['--no-cache', '--out', 'data-scratch']);
    assert.equal(scratch.code, 0, scratch.stderr);
    assert.deepEqual(warm, snapshot(path.join(root, 'data-scratch')));
  } finally {
    removeTempRepo(root);
  }
});
