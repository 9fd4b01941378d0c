// Throw-away copies of the site for the build benchmarks, and the build run inside them.
// A copy has the site's own sources (scripts/, layouts/, content/, assets/, static/, config.toml,
// package.json, data/ and seeds/) with node_modules and .venv symlinked, so that the copy's scripts
// run exactly as the repository's do (cwd = the copy), while the repository's data/, build/,
// public/ and caches stay untouched for whatever else is using them (tests, a running server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { hugoBin, venvBin } from '../lib/tools.mjs';
import { walk } from '../lib/fs.mjs';

/** What a copy of the site takes from the repository (those that exist). */
const SOURCES = [
  'scripts',
  'layouts',
  'content',
  'assets',
  'static',
  'i18n',
  'archetypes',
  'data',
  'seeds',
  'config.toml',
  'hugo.toml',
  'package.json',
];
const LINKED = ['node_modules', '.venv'];
/** What "cold" removes: every cache and every output of the build. */
const CACHES = ['.cache', 'build', 'public', 'resources/_gen', '.hugo_build.lock'];

/**
 * Copy the site into a new temporary folder.
 * @param {string} from the repository
 * @param {{ label: string, tmp?: string, seeds?: boolean }} options  seeds: false leaves seeds/ out
 * @returns {string} the copy's root
 */
export function copySite(from, { label, tmp = os.tmpdir(), seeds = true }) {
  const root = fs.mkdtempSync(path.join(tmp, `bench-atlas-${label}-`));
  for (const name of SOURCES) {
    const src = path.join(from, name);
    if (!fs.existsSync(src) || (name === 'seeds' && !seeds)) continue;
    fs.cpSync(src, path.join(root, name), { recursive: true, filter: (p) => !/\.tmp-/.test(path.basename(p)) });
  }
  for (const name of LINKED) {
    if (fs.existsSync(path.join(from, name))) fs.symlinkSync(path.join(from, name), path.join(root, name), 'dir');
  }
  // Seeds are read-only in the repository; the copy's may be edited.
  for (const f of walk(path.join(root, 'seeds'))) fs.chmodSync(f, 0o644);
  return root;
}

export const removeSite = (root) => fs.rmSync(root, { recursive: true, force: true });

/** Remove every cache and output: the next build is cold. */
export function clean(root) {
  for (const p of CACHES) fs.rmSync(path.join(root, p), { recursive: true, force: true });
}

/**
 * The environment of a build in a copy. Hugo keeps its own cache outside the project unless told:
 * keep it in the copy's .cache/, so that "cold" is cold. And Hugo's js.Build reads only files below
 * the project: the symlinked node_modules resolves outside it, so allow reading it there.
 */
function envFor(root, extra = {}) {
  const modules = path.join(root, 'node_modules');
  return {
    ...process.env,
    ...extra,
    HUGO_CACHEDIR: path.join(root, '.cache', 'hugo'),
    ...(fs.existsSync(modules) ? { HUGO_SECURITY_NODE_PERMISSIONS_ALLOWREAD: fs.realpathSync(modules) } : {}),
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
}

/** The 1-minute load average, to two decimals: recorded before and after each measured run. */
export const load1 = () => Math.round(os.loadavg()[0] * 100) / 100;

/** Process groups started by `exec` and still running, so that an interrupted benchmark can end them. */
const groups = new Set();

/** End every process group that `exec` started and that is still running. */
export function stopAll() {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  groups.clear();
}

// CPU time of a command and all it waited for, from the shell's `times` (its second line is the
// children's user and system time). Wall time depends on what else the machine runs; CPU time
// much less so. Only where bash exists.
const BASH = process.platform !== 'win32' && fs.existsSync('/bin/bash') ? '/bin/bash' : null;
const TIMES_MARK = '@@bench-times@@';
const TIMED = `"$0" "$@"; s=$?; echo ${TIMES_MARK} >&2; times >&2; exit $s`;

function cpuFrom(stderr) {
  const tail = stderr.slice(stderr.lastIndexOf(TIMES_MARK));
  const lines = [...tail.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)];
  const c = lines[1];
  return c ? Math.round((Number(c[1]) * 60 + Number(c[2]) + Number(c[3]) * 60 + Number(c[4])) * 1000) : null;
}

