// The parameters of a load-tool command line, as conditions of the runs it started: wrk and wrk2
// (`-t4 -c200 -d30s -R2000 --latency url`), ab (`-n 1000 -c 10 -k`), hey, oha, vegeta attack, k6 run
// and redis-benchmark. A command continued with `\` at the end of its line is joined with the lines
// that continue it (reports paste long commands that way); a prompt (`$ `), `sudo`, environment
// assignments and a path before the tool's name are allowed. Pure.
//
// Exports:
//   commandConditions(text, line = 1) -> { tool, command, conditions, url, lines: [from, to] } | undefined
//       the command that starts at `line` (1-based) of `text` (or of its lines), or undefined when it is
//       no known tool's; `command` is the whole command on one line, without its prompt
//   findCommands(text, from?, to?) -> the same, for every command of a known tool in the text (or lines from..to)
import { splitLines, toNumber } from '../../../lib/text.mjs';

/** Seconds in a duration as the tools write it: "30s", "2m", "1h", "500ms", "1m30s"; a bare number is seconds. */
export function durationSeconds(text) {
  const t = String(text).trim();
  if (/^\d+(\.\d+)?$/.test(t)) return toNumber(t);
  const parts = [...t.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|s|m|h)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== t) return undefined;
  const factor = { us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  return Number.parseFloat(parts.reduce((s, p) => s + toNumber(p[1]) * factor[p[2]], 0).toPrecision(12));
}

const int = (v) => (/^\d+$/.test(v) ? toNumber(v) : undefined);
const num = (v) => (/^\d+(\.\d+)?$/.test(v) ? toNumber(v) : undefined);
const text = (v) => v;
/** vegeta's -rate: "100", "100/1s", "50/s". */
const rate = (v) => {
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d*)(s|m|h|ms)?)?$/.exec(v);
  if (!m) return undefined;
  const per = m[3] ? durationSeconds(`${m[2] || 1}${m[3]}`) : 1;
  return per === 1 ? toNumber(m[1]) : Number.parseFloat((toNumber(m[1]) / per).toPrecision(12));
};
const FLAG = Symbol('flag');

/**
 * Options per tool: spelling -> [condition name, reader]; a reader FLAG takes no value (true).
 * Options not listed are skipped with their value when they take one (`takesValue`).
 */
