// Synthetic corpora for the scale benchmark: N reports made from the real seeds, each with its
// measured numbers rewritten by a seeded PRNG (same formatting, same lines, same rows) and its own
// metadata (a unique slug and title, the real platform ids). Reports cycle through the formats in
// FORMATS; within a format they cycle through its real seeds. Nothing here touches the repository:
// `synthesize` is pure and `writeCorpus` writes into a folder that the caller chooses (a temporary
// copy of the site, never the repository's own seeds/).
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The order in which synthetic reports take their formats. */
export const FORMATS = ['cloudi-request-rate', 'darner-bench', 'httpc-bench-html', 'httpc-bench-text', 'astore-rst'];

/** A small fast PRNG (mulberry32): same seed, same numbers. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A number token multiplied by a factor, written the way the token was: as many decimals,
 * thousands separators if it had them, never negative.
 * @param {string} token e.g. "7163.58", "11700", "0.8", "1,234"
 * @param {number} factor
 */
export function scaleToken(token, factor) {
  const sep = /\d,\d{3}/.test(token) ? ',' : '';
  const plain = token.replace(/,/g, '');
  const decimals = plain.includes('.') ? plain.length - plain.indexOf('.') - 1 : 0;
  const out = Math.max(0, Number(plain) * factor).toFixed(decimals);
  if (!sep) return out;
  const [int, frac] = out.split('.');
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep) + (frac === undefined ? '' : `.${frac}`);
}

/**
 * Replace the characters [start, end) of a line with a new token, keeping the token's right edge
 * where it was (text tables are read by column edges): a shorter token is padded on the left, a
 * longer one takes spaces from its left while there are any.
 */
function spliceRight(line, start, end, text) {
  let s = start;
  while (end - s < text.length && s >= 2 && line[s - 1] === ' ' && line[s - 2] === ' ') s--;
  return line.slice(0, s) + text.padStart(end - s) + line.slice(end);
}

/** Rewrite the whitespace-separated tokens of a line whose index `pick` accepts. */
function rewriteTokens(line, pick, factor) {
  const re = /\S+/g;
  const found = [];
  let m;
  while ((m = re.exec(line))) found.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  let out = line;
  for (let i = found.length - 1; i >= 0; i--) {
    const t = found[i];
    if (!pick(i, t) || !/^\d[\d,]*(\.\d+)?$/.test(t.text)) continue;
    out = spliceRight(out, t.start, t.end, scaleToken(t.text, factor()));
  }
  return out;
}

/**
 * Per format: rewrite the measured numbers of a seed's lines. `f()` returns the factor for one
 * number (the report's own level times a little noise); `level` is that level alone, for series
 * that must keep their order (latency percentiles).
 * @type {Record<string, (lines: string[], f: () => number, level: number) => string[]>}
 */
const REWRITE = {
  // Rows are "<rate> [<rate>] <dest_refresh_method> <duo_mode> <sender> [<queue>] <receiver>":
  // the rates are the numbers before the refresh method.
  'cloudi-request-rate': (lines, f) =>
    lines.map((l) => {
      const m = /^(\s*[\d.]+(?:\s+[\d.]+)?\s+)(immediate|lazy)(_\w+)?\s+(true|false)\b/.exec(l);
      return m ? rewriteTokens(l, (i, t) => t.end <= m[1].length, f) : l;
    }),
  // Resident memory (kB), flood and packing rates, fairness summaries and latency percentiles.
  'darner-bench': (lines, f, level) => {
    let inCode = false;
    return lines.map((l) => {
      if (/^```/.test(l.trim())) inCode = !inCode;
      if (!inCode) return l;
      let m;
      if ((m = /^(\w+\s+\d+\s+requests:\s+)(\d+)(\s*kB\s*)$/.exec(l))) return m[1] + scaleToken(m[2], f()) + m[3];
      if ((m = /^(\w+\s+\d+\s+(?:conns|sets):\s+)([\d.]+)(\s*#\/sec.*)$/.exec(l)))
        return m[1] + scaleToken(m[2], f()) + m[3];
      if (
        (m =
          /^((?:Time taken for tests|Bytes read|Read rate|Bytes written|Write rate|Requests per second|Time per request):\s+)(\S+)(.*)$/.exec(
            l,
          ))
      ) {
        return m[1] + scaleToken(m[2], f()) + m[3];
      }
      if ((m = /^(\s*\d+(?:\.\d+)?%:\s+)(\d+(?:\.\d+)?)(.*)$/.exec(l))) return m[1] + scaleToken(m[2], level) + m[3];
      return l;
    });
  },
  // One result row per line, `<tr><td>…</td>…</tr>`; the rate column is found from the header.
  'httpc-bench-html': (lines, f) => {
    let rateCell = -1;
    return lines.map((l) => {
      if (/<th>/i.test(l)) {
        const heads = [...l.matchAll(/<th>([^<]*)<\/th>/gi)].map((m) => m[1].trim());
        const k = heads.findIndex((h) => /^req/i.test(h));
        if (k >= 0) rateCell = k;
        return l;
      }
      if (rateCell < 0 || !/^\s*<tr><td>/i.test(l)) return l;
      let k = -1;
      return l.replace(/<td>([^<]*)<\/td>/gi, (all, v) =>
        ++k === rateCell && /^\d+(\.\d+)?$/.test(v.trim()) ? `<td>${scaleToken(v.trim(), f())}</td>` : all,
      );
    });
  },
  // A fixed-width table after a row of "=": the rate is the column headed "Requests/s".
  'httpc-bench-text': (lines, f) => {
    let rateCol = -1;
    let inTable = false;
    return lines.map((l) => {
      if (/^\s*Client\s+Pool/i.test(l)) {
        rateCol = l
          .trim()
          .split(/\s+/)
          .findIndex((w) => /^req/i.test(w));
        return l;
      }
      if (rateCol >= 0 && /^\s*={3,}\s*$/.test(l)) {
        inTable = true;
        return l;
      }
      if (inTable && /^```/.test(l.trim())) inTable = false;
      return inTable ? rewriteTokens(l, (k) => k === rateCol, f) : l;
    });
  },
  // The report itself has no numbers; its digitized CSV is rewritten instead (see DATASET).
  'astore-rst': (lines) => lines,
};