/**
 * Run a command in the copy and time it (wall time, and CPU time where bash is available). With a
 * time limit, a run that goes over is stopped with its whole process group (so a stage that
 * build.mjs started ends too) and `timedOut` is set.
 * @param {string} root
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ limitMs?: number, onOutput?: (all: string) => void, env?: Record<string, string> }} [options]
 * @returns {Promise<{ ms: number, cpuMs: number | null, stdout: string, timedOut: boolean, running: string[], load: [number, number] }>}
 *   running: the command lines of the group's processes when it was stopped; load: the 1-minute
 *   load average before and after
 */
export function exec(root, cmd, args, { limitMs = 0, onOutput, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const before = load1();
    const t0 = performance.now();
    let stdout = '';
    let stderr = '';
    let all = '';
    let timedOut = false;
    let running = [];
    const [file, argv] = BASH ? [BASH, ['-c', TIMED, cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, {
      cwd: root,
      env: envFor(root, env),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    groups.add(child.pid);
    child.stdout.setEncoding('utf8').on('data', (c) => {
      stdout += c;
      all += c;
      onOutput?.(stdout);
    });
    child.stderr.setEncoding('utf8').on('data', (c) => {
      stderr += c;
      all += c;
    });
    const timer =
      limitMs > 0 &&
      setTimeout(() => {
        timedOut = true;
        running = groupCommands(child.pid);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, limitMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      groups.delete(child.pid);
      if (timer) clearTimeout(timer);
      const ms = performance.now() - t0;
      const cpuMs = timedOut ? null : cpuFrom(stderr);
      const load = [before, load1()];
      if (timedOut) resolve({ ms, cpuMs, stdout, timedOut, running, load });
      else if (code !== 0) {
        const cut = all.lastIndexOf(TIMES_MARK);
        const tail = (cut >= 0 ? all.slice(0, cut) : all).trim().split('\n').slice(-15).join('\n');
        reject(
          new Error(
            `bench: \`${path.basename(cmd)} ${args.join(' ')}\` failed in ${root} (exit ${code ?? signal}):\n${tail}`,
          ),
        );
      } else resolve({ ms, cpuMs, stdout, timedOut, running, load });
    });
  });
}

/**
 * `node scripts/build.mjs` in the copy: its wall time and the time of each stage it prints
 * ("build: <stage> <n> ms"), so the benchmark follows whatever stages the build has. A build
 * stopped at its time limit says which stage was running and for how long. `args`: build.mjs's options.
 * `charts`: what the chart stage says of itself (build-charts.mjs CHARTS_STATS): charts planned,
 * drawn and from the cache, and its CPU time (every thread of its process); null when it did not run.
 * @returns {Promise<{ total_ms: number, cpu_ms: number | null, stages: Record<string, number>, load: [number, number], charts: object | null, timed_out?: { stage: string, after_ms: number } }>}
 */
export async function build(root, { limitMs = 0, args = [] } = {}) {
  const stages = {};
  let lastMark = performance.now();
  const statsFile = path.join(root, '.cache', 'bench-charts-stats.json');
  fs.rmSync(statsFile, { force: true });
  const r = await exec(root, process.execPath, ['scripts/build.mjs', ...args], {
    env: { CHARTS_STATS: statsFile },
    limitMs,
    onOutput: (out) => {
      for (const m of out.matchAll(/^build: ([\w-]+) (\d+) ms$/gm)) {
        if (m[1] in stages) continue;
        stages[m[1]] = Number(m[2]);
        lastMark = performance.now();
      }
    },
  });
  const charts = fs.existsSync(statsFile) ? JSON.parse(fs.readFileSync(statsFile, 'utf8')) : null;
  if (!r.timedOut) return { total_ms: r.ms, cpu_ms: r.cpuMs, stages, load: r.load, charts };
  return {
    total_ms: r.ms,
    cpu_ms: null,
    stages,
    load: r.load,
    charts,
    timed_out: { stage: runningStages(r.running), after_ms: performance.now() - lastMark },
  };
}

/** The command lines of the processes in a process group (Linux and macOS `ps`; none elsewhere). */
function groupCommands(pgid) {
  const r = spawnSync('ps', ['-o', 'args=', '-g', String(pgid)], { encoding: 'utf8' });
  return r.status === 0
    ? r.stdout
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
    : [];
}

/**
 * The stages that were running when a build was stopped, from the command lines of its group:
 * scripts/<stage>/build-<stage>.mjs (build.mjs's stages), or Hugo; "between stages" when only
 * build.mjs itself was (it links the site or swaps it in), "unknown" when not even that.
 */
export function runningStages(commands) {
  const found = new Set();
  let buildScript = false;
  for (const c of commands) {
    const m = /scripts\/(?:[\w-]+\/)?build-([\w-]+)\.mjs/.exec(c);
    if (m) found.add(m[1]);
    else if (/(^|\/)hugo(\.exe)?(\s|$)/.test(c)) found.add('hugo');
    else if (/scripts\/build\.mjs(\s|$)/.test(c)) buildScript = true;
  }
  if (found.size) return [...found].join('+');
  return buildScript ? 'between stages' : 'unknown';
}

/** `node scripts/check.mjs --no-csvclean`: seeds, metadata, platforms and data/ validated, without csvkit. */
export const validate = (root, options) =>
  exec(root, process.execPath, ['scripts/check/check.mjs', '--no-csvclean'], options);

/**
 * The csvclean step of check.mjs on its own: `csvclean -a` on every CSV of the data package, in one
 * Python process (scripts/check/csvclean-all.py), as check.mjs runs it on files it has not passed before
 * (here always cold: no cache). `limit` is kept for the callers and ignored: the run is whole.
 * @returns {Promise<{ ms: number, files: number, measured: number, estimated: boolean }>}
 */
export async function csvclean(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'data/tables/datapackage.json'), 'utf8'));
  const files = pkg.resources.map((r) => path.join(root, 'data/tables', r.path)).filter((f) => fs.existsSync(f));
  const { ms } = await exec(root, venvBin('python', root), [
    path.join(root, 'scripts/check/csvclean-all.py'),
    ...files,
  ]);
  return { ms, files: files.length, measured: files.length, estimated: false };
}