const TOOLS = {
  wrk: {
    options: {
      '-t': ['threads', int], '--threads': ['threads', int],
      '-c': ['connections', int], '--connections': ['connections', int],
      '-d': ['duration_s', durationSeconds], '--duration': ['duration_s', durationSeconds],
      '-R': ['rate', num], '--rate': ['rate', num],
      '-s': ['script', text], '--script': ['script', text],
      '--timeout': ['timeout_s', durationSeconds],
      '--latency': ['latency', FLAG], '-L': ['latency', FLAG], '-U': ['uncorrected_latency', FLAG],
    },
    takesValue: ['-H', '--header'],
  },
  ab: {
    options: {
      '-n': ['requests', int], '-c': ['concurrency', int], '-t': ['duration_s', durationSeconds],
      '-k': ['keep_alive', FLAG], '-s': ['timeout_s', durationSeconds], '-p': ['post_file', text],
      '-T': ['content_type', text], '-m': ['method', text], '-b': ['window_size', int], '-B': ['local_address', text],
    },
    takesValue: ['-H', '-C', '-A', '-P', '-X', '-g', '-e', '-u', '-v', '-Z', '-f', '-E', '-x', '-y', '-z'],
    single: true,
  },
  hey: {
    options: {
      '-n': ['requests', int], '-c': ['concurrency', int], '-q': ['rate_per_worker', num],
      '-z': ['duration_s', durationSeconds], '-m': ['method', text], '-t': ['timeout_s', num],
      '-cpus': ['cores', int], '-disable-keepalive': ['disable_keepalive', FLAG], '-h2': ['http2', FLAG],
      '-disable-compression': ['disable_compression', FLAG], '-D': ['body_file', text], '-d': ['body', text],
    },
    takesValue: ['-H', '-A', '-a', '-T', '-x', '-o', '-host'],
  },
  oha: {
    options: {
      '-n': ['requests', int], '-c': ['connections', int], '-q': ['rate', num], '-z': ['duration_s', durationSeconds],
      '-m': ['method', text], '--method': ['method', text], '-p': ['parallel', int], '--http2': ['http2', FLAG],
      '--latency-correction': ['latency_correction', FLAG], '--disable-keepalive': ['disable_keepalive', FLAG],
      '-t': ['timeout_s', durationSeconds], '--timeout': ['timeout_s', durationSeconds], '--burst-delay': ['burst_delay_s', durationSeconds],
      '--burst-rate': ['burst_rate', int], '--no-tui': ['no_tui', FLAG], '-j': ['json', FLAG],
    },
    takesValue: ['-H', '-A', '-d', '-D', '-T', '-a', '-x', '--host', '-o', '--output-format'],
  },
  vegeta: {
    options: {
      '-rate': ['rate', rate], '-duration': ['duration_s', durationSeconds], '-connections': ['connections', int],
      '-workers': ['workers', int], '-max-workers': ['max_workers', int], '-timeout': ['timeout_s', durationSeconds],
      '-targets': ['targets', text], '-http2': ['http2', FLAG], '-keepalive': ['keep_alive', text], '-format': ['target_format', text],
    },
    takesValue: ['-header', '-name', '-output', '-body', '-root-certs', '-cert', '-key', '-laddr', '-lazy', '-max-body', '-proxy-header', '-redirects', '-resolvers'],
    subcommand: 'attack',
  },
  k6: {
    options: {
      '--vus': ['vus', int], '-u': ['vus', int], '--duration': ['duration_s', durationSeconds], '-d': ['duration_s', durationSeconds],
      '--iterations': ['iterations', int], '-i': ['iterations', int], '--rps': ['rate', num],
    },
    takesValue: ['-e', '--env', '--out', '-o', '--tag', '--summary-export', '--stage', '-s', '--config', '-c'],
    subcommand: 'run',
  },
  'redis-benchmark': {
    options: {
      '-h': ['host', text], '-p': ['port', int], '-c': ['clients', int], '-n': ['requests', int],
      '-d': ['data_size_bytes', int], '-P': ['pipeline', int], '-t': ['tests', text], '-r': ['keyspace', int],
      '-k': ['keep_alive', int], '--threads': ['threads', int], '-q': ['quiet', FLAG], '--csv': ['csv', FLAG],
      '-l': ['loop', FLAG], '--cluster': ['cluster', FLAG], '--precision': ['precision', int],
    },
    takesValue: ['-a', '--user', '-s', '--dbnum', '-u'],
  },
};
const NAMES = { wrk2: 'wrk', wrk: 'wrk', ab: 'ab', ab2: 'ab', hey: 'hey', oha: 'oha', vegeta: 'vegeta', k6: 'k6', 'redis-benchmark': 'redis-benchmark' };

/** Shell-like words: quotes removed, `\` escapes kept literal. */
function words(line) {
  const out = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(line))) {
    const w = m[1] ?? m[2] ?? m[3];
    // a word glued to a quoted part: --header="a b" is one word
    if (m[3] && /^[^'"]*=["']/.test(m[3])) {
      const q = m[3].indexOf('=') + 1;
      const quote = m[3][q];
      const end = line.indexOf(quote, m.index + q + 1);
      if (end > 0) {
        out.push(m[3].slice(0, q) + line.slice(m.index + q + 1, end));
        re.lastIndex = end + 1;
        continue;
      }
    }
    out.push(w);
  }
  return out;
}