/** Rewrite the number columns of a dataset CSV beside a seed (AStore's digitized chart). */
function rewriteCsv(text, f) {
  const lines = text.split('\n');
  const header = lines[0].split(',');
  const keep = new Set(header.map((h, i) => (/^(parallelism|x|id|line)/.test(h) ? i : -1)).filter((i) => i >= 0));
  return [
    lines[0],
    ...lines.slice(1).map((l) =>
      l
        ? l
            .split(',')
            .map((c, i) => (!keep.has(i) && /^\d+(\.\d+)?$/.test(c) ? scaleToken(c, f()) : c))
            .join(',')
        : l,
    ),
  ].join('\n');
}

/**
 * Rewrite a seed's measured numbers. Same lines, same rows, other values.
 * @param {string} format a parser name from scripts/data/parsers/index.mjs
 * @param {string} text the seed
 * @param {() => number} rand a PRNG from `prng`
 */
export function rewriteSeed(format, text, rand) {
  const level = 0.6 + 0.8 * rand(); // this report is 0.6x to 1.4x the original
  const f = () => level * (0.95 + 0.1 * rand());
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const rewrite = REWRITE[format] ?? ((lines) => lines);
  return { text: rewrite(text.split(eol), f, level).join(eol), level, f };
}

/** The lab (set of machines) a synthetic report ran in. */
export const lab = (index) => `lab${String(Math.floor((index - 1) / 10) + 1).padStart(3, '0')}`;

/**
 * Make one synthetic report from a real one.
 * @param {object} template a report from readInputs() (scripts/data/inputs.mjs)
 * @param {number} index 1-based number of the synthetic report
 * @param {number} seed the corpus seed
 * @returns {{ slug: string, format: string, files: Array<{ path: string, text?: string, copyFrom?: string }> }}
 */