/** What a build produced: reports, data rows (CSV rows under data/tables/), pages and charts. */
export function census(root) {
  const reportsDir = path.join(root, 'data/reports');
  const reports = fs.existsSync(reportsDir) ? fs.readdirSync(reportsDir).filter((f) => f.endsWith('.json')).length : 0;
  let rows = 0;
  for (const f of walk(path.join(root, 'data/tables'))) {
    if (f.endsWith('.csv')) rows += Math.max(0, fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).length - 1);
  }
  const pages = walk(path.join(root, 'public')).filter((f) => f.endsWith('.html')).length;
  const index = path.join(root, 'build/charts/data/charts.json');
  const charts = fs.existsSync(index) ? JSON.parse(fs.readFileSync(index, 'utf8')) : null;
  return {
    reports,
    data_rows: rows,
    pages,
    charts: charts ? Object.keys(charts.charts ?? {}).length : null,
    // The charts of the comparisons across reports: the chart stage draws these too.
    comparison_charts: charts ? Object.keys(charts.comparisons ?? {}).length : null,
  };
}

/** The seed of the report with the most charts (ties: the first seed path) that `accept` takes: the one to touch and edit. */
export function busiestSeed(root, accept = () => true) {
  const index = JSON.parse(fs.readFileSync(path.join(root, 'build/charts/data/charts.json'), 'utf8'));
  const count = {};
  for (const c of Object.values(index.charts ?? {})) count[c.report] = (count[c.report] ?? 0) + 1;
  const reports = fs
    .readdirSync(path.join(root, 'data/reports'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(root, 'data/reports', f), 'utf8')))
    .map((r) => ({ slug: r.slug, seed: r.seed.path, format: r.format ?? r.seed.format, charts: count[r.slug] ?? 0 }))
    .sort((a, b) => b.charts - a.charts || (a.seed < b.seed ? -1 : 1));
  return reports.find(accept) ?? reports[0];
}

/** The Hugo version, e.g. "0.168.0". */
export function hugoVersion(root) {
  const r = spawnSync(hugoBin(root), ['version'], { encoding: 'utf8' });
  return /v(\d+\.\d+\.\d+)/.exec(r.stdout ?? '')?.[1] ?? 'unknown';
}

/**
 * Run one command in a copy and measure its wall time, peak memory (the largest resident set of
 * the process and its children, from GNU time's %M) and CPU time (user + system, %U and %S: steadier
 * than wall time on a busy machine). Resolves even when the command fails: the
 * rows benchmark also times a check that refuses its input.
 * @param {string} root
 * @param {string} cmd
 * @param {string[]} args
 * @returns {Promise<{ ms: number, peak_mb: number | null, cpu_ms: number | null, code: number | null, stdout: string, stderr: string, load: [number, number] }>}
 */
