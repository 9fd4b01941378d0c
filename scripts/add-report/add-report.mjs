// CLI (npm run add-report): add a benchmark report the way a contributor does, with no code:
//   npm run add-report -- <file> [--platform <id>] [--title "..."] [--date YYYY-MM] [--source <url|repo:path@commit>]
//                               [--slug <slug>] [--licence "..."] [--format <name>]
// It detects the report's format from its content, copies the file into seeds/ byte for byte,
// writes its metadata (<seed>.meta.yaml), adds platform entries for machines not known yet, runs
// the pipeline and prints what was extracted and what is left to fill in. Everything is checked
// in memory first: on any error nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib/paths.mjs';
import { writeFileAtomic, writeTreeAtomic } from '../lib/fs.mjs';
import { InputError } from '../lib/errors.mjs';
import { checkSeedSize, loadEnv, readInputs } from '../data/inputs.mjs';
import { buildData, readPlatforms } from '../data/pipeline.mjs';
import { detectFormat } from './detect.mjs';
import { matchPlatform, proposePlatform, USUAL_FACTS } from './platform-match.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    platform: { type: 'string' },
    title: { type: 'string' },
    date: { type: 'string' },
    source: { type: 'string' },
    slug: { type: 'string' },
    licence: { type: 'string' },
    format: { type: 'string' },
    added: { type: 'string' },
    root: { type: 'string' },
  },
});
const root = path.resolve(values.root ?? ROOT);

function fail(msg) {
  console.error(msg);
  process.exit(1);
}