export function synthesizeReport(template, index, seed) {
  const meta = parseYaml(template.metaText);
  const rand = prng(seed * 1_000_003 + index);
  const tag = `synthetic-${String(index).padStart(4, '0')}`;
  const dir = template.seedPath.slice(0, template.seedPath.lastIndexOf('/') + 1);
  const base = template.metaPath.slice(dir.length, -'.meta.yaml'.length);
  const newBase = `${tag}-${base}`;
  const rename = (p) => dir + newBase + p.slice(dir.length + base.length);
  const { text: seedText, f } = rewriteSeed(meta.format, template.seedText, rand);
  const slug = `${tag}-${meta.slug}`;
  const title = `Synthetic ${String(index).padStart(4, '0')}: ${meta.title}`.slice(0, 120);
  const metaText =
    `# Synthetic report made by scripts/bench/corpus.mjs from ${template.seedPath}: numbers rewritten, not measured.\n` +
    template.metaText
      .replace(/^slug:.*$/m, `slug: ${slug}`)
      .replace(/^title:.*$/m, `title: ${JSON.stringify(title)}`)
      .replace(
        new RegExp(`^(\\s*(?:file|image):\\s*"?)${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'gm'),
        `$1${newBase}`,
      )
      // Ten synthetic reports share a lab of machines, as real ones mostly run on their own:
      // a platform page then lists a handful of reports, not a tenth of the corpus.
      .replace(/^(\s*- id:\s*)(\S+)\s*$/gm, (_, lead, id) => `${lead}${id}-${lab(index)}`);
  const files = [
    { path: rename(template.seedPath), text: seedText },
    { path: rename(template.metaPath), text: metaText },
  ];
  if (template.errataPath) files.push({ path: rename(template.errataPath), text: template.errataText });
  for (const [p, text] of Object.entries(template.files)) {
    if (/\.csv$/.test(p)) files.push({ path: rename(p), text: rewriteCsv(text, f) });
    else if (text) files.push({ path: rename(p), text });
    else files.push({ path: rename(p), copyFrom: p });
  }
  return { slug, format: meta.format, lab: lab(index), files };
}

/**
 * A corpus of n synthetic reports from the real ones.
 * @param {object[]} reports the real reports (readInputs(root).reports)
 * @param {number} n how many
 * @param {number} [seed]
 */
export function synthesize(reports, n, seed = 1) {
  const pick = templatePicker(reports);
  return Array.from({ length: n }, (_, i) => synthesizeReport(pick(i), i + 1, seed));
}

/** The real report that synthetic report i + 1 is made from: formats in turn, their seeds in turn. */
function templatePicker(reports) {
  const byFormat = new Map(FORMATS.map((fmt) => [fmt, []]));
  for (const r of [...reports].sort((a, b) => (a.seedPath < b.seedPath ? -1 : 1))) {
    const fmt = parseYaml(r.metaText).format;
    if (byFormat.has(fmt)) byFormat.get(fmt).push(r);
  }
  const formats = FORMATS.filter((fmt) => byFormat.get(fmt).length);
  if (!formats.length) throw new Error('synthesize: no real report in any of the formats ' + FORMATS.join(', '));
  return (i) => {
    const group = byFormat.get(formats[i % formats.length]);
    return group[Math.floor(i / formats.length) % group.length];
  };
}

/**
 * The report a contributor adds to a corpus of n (synthesize(reports, n, seed)): synthetic report
 * n + 1, on the machines of the corpus's last lab (so it adds no platform: the corpus has them).
 * `lab: null` keeps the real platform ids, for adding it to the real seeds.
 * @returns {ReturnType<typeof synthesizeReport>}
 */
export function addedReport(reports, n, seed = 1, { lab: to = lab(n) } = {}) {
  const r = synthesizeReport(templatePicker(reports)(n), n + 1, seed);
  const from = `-${r.lab}`;
  const files = r.files.map((f) =>
    /\.meta\.yaml$/.test(f.path) ? { ...f, text: f.text.replaceAll(from, to === null ? '' : `-${to}`) } : f,
  );
  return { ...r, lab: to, files };
}

/** Write the files of one more report into <root>/seeds/ (next to a corpus writeCorpus wrote). */
export function writeReport(root, from, report) {
  for (const f of report.files) {
    const to = path.join(root, f.path);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    if (f.copyFrom) fs.copyFileSync(path.join(from, f.copyFrom), to);
    else fs.writeFileSync(to, f.text);
  }
}

/**
 * Write a corpus into <root>/seeds/ (replacing what is there), with the real platforms.yaml.
 * @param {string} root the site copy to write into
 * @param {string} from the repository the templates came from (for binary files and platforms)
 * @param {ReturnType<typeof synthesize>} corpus
 */
export function writeCorpus(root, from, corpus) {
  const seeds = path.join(root, 'seeds');
  if (path.resolve(seeds) === path.resolve(from, 'seeds'))
    throw new Error("writeCorpus: refusing to write into the repository's own seeds/");
  fs.rmSync(seeds, { recursive: true, force: true });
  fs.mkdirSync(seeds, { recursive: true });
  // Each lab has its own copy of every real platform (same names, suffixed ids).
  const real = fs.readFileSync(path.join(from, 'seeds/platforms.yaml'), 'utf8');
  const labs = [...new Set(corpus.map((r) => r.lab))].sort();
  const entries = real.split(/\n(?=[a-z0-9-]+:\s*$)/m).filter((e) => /^[a-z0-9-]+:\s*$/m.test(e.split('\n')[0]));
  const copies = labs.flatMap((l) =>
    entries.map((e) =>
      e
        .replace(/^([a-z0-9-]+):/, `$1-${l}:`)
        .replace(
          /^(\s*name:\s*)(.*)$/m,
          (_, lead, name) => `${lead}${JSON.stringify(`${name.replace(/^"|"$/g, '')} (${l})`)}`,
        ),
    ),
  );
  fs.writeFileSync(path.join(seeds, 'platforms.yaml'), copies.join('\n') + '\n');
  // The other registries at the top of seeds/ (entities.yaml: every software name) as they are.
  for (const e of fs.readdirSync(path.join(from, 'seeds'), { withFileTypes: true }))
    if (e.isFile() && e.name !== 'platforms.yaml')
      fs.copyFileSync(path.join(from, 'seeds', e.name), path.join(seeds, e.name));
  for (const r of corpus) writeReport(root, from, r);
}

/**
 * Change one measured value of a seed, harmlessly (for the "edit one seed" rebuild): the first line
 * that `rewriteSeed` would change, and only that line.
 * @param {string} format
 * @param {string} text
 * @param {number} seed a different seed gives a different value
 */
export function editOneValue(format, text, seed) {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const before = text.split(eol);
  const after = rewriteSeed(format, text, prng(seed)).text.split(eol);
  const i = before.findIndex((l, k) => l !== after[k]);
  if (i < 0) return { text, line: null };
  before[i] = after[i];
  return { text: before.join(eol), line: i + 1 };
}

/**
 * One big synthetic report of `rows` measured rows, for the rows dimension of the scale benchmark:
 * a CloudI results file (the first real one) whose tables keep their languages and columns but get
 * a grid of sender x receiver configurations (both refresh methods, duo_mode on, and off for one
 * sender), with rates from the PRNG. Every row is a distinct setup, as in a real report; the text is
 * what the CloudI parser reads (right-aligned columns under the same header).
 * @param {object[]} reports the real reports (readInputs(root).reports)
 * @param {number} rows how many rows (rounded up to whole configurations)
 * @param {number} [seed]
 * @returns {{ slug: string, format: string, lab: string, files: Array<{ path: string, text: string }>, rows: number }}
 */
export function synthesizeBigReport(reports, rows, seed = 1) {
  const template = [...reports]
    .sort((a, b) => (a.seedPath < b.seedPath ? -1 : 1))
    .find((r) => parseYaml(r.metaText).format === 'cloudi-request-rate');
  if (!template) throw new Error('synthesizeBigReport: no real cloudi-request-rate report');
  const rand = prng(seed * 7919 + rows);
  const lines = template.seedText.split('\n');
  const heads = lines.flatMap((l, i) => (/^\s*Max Stable \(Total\) Request Rate:/.test(l) ? [i] : []));
  const preamble = lines.slice(0, heads[0]).join('\n');
  const sections = heads.map((i) => ({ title: lines[i], header: lines[i + 1] }));
  // Per section: senders 1..S x receivers 1..R x 2 methods, duo_mode on; rows = sections * S * R * 2.
  const perSection = Math.ceil(rows / sections.length);
  const receivers = Math.max(1, Math.ceil(Math.sqrt(perSection / 2)));
  const senders = Math.ceil(perSection / 2 / receivers);
  const out = [preamble];
  let count = 0;
  for (const s of sections) {
    out.push(s.title, s.header);
    for (let snd = 1; snd <= senders && count < rows; snd++) {
      for (let rcv = 1; rcv <= receivers && count < rows; rcv++) {
        for (const method of ['immediate', 'lazy']) {
          if (count >= rows) break;
          const rate = Math.round(1000 + 100 * Math.sqrt(snd * rcv) * (50 + 100 * rand()));
          out.push(
            `${String(rate).padStart(17)}${method.padStart(20)}${'true'.padStart(9)}${String(snd).padStart(7)}${String(rcv).padStart(9)}`,
          );
          count++;
        }
      }
    }
    out.push('');
  }
  const index = 9000 + Math.round(rows / 1000);
  const tag = `synthetic-${index}`;
  const dir = template.seedPath.slice(0, template.seedPath.lastIndexOf('/') + 1);
  const base = template.metaPath.slice(dir.length, -'.meta.yaml'.length);
  const ext = template.seedPath.slice(dir.length + base.length);
  const meta = parseYaml(template.metaText);
  const slug = `${tag}-${meta.slug}`;
  const metaText =
    `# Synthetic report made by scripts/bench/corpus.mjs from ${template.seedPath}: ${count} rows, not measured.\n` +
    template.metaText
      .replace(/^slug:.*$/m, `slug: ${slug}`)
      .replace(/^title:.*$/m, `title: ${JSON.stringify(`Synthetic ${count} rows: ${meta.title}`.slice(0, 120))}`)
      .replace(/^(\s*- id:\s*)(\S+)\s*$/gm, (_, lead, id) => `${lead}${id}-${lab(1)}`);
  return {
    slug,
    format: meta.format,
    lab: lab(1),
    rows: count,
    files: [
      { path: `${dir}${tag}-${base}${ext}`, text: out.join('\n') },
      { path: `${dir}${tag}-${base}.meta.yaml`, text: metaText },
    ],
  };
}