export function measure(root, cmd, args) {
  return new Promise((resolve, reject) => {
    const before = load1();
    const t0 = performance.now();
    const gnuTime = fs.existsSync('/usr/bin/time');
    const argv = gnuTime ? ['-f', '@@peak-kb@@%M@@cpu-s@@%U+%S', cmd, ...args] : args;
    const child = spawn(gnuTime ? '/usr/bin/time' : cmd, argv, { cwd: root, env: envFor(root) });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /@@peak-kb@@(\d+)@@cpu-s@@([\d.]+)\+([\d.]+)/.exec(stderr);
      resolve({
        ms: performance.now() - t0,
        peak_mb: m ? Math.round(+m[1] / 1024) : null,
        cpu_ms: m ? Math.round((+m[2] + +m[3]) * 1000) : null,
        code,
        load: [before, load1()],
        stdout,
        stderr: stderr.replace(/@@peak-kb@@\d+@@cpu-s@@[\d.+]+\s*$/, ''),
      });
    });
  });
}

/**
 * `npm start` in a built copy, then one report added to it as a contributor adds it: serve.mjs
 * --live starts (the site as built, watching the sources), add-report runs with `addArgs`, and from
 * the moment add-report returns, the report's page is asked for every 100 ms until the server
 * serves it (the live rebuild is done and swapped in). The server and every build it started (one
 * process group) are ended before this returns.
 * @param {string} root a copy whose public/ is built
 * @param {string[]} addArgs add-report's arguments (file, --date, --title, --slug, ...)
 * @param {string} slug the report's slug: its page is /reports/<slug>/
 * @param {{ limitMs?: number }} [options] stop waiting after this long (default 600 s)
 * @returns {Promise<{ add_report_ms: number, visible_ms: number | null, stages: Record<string, number>, load: [number, number], timed_out: boolean }>}
 *   visible_ms: from add-report's return to the page served (null when it was not, within the limit);
 *   stages: what the live rebuild ran, as build.mjs prints it (the stages it skipped are left out)
 */
export async function liveAddOne(root, addArgs, slug, { limitMs = 600_000 } = {}) {
  const before = load1();
  const server = spawn(process.execPath, ['scripts/serve.mjs', '--live', '--port', '0'], {
    cwd: root,
    env: envFor(root),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.add(server.pid);
  const stop = () => {
    groups.delete(server.pid);
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  try {
    let said = '';
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench: serve.mjs --live in ${root} did not start: ${said}`)),
        60_000,
      );
      server.stdout.setEncoding('utf8').on('data', (d) => {
        said += d;
        const m = /served at (http:\/\/[^/\s]+\/)/.exec(said);
        if (m && said.includes('live: watching')) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      server.stderr.resume();
      server.on('exit', (code) => reject(new Error(`bench: serve.mjs --live in ${root} exited ${code}: ${said}`)));
    });
    const page = `${url}reports/${slug}/`;
    const from = said.length;
    /** The stages the live rebuilds ran since add-report started ("build: <stage> <n> ms"). */
    const stages = () => {
      const out = {};
      for (const m of said.slice(from).matchAll(/^build: ([\w-]+) (\d+) ms/gm))
        out[m[1]] = (out[m[1]] ?? 0) + Number(m[2]);
      return out;
    };
    if ((await fetch(page)).status === 200) throw new Error(`bench: ${page} is served before the report is added`);
    const added = await exec(root, process.execPath, ['scripts/add-report/add-report.mjs', ...addArgs]);
    const t0 = performance.now();
    while (performance.now() - t0 < limitMs) {
      const status = await fetch(page)
        .then(async (res) => (await res.arrayBuffer(), res.status))
        .catch(() => 0);
      if (status === 200)
        return {
          add_report_ms: added.ms,
          visible_ms: performance.now() - t0,
          stages: stages(),
          load: [before, load1()],
          timed_out: false,
        };
      await new Promise((r) => setTimeout(r, 100));
    }
    return { add_report_ms: added.ms, visible_ms: null, stages: stages(), load: [before, load1()], timed_out: true };
  } finally {
    stop();
  }
}