/** The segment of a (piped) command that runs a known tool, with the tool's name. */
function toolSegment(command) {
  for (const segment of command.split(/\s\|\s|\s&&\s|;\s/)) {
    const ws = words(segment.trim().replace(/^(\$|#|>|%|PS>)\s+/, ''));
    let i = 0;
    while (i < ws.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(ws[i]) || /^(sudo|time|nohup|exec|env|docker|run|--rm|-it|-t|-i|--network=\S+|--net=\S+)$/.test(ws[i]))) i++;
    if (i >= ws.length) continue;
    const base = ws[i].split('/').pop();
    const tool = NAMES[base];
    if (tool) return { tool, args: ws.slice(i + 1) };
  }
  return undefined;
}

/** Read the arguments of one tool into conditions and a URL. */
function readArgs(tool, args) {
  const spec = TOOLS[tool];
  const conditions = {};
  let url = '';
  let k = 0;
  if (spec.subcommand) {
    if (args[0] !== spec.subcommand) return undefined;
    k = 1;
  }
  const set = ([name, read], value) => {
    const v = read === FLAG ? true : read(value);
    if (v !== undefined && v !== '') conditions[name] = v;
  };
  for (; k < args.length; k++) {
    const a = args[k];
    if (/^https?:\/\//.test(a)) {
      url ||= a;
      continue;
    }
    if (!a.startsWith('-') || a === '-') continue;
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    const known = spec.options[name];
    if (known) {
      if (known[1] === FLAG) set(known);
      else if (eq > 0) set(known, a.slice(eq + 1));
      else if (k + 1 < args.length) set(known, args[++k]);
      continue;
    }
    if (spec.takesValue.includes(name)) {
      if (eq < 0) k++;
      continue;
    }
    // A short option with its value attached: -t4, -c200, -d30s, -R2000, -n1000.
    const attached = /^(-[A-Za-z])(.+)$/.exec(a);
    if (attached && !a.startsWith('--') && spec.options[attached[1]] && spec.options[attached[1]][1] !== FLAG) {
      set(spec.options[attached[1]], attached[2]);
      continue;
    }
    // Short options together, getopt style (ab -kc 100, -kn1000): flags, then at most one option with its value.
    if (spec.single && /^-[A-Za-z]{2,}/.test(a)) {
      for (let j = 1; j < a.length; j++) {
        const o = spec.options[`-${a[j]}`];
        if (o?.[1] === FLAG) set(o);
        else if (o) {
          set(o, j + 1 < a.length ? a.slice(j + 1) : args[++k]);
          break;
        } else if (!/[qrSdilw]/.test(a[j])) break;
      }
    }
  }
  return { conditions, url };
}

/**
 * The command of a known load tool that starts at a line, continuation lines joined.
 * @param {string | string[]} source the text, or its lines
 * @param {number} [line] 1-based line where the command starts
 * @returns {{ tool: string, command: string, conditions: Record<string, string|number|boolean>, url: string, lines: [number, number] } | undefined}
 */
export function commandConditions(source, line = 1) {
  const lines = Array.isArray(source) ? source : splitLines(source);
  let to = line;
  let command = (lines[line - 1] ?? '').trim();
  while (/\\$/.test(command) && to < lines.length) {
    command = `${command.slice(0, -1).trimEnd()} ${lines[to].trim()}`;
    to++;
  }
  command = command.replace(/\\$/, '').trim().replace(/^(\$|#|>|%)\s+/, '');
  const segment = toolSegment(command);
  if (!segment) return undefined;
  const read = readArgs(segment.tool, segment.args);
  // Prose that starts with a tool's name ("ab is ApacheBench") is no command: it has no option and no URL.
  if (!read || (!Object.keys(read.conditions).length && !read.url)) return undefined;
  return { tool: segment.tool, command, conditions: read.conditions, url: read.url, lines: [line, to] };
}

/**
 * Every command of a known load tool in a text (a continued command once, at its first line), or
 * in lines [from, to] (1-based) of it.
 * @param {string | string[]} source the text, or its lines
 */
export function findCommands(source, from = 1, to = Infinity) {
  const lines = Array.isArray(source) ? source : splitLines(source);
  const found = [];
  for (let n = from; n <= Math.min(to, lines.length); n++) {
    const c = commandConditions(lines, n);
    if (c) {
      found.push(c);
      n = c.lines[1];
    }
  }
  return found;
}