try {
  // # Load inputs.
  if (positionals.length !== 1)
    fail(
      'usage: npm run add-report -- <file> [--platform <id>] [--title "..."] [--date YYYY-MM] [--source <url-or-repo:path@commit>]',
    );
  const file = path.resolve(positionals[0]);
  if (!fs.existsSync(file)) fail(`${positionals[0]}: no such file`);
  checkSeedSize(positionals[0], fs.statSync(file).size);
  const bytes = fs.readFileSync(file);
  const text = bytes.toString('utf8');
  const env = loadEnv();
  const shown = path.relative(process.cwd(), file) || file;
  const format = values.format ?? detectFormat(text, env.parsers, shown);
  if (!env.parsers[format]) fail(`--format ${format}: unknown; known formats: ${Object.keys(env.parsers).join(', ')}`);
  let parsed;
  try {
    parsed = env.parsers[format].parse(text);
  } catch (e) {
    if (e instanceof InputError) e.file = shown;
    throw e;
  }
  const inputs = readInputs(root);
  // Known platforms: the registry, with what the committed data says each report states about them.
  const registered = readPlatforms(inputs.platformsText, inputs.platformsPath);
  const stated = fs.existsSync(path.join(root, 'data/platforms.json'))
    ? JSON.parse(fs.readFileSync(path.join(root, 'data/platforms.json'), 'utf8'))
    : {};
  const platformsData = Object.fromEntries(
    Object.keys(registered).map((id) => [id, stated[id] ?? { id, facts: [], reports: [] }]),
  );

  // # Process data: the seed's place, its metadata, its platforms.
  const date = values.date ?? statedDate(text);
  if (!date) fail(`${shown}: the report does not say when it ran: pass --date YYYY-MM (or YYYY, YYYY-MM-DD)`);
  if (!/^\d{4}(-\d{2}(-\d{2})?)?$/.test(date)) fail(`--date: expected YYYY, YYYY-MM or YYYY-MM-DD, found "${date}"`);
  const base = path.basename(file).replace(/\.[^.]+$/, '');
  const slug =
    values.slug ??
    base
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-|-$/g, '');
  const title = values.title ?? (parsed.title || base);
  const dirs = fs
    .readdirSync(path.join(root, 'seeds'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const family = dirs.filter((d) => format.startsWith(d)).sort((a, b) => b.length - a.length)[0] ?? format;
  const ext = path.extname(file) || '.txt';
  const seedPath = `seeds/${family}/${date.slice(0, 7)}-${slug}${ext}`;
  const metaPath = seedPath.replace(/\.[^.]+$/, '.meta.yaml');
  if (fs.existsSync(path.join(root, seedPath))) fail(`${seedPath}: already exists: choose another --slug`);
  if (inputs.reports.some((r) => r.seedText === text)) fail(`${shown}: this exact report is already in seeds/`);

  const taken = new Set(Object.keys(platformsData));
  const newPlatforms = [];
  const uses = [];
  const machines = Object.entries(parsed.machines);
  if (!machines.length) fail(`${shown}: the report describes no machine; add it by hand (see CONTRIBUTING.md)`);
  for (const [key, m] of machines) {
    let id = machines.length === 1 ? values.platform : undefined;
    if (id && !platformsData[id])
      fail(`--platform ${id}: unknown; known platforms: ${Object.keys(platformsData).join(', ')}`);
    id ??= matchPlatform(key, m.facts, platformsData);
    if (!id) {
      const p = proposePlatform(key, m.label, m.facts, taken);
      taken.add(p.id);
      newPlatforms.push({
        ...p,
        machine: key,
        label: m.label,
        missing: USUAL_FACTS.filter((f) => !m.facts.some((x) => x.field === f)),
      });
      id = p.id;
    }
    uses.push({ id, machine: key, role: m.label });
  }
  const source = readSource(values.source);
  const todo = [];
  const TODO = (what) => {
    todo.push(what);
    return `TODO: ${what}`;
  };
  const meta = [
    '# Metadata for the seed beside this file (same name, without .meta.yaml). See CONTRIBUTING.md.',
    `# Written by npm run add-report; fill in every TODO, then run npm run check.`,
    `slug: ${slug}`,
    `title: ${yamlString(title)}`,
    `date: ${yamlString(date)}`,
    `added: ${yamlString(values.added ?? new Date().toISOString().slice(0, 10))}`,
    `format: ${format}`,
    `summary: ${yamlString(TODO('one sentence on what the report measures'))}`,
    `system_under_test: ${yamlString(TODO('what was measured, with its version'))}`,
    `load_generator: ${yamlString(TODO('what generated the load, and where it ran'))}`,
    'platforms:',
    ...uses.flatMap((u) => [`  - id: ${u.id}`, `    machine: ${u.machine}`, `    role: ${yamlString(u.role)}`]),
    'software:',
    ...(parsed.software.length
      ? [parsed.software.find((s) => title.toLowerCase().includes(s.name.toLowerCase())) ?? parsed.software[0]].flatMap(
          (s) => [`  - name: ${yamlString(s.name)}`, `    version: ${yamlString(s.version || 'unstated')}`],
        )
      : [`  - name: ${yamlString(TODO('the software under test'))}`, '    version: unstated']),
    'source:',
    `  repository: ${yamlString(source.repository ?? TODO('owner/name of the upstream repository'))}`,
    `  path: ${yamlString(source.path ?? TODO('path of the report in that repository'))}`,
    `  commit: ${yamlString(source.commit ?? '0000000')}`,
    ...(source.url ? [`  url: ${yamlString(source.url)}`] : []),
    `licence: ${yamlString(values.licence ?? TODO('the licence of the report, as its repository states it'))}`,
    '',
  ].join('\n');
  if (!source.commit) todo.push('source.commit: the upstream commit the report was copied from');
  let platformsText = inputs.platformsText;
  for (const p of newPlatforms) {
    platformsText += `\n${p.id}:\n  name: ${yamlString(p.name)}\n  kind: ${yamlString('TODO: physical server, cloud instance or desktop')}\n`;
    todo.push(`seeds/platforms.yaml: ${p.id}: kind (physical server, cloud instance, desktop), and check the name`);
  }

  const report = { metaPath, metaText: meta, seedPath, seedText: text, files: {} };
  const { files, reports } = buildData({ ...inputs, platformsText, reports: [...inputs.reports, report] }, env);
  const added = reports.find((r) => r.slug === slug);

  // # Save outputs: seed (byte for byte), metadata, platforms, then data/ in one swap.
  writeFileAtomic(path.join(root, seedPath), bytes);
  writeFileAtomic(path.join(root, metaPath), meta);
  if (newPlatforms.length) writeFileAtomic(path.join(root, inputs.platformsPath), platformsText);
  writeTreeAtomic(path.join(root, 'data'), files);

  console.log(`Added ${shown} as ${seedPath} (format ${format}).`);
  console.log(`Metadata: ${metaPath}`);
  console.log('Extracted:');
  for (const t of added.tables) console.log(`  ${t.id}: ${t.rows} rows (${t.kind})${t.derived ? ', derived' : ''}`);
  if (!added.tables.length) console.log('  no tables: the report states no measured numbers');
  console.log('Platforms:');
  for (const u of uses) {
    const p = newPlatforms.find((x) => x.id === u.id);
    console.log(`  ${u.machine}: ${u.id}${p ? ' (new entry in seeds/platforms.yaml)' : ' (already known)'}`);
    if (p?.missing.length) console.log(`    the report does not state: ${p.missing.join(', ')}`);
  }
  if (todo.length) {
    console.log('Still to fill in:');
    for (const t of todo) console.log(`  - ${t}`);
  }
  console.log('Then run `npm run check`, look at the page with `npm start`, and commit seeds/ and data/.');
} catch (e) {
  if (e instanceof InputError) fail(e.format());
  throw e;
}

/** A date the report states in its title or first lines, such as "(2019-05-15)". */
function statedDate(text) {
  const m = /\((\d{4}-\d{2}(?:-\d{2})?)\)/.exec(text.slice(0, 4000));
  return m?.[1];
}

/** --source as a URL (https://github.com/o/r/blob/<commit>/<path>) or "owner/repo:path@commit". */
function readSource(s) {
  if (!s) return {};
  const url = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/blob\/([0-9a-f]{7,40})\/(.+)$/.exec(s);
  if (url) return { repository: url[1], commit: url[2], path: url[3] };
  const short = /^([\w.-]+\/[\w.-]+):(.+?)@([0-9a-f]{7,40})$/.exec(s);
  if (short) return { repository: short[1], path: short[2], commit: short[3] };
  if (/^https?:\/\//.test(s)) return { url: s };
  fail(`--source: expected a GitHub file URL or owner/repo:path@commit, found "${s}"`);
  return {};
}

function yamlString(s) {
  return JSON.stringify(String(s));
}
