// CLI (npm run add-report): add a benchmark report the way a contributor does, with no code:
//   npm run add-report -- <file> [--platform <id>] [--title "..."] [--date YYYY-MM] [--source <url|repo:path@commit>]
//                               [--slug <slug>] [--licence "..."] [--format <name>[,<name>...]]
// It detects the report's format from its content, copies the file into seeds/ byte for byte,
// writes its metadata (<seed>.meta.yaml), adds platform entries for machines not known yet, runs
// the pipeline on it (every other report is taken from data/ as committed: only the new one is
// read, data/ comes out as a full build makes it) and the chart stage on its charts, and prints
// what was extracted and what is left to fill in. Everything is checked in memory first: on any
// error nothing is written. It runs as the repository's only writer (a second add-report waits for
// the first), and writes as one transaction (lib/transaction.mjs): killed at any write, the next
// run rolls it back.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { argError, cliArgs } from '../lib/args.mjs';
import { notRegularFile } from '../lib/fs.mjs';
import { commit, writeRepository } from '../lib/transaction.mjs';
import { LockError } from '../lib/lock.mjs';
import { InputError, systemErrorLine } from '../lib/errors.mjs';
import { WHOLE_DOCUMENT_MAX, checkSeedSize, loadEnv, parsingOnce, readInputs } from '../data/inputs.mjs';
import { buildData, readPlatforms, readRegistries } from '../data/pipeline.mjs';
import { detectFormats, whyNoneRead } from './detect.mjs';
import { blankPassages, linesText, mergeSpans, readKeeping, unnoted } from '../data/read/keep.mjs';
import { nulLine, readReport } from '../lib/decode.mjs';
import { matchPlatform, namingFact, proposePlatform, USUAL_FACTS } from './platform-match.mjs';
import { statedMachines } from '../data/parsers/shared/machine-lines.mjs';
import { entityEntries, unknownEntities } from './entity-match.mjs';
import { readEntities } from '../data/entities.mjs';
import { sourcePathProblem } from '../data/meta.mjs';
import { committedReports } from '../data/committed.mjs';
import { drawReport } from '../charts/not-drawn.mjs';
import { leftOut } from '../data/parsers/document/parse.mjs';
import { outline } from '../data/read/outline.mjs';
import { draftTitle, draftSubject, freeSlug, deriveSlug } from './names.mjs';
import { draftRecipe, readingAsRecipe } from './draft-recipe.mjs';
import { readYaml } from '../data/yaml-input.mjs';
import { stringify as stringifyYaml } from 'yaml';
import { recipeProblems } from '../data/parsers/recipe/parse.mjs';

const { values, positionals } = cliArgs(import.meta.url, {
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
    'dry-run': { type: 'boolean' },
    recipe: { type: 'string' },
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
    argError(
      import.meta.url,
      `expected one report file, found ${positionals.length ? positionals.map((p) => JSON.stringify(p)).join(', ') : 'none'}`,
    );
  const file = path.resolve(positionals[0]);
  // A regular file only: /dev/zero or a named pipe would be read forever (their size says 0 bytes).
  const notFile = notRegularFile(file);
  if (notFile === 'no such file') fail(`${positionals[0]}: no such file`);
  if (notFile) fail(`${positionals[0]}: expected a report file, found ${notFile}`);
  const size = fs.statSync(file).size;
  checkSeedSize(positionals[0], size);
  // Over WHOLE_DOCUMENT_MAX (a line-oriented seed up to its 32 MB cap) the text is never outlined as one document.
  const wholeDocument = size <= WHOLE_DOCUMENT_MAX;
  const bytes = fs.readFileSync(file);
  const { text, encoding, invalid } = readReport(bytes); // UTF-8, UTF-16 or Latin-1, as the author saw it
  const env = parsingOnce(loadEnv()); // the file is parsed once, however often it is asked about
  const shown = path.relative(process.cwd(), file) || file;
  if (nulLine(text)) throw new InputError(nulLine(text), 'text without NUL bytes', 'a NUL byte (\\0)', shown);
  for (const line of invalid ?? [])
    console.error(`${shown}:${line}: warning: expected UTF-8, found a byte that is not: read as \ufffd (U+FFFD)`);
  // --format names one format or several (comma-separated); without it, every format that
  // recognises the file. Names are looked up as own keys: "constructor" is no format.
  const known = Object.keys(env.parsers).join(', ');
  // --recipe DRAFT.yaml: the file is read as the recipe says (a draft add-report wrote, corrected).
  if (values.recipe !== undefined && values.format !== undefined)
    fail('--recipe and --format: give one of them (a recipe is its own format)');
  const recipe = values.recipe === undefined ? undefined : readRecipe(values.recipe);
  const formats = recipe
    ? ['recipe']
    : values.format
      ? values.format.split(',').map((f) => f.trim())
      : detectOrDraft(text, env.parsers, shown, file, values['dry-run'], wholeDocument);
  for (const f of formats) {
    if (!Object.hasOwn(env.parsers, f)) fail(`--format ${f}: unknown; known formats: ${known}`);
    if (!env.parsers[f].detect(text))
      fail(`--format ${f}: ${shown} does not look like ${f} (its detect() does not match)`);
  }
  const results = formats.map((f) => {
    try {
      return {
        format: f,
        parsed: readKeeping(text, (t) => (recipe ? env.parsers[f].parse(t, { recipe }) : env.parsers[f].parse(t)))
          .result,
      };
    } catch (e) {
      if (e instanceof InputError) e.file = shown;
      throw e;
    }
  });
  // What the parsers found together: the first title, every machine, the software they state.
  const parsed = {
    title: results.map((r) => r.parsed.title).find(Boolean) ?? '',
    // The machines the parsers describe, else the one the document's own lines state (as the data stage reads it).
    machines: statedMachines(Object.assign({}, ...results.map((r) => r.parsed.machines).reverse()), text),
    software: results.flatMap((r) => r.parsed.software),
  };
  const kept = results.flatMap((r) => (r.parsed.unknownColumns ?? []).map((c) => ({ ...c, format: r.format })));
  // One writer at a time (a second add-report waits), and what a killed run left rolled back,
  // before the repository is read: the seeds and data/ read here are the ones written over.
  writeRepository(root, `add-report ${shown}`);
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
  // A dry run needs no date: it writes nothing, so a placeholder stands in, and it says what to pass.
  const undated = !values.date && !statedDate(text);
  if (undated && !values['dry-run'])
    fail(`${shown}: the report does not say when it ran: pass --date YYYY-MM (or YYYY, YYYY-MM-DD)`);
  const date = values.date ?? statedDate(text) ?? '1970';
  if (!/^\d{4}(-\d{2}(-\d{2})?)?$/.test(date)) fail(`--date: expected YYYY, YYYY-MM or YYYY-MM-DD, found "${date}"`);
  // The title: --title, else drafted from the document (its heading, stated title, command or first line).
  const drafted =
    values.title === undefined
      ? draftTitle(text, {
          parsedTitle: parsed.title,
          format: formats[0],
          fileName: path.basename(file),
          source: readSource(values.source),
        })
      : undefined;
  const title = values.title ?? drafted.title;
  const dirs = fs
    .readdirSync(path.join(root, 'seeds'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const ext = path.extname(file) || '.txt';
  if (inputs.reports.some((r) => r.seedText === text)) fail(`${shown}: this exact report is already in seeds/`);

  const taken = new Set(Object.keys(platformsData));
  const newPlatforms = [];
  const uses = [];
  const machines = Object.entries(parsed.machines);
  if (values.platform !== undefined && machines.length !== 1) {
    fail(
      `--platform ${values.platform}: the report describes ${machines.length ? `${machines.length} machines (${machines.map(([k]) => k).join(', ')})` : 'no machine'}; --platform names the platform of a report's only machine`,
    );
  }
  for (const [key, m] of machines) {
    let id = machines.length === 1 ? values.platform : undefined;
    if (id !== undefined && !Object.hasOwn(platformsData, id))
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
    uses.push({ id, machine: key, role: m.label, from: namingFact(m.facts) ?? m.facts[0] });
  }

  // The slug: --slug, else from the title or the content (tool, version, platform), made free of the
  // slugs and seeds already there (a second file of one kind and year gets a name of its own).
  const slugTaken = (s) => inputs.reports.some((r) => /^slug:\s*"?([^"\n]*)"?\s*$/m.exec(r.metaText)?.[1] === s);
  const slug =
    values.slug ??
    freeSlug(
      deriveSlug({
        title: values.title ?? (parsed.software.length ? undefined : title),
        parsed,
        platforms: uses.map((u) => u.id),
        formats,
      }),
      (s) => slugTaken(s) || seedTaken(s),
    );
  const slugProblem = slugProblemOf(slug, ext);
  if (slugProblem)
    fail(
      `${values.slug !== undefined ? '--slug' : 'the slug derived from the title'}: expected ${slugProblem}, found ${JSON.stringify(slug)}${values.slug !== undefined ? '' : ': pass --slug'}`,
    );
  if (slugTaken(slug)) fail(`--slug ${slug}: already used by another report: choose another --slug`);
  function seedPathOf(s) {
    const family =
      dirs.filter((d) => formats[0].startsWith(d)).sort((a, b) => b.length - a.length)[0] ?? s.split(/[.-]/)[0];
    return `seeds/${family}/${date.slice(0, 7)}-${s}${ext}`;
  }
  function seedTaken(s) {
    return fs.existsSync(path.join(root, seedPathOf(s)));
  }
  const seedPath = seedPathOf(slug);
  const metaPath = seedPath.slice(0, -ext.length) + '.meta.yaml';
  if (fs.existsSync(path.join(root, seedPath))) fail(`${seedPath}: already exists: choose another --slug`);
  const source = readSource(values.source);
  // The software under test: one the parsers state and the title names (the load generator a
  // report states, such as ApacheBench, is not it unless the title says so).
  const underTest = draftSubject(title, parsed.software);
  const todo = [];
  const metaPathShown = metaPath;
  const TODO = (field, what) => {
    todo.push(`${metaPathShown}: ${field}: ${what}`);
    return `TODO: ${what}`;
  };
  const meta = [
    '# Metadata for the seed beside this file (same name, without .meta.yaml). See CONTRIBUTING.md.',
    `# Written by npm run add-report; fill in every TODO, then run npm run data and npm run check.`,
    `slug: ${slug}`,
    `title: ${yamlString(title)}`,
    `date: ${yamlString(date)}`,
    `added: ${yamlString(values.added ?? new Date().toISOString().slice(0, 10))}`,
    formats.length === 1 ? `format: ${formats[0]}` : `format: [${formats.join(', ')}]`,
    ...(recipe ? recipeYaml(recipe, values.recipe) : []),
    `summary: ${yamlString(TODO('summary', 'one sentence on what the report measures'))}`,
    `system_under_test: ${yamlString(TODO('system_under_test', 'what was measured, with its version'))}`,
    `load_generator: ${yamlString(TODO('load_generator', 'what generated the load, and where it ran'))}`,
    uses.length ? 'platforms:' : 'platforms: [] # the report describes no machine',
    ...uses.flatMap((u) => [`  - id: ${u.id}`, `    machine: ${u.machine}`, `    role: ${yamlString(u.role)}`]),
    'software:',
    ...(underTest
      ? [`  - name: ${yamlString(underTest.name)}`, `    version: ${yamlString(underTest.version || 'unstated')}`]
      : [
          `  - name: ${yamlString(TODO('software', 'the software under test, as the report names it'))}`,
          '    version: unstated',
        ]),
    'source:',
    `  repository: ${yamlString(source.repository ?? TODO('source.repository', 'owner/name of the upstream repository'))}`,
    `  path: ${yamlString(source.path ?? TODO('source.path', 'path of the report in that repository'))}`,
    `  commit: ${yamlString(source.commit ?? TODO('source.commit', 'the upstream commit the report was copied from'))}`,
    ...(source.url ? [`  url: ${yamlString(source.url)}`] : []),
    `licence: ${yamlString(values.licence ?? TODO('licence', 'the licence of the report, as its repository states it'))}`,
    '',
  ].join('\n');
  let platformsText = inputs.platformsText;
  for (const p of newPlatforms) {
    platformsText += `\n${p.id}:\n  name: ${yamlString(p.name)}\n  kind: ${yamlString('TODO: physical server, cloud instance or desktop')}\n`;
    todo.push(`seeds/platforms.yaml: ${p.id}: kind (physical server, cloud instance, desktop), and check the name`);
  }

  // Software the report names that no entity is yet: proposed, for a reviewer to keep or merge.
  const newEntities = unknownEntities(
    readEntities(inputs.entitiesText, inputs.entitiesPath),
    results.flatMap((r) => Object.values(r.parsed.tables)),
  );
  let entitiesText = inputs.entitiesText;
  if (newEntities.length) {
    entitiesText = `${entitiesText.replace(/\n*$/, '\n')}${entityEntries(newEntities, seedPath)}\n`;
    for (const e of newEntities) {
      todo.push(
        `${inputs.entitiesPath}: ${e.id}: review the new ${e.kind} "${e.name}" (or make it an alias of a known one)`,
      );
    }
  }

  // Only the new report is read: every other report is taken from data/ as committed, unless the
  // registries changed what it says (committed.mjs); what spans reports is made anew from all.
  const report = { metaPath, metaText: meta, seedPath, seedText: text, files: {} };
  const next = { ...inputs, platformsText, entitiesText, reports: [...inputs.reports, report] };
  const registries = readRegistries(next);
  let built;
  try {
    built = buildData({ ...next, registries }, env, { cache: committedReports(path.join(root, 'data'), registries) });
  } catch (e) {
    // Neither the seed nor its metadata is written yet: a problem in either names the file given.
    for (const x of e instanceof InputError ? new Set([e, ...(e.all ?? [])]) : []) {
      if (x.file === seedPath) x.file = shown;
      else if (x.file === metaPath) [x.file, x.line] = [`${shown} (line ${x.line} of the metadata drafted for it)`, 0];
    }
    throw e;
  }
  const { files, reports } = built;
  const added = reports.find((r) => r.slug === slug);
  // What each reader understood, from the final read: the file without the passages not read (a
  // later step, such as one row per key, can stop a passage that the parser alone read).
  const final = added.not_read?.length
    ? formats.map((f) => ({
        format: f,
        parsed: env.parsers[f].parse(blankPassages(text, added.not_read), ...(recipe ? [{ recipe }] : [])),
      }))
    : results;
  if (values['dry-run']) {
    console.log(
      `${shown}: read as ${formats.join(', ')}${encoding === 'utf-8' ? '' : ` (${encoding})`} (dry run: nothing written).`,
    );
    printUnderstood(final, text, shown, wholeDocument, added.not_read);
    printReading(final, env.parsers, text, shown, metaPath);
    printNotRead(added, shown);
    for (const t of added.tables) console.log(`  table ${t.id}: ${rowsText(t.rows)} (${t.kind})`);
    if (undated) console.log(`${shown}: the report does not say when it ran: pass --date YYYY-MM to add it.`);
    process.exit(0);
  }

  // # Save outputs: seed (byte for byte), metadata, registries and data/ as one transaction
  // (lib/transaction.mjs): all or nothing, whenever the run fails or is killed.
  commit(root, {
    label: `add-report ${shown} (as ${seedPath})`,
    files: [
      [seedPath, bytes],
      [metaPath, meta],
      ...(newPlatforms.length ? [[inputs.platformsPath, platformsText]] : []),
      ...(newEntities.length ? [[inputs.entitiesPath, entitiesText]] : []),
    ],
    trees: [['data', files]],
  });

  console.log(`Added ${shown} as ${seedPath} (format ${formats.join(', ')}).`);
  console.log(`Metadata: ${metaPath}`);
  if (drafted)
    console.log(
      `Drafted from the document: title "${title}" (from ${drafted.from}) and slug ${slug}; change them in ${metaPath} if they do not fit.`,
    );
  printUnderstood(final, text, shown, wholeDocument, added.not_read);
  printReading(final, env.parsers, text, shown, metaPath);
  printNotRead(added, shown);
  console.log('Extracted:');
  for (const t of added.tables)
    console.log(`  ${t.id}: ${rowsText(t.rows)} (${t.kind})${t.derived ? ', derived' : ''}`);
  if (!added.tables.length) console.log('  no tables: the report states no measured numbers');
  if (kept.length) {
    console.log('Columns kept as published (the parser does not know them; they are in data/ as text):');
    for (const c of kept) console.log(`  ${c.table}: ${c.column} (header "${c.header}", line ${c.line})`);
  }
  console.log('Platforms:');
  if (!uses.length) console.log('  none: the report describes no machine (platforms: [])');
  for (const u of uses) {
    const p = newPlatforms.find((x) => x.id === u.id);
    console.log(`  ${u.machine}: ${u.id}${p ? ' (new entry in seeds/platforms.yaml)' : ' (already known)'}`);
    // The line the machine was taken from, so that a misreading is seen and corrected where it is written.
    if (u.from?.line)
      console.log(
        `    from ${shown}:${u.from.line}: "${lineOf(text, u.from.line)}"; not this report's machine? correct platforms: in ${metaPath}${p ? ' and its entry in seeds/platforms.yaml' : ''} (platforms: [] when it states none)`,
      );
    if (p?.missing.length) console.log(`    the report does not state: ${p.missing.join(', ')}`);
  }
  if (newEntities.length) {
    console.log(`Software not known yet (new entries in ${inputs.entitiesPath}, to review):`);
    for (const e of newEntities) console.log(`  ${e.name}: ${e.id} (${e.kind}, first at line ${e.line})`);
  }
  // Each passage not read waits for a note on why (npm run check asks for it).
  for (const p of unnoted(added.not_read))
    todo.push(
      `${metaPath}: not_read: say why ${linesText(p)} ${p.from === p.to ? 'is' : 'are'} not read (- line: ${p.line}, why: ...)`,
    );
  if (todo.length) {
    console.log('Still to fill in:');
    for (const t of todo) console.log(`  - ${t}`);
  }
  // The chart stage on the new report, as the build runs it: what it draws, and what not and why.
  const texts = Object.fromEntries([...files].map(([p, t]) => [p.replace(/^data\//, ''), t]));
  const charted = await drawReport(added, texts);
  console.log(`Charts: ${charted.drawn.length} drawn${charted.drawn.length ? ` (${charted.drawn.join('; ')})` : ''}`);
  for (const n of charted.notDrawn)
    console.log(
      `  not drawn: ${n.title}: ${n.reason ?? `${n.rows} points, more than the ${n.limit} a chart draws`}; the page shows its table`,
    );
  console.log(
    todo.length
      ? 'Then, once they are filled in, run `npm run data` again (data/ is built from the metadata), `npm run check`, look at the page with `npm start`, and commit seeds/ and data/.'
      : 'Then run `npm run check`, look at the page with `npm start`, and commit seeds/ and data/.',
  );
} catch (e) {
  if (e instanceof InputError) fail(e.format());
  if (e instanceof LockError) fail(e.message);
  // A file that cannot be read or written (a folder in its place, permissions, a full disk): one line.
  const line = systemErrorLine(e);
  if (line) fail(e.rolledBack ? `${line}; nothing was written (the addition was rolled back)` : line);
  throw e;
}

/**
 * The formats that read a file; when none does, what the generic readers could tell of it, as a
 * draft recipe (draft-recipe.mjs): printed ("what I understood"), written beside the file as
 * FILE.recipe.yaml (an existing one is left as it is), and named in the refusal with the command that
 * takes it back once corrected. seeds/ is not touched.
 */
function detectOrDraft(text, parsers, shown, file, dryRun, wholeDocument) {
  try {
    return detectFormats(text, parsers, shown, { wholeDocument });
  } catch (e) {
    if (!(e instanceof InputError) || !/^a report in a known format/.test(e.expected ?? '')) throw e;
    const { items, yaml } = draftRecipe(text);
    const draftPath = `${file}.recipe.yaml`;
    const draftShown = `${shown}.recipe.yaml`;
    const kept = fs.existsSync(draftPath);
    if (!kept && !dryRun)
      fs.writeFileSync(
        draftPath,
        `# A draft recipe for ${path.basename(file)}, written by add-report: what the generic readers could tell.\n# Correct what is wrong (CONTRIBUTING.md, "A file nothing reads"), then: npm run add-report -- ${shown}${givenOptions()} --recipe ${draftShown}\n${yaml}`,
      );
    console.log(
      `What I understood of ${shown} (a draft recipe, ${items.length} item${items.length === 1 ? '' : 's'}; ${kept ? `${draftShown} already exists and is left as it is` : dryRun ? 'dry run: not written' : `written to ${draftShown}`}):`,
    );
    console.log(yaml.replace(/^/gm, '  ').trimEnd());
    // Each generic reader's own reason, at its line (a column with no unit, no header, no JSON).
    const why = whyNoneRead(text, parsers);
    if (why.length) console.log(`Why no reader took it:\n${why.map((w) => `  ${w}`).join('\n')}`);
    fail(
      `${e.format()}\n${shown}: refused, seeds/ untouched. ${
        items.length
          ? `Correct the draft recipe ${draftShown} (every unit: "" needs the unit the report means)`
          : `The readers could tell nothing of it (the draft is empty): write its items in ${draftShown}, a line of the file with {value} where the number stands, its metric and unit (CONTRIBUTING.md, "Fix a misread with a recipe"),`
      } and run: npm run add-report -- ${shown}${givenOptions()} --recipe ${draftShown}`,
    );
  }
}

/**
 * The options the contributor gave (--date, --title, --source, ...), as the command that takes the
 * corrected draft repeats them: without its --date, a file that states none would be refused again.
 */
function givenOptions() {
  const quote = (v) => (/^[\w.,:/@+-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
  return ['date', 'title', 'slug', 'source', 'licence', 'platform', 'added']
    .filter((k) => values[k] !== undefined)
    .map((k) => ` --${k} ${quote(values[k])}`)
    .join('');
}

/** The recipe list of a --recipe file (a `recipe:` list, or the list alone), checked as the metadata's is. */
function readRecipe(file) {
  if (!fs.existsSync(file)) fail(`--recipe ${file}: no such file`);
  let doc;
  try {
    doc = readYaml(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    if (e instanceof InputError) e.file = file;
    throw e;
  }
  const value = doc.value ?? doc;
  const recipe = Array.isArray(value) ? value : value?.recipe;
  if (!Array.isArray(recipe) || !recipe.length)
    fail(
      `--recipe ${file}: expected a "recipe:" list of items (CONTRIBUTING.md, "Fix a misread with a recipe"), found none`,
    );
  const problems = recipeProblems(recipe);
  if (problems.length)
    fail(
      problems
        .map(([at, expected, found]) => `${file}: recipe ${at.join('.')}: expected ${expected}, found ${found}`)
        .join('\n'),
    );
  return recipe;
}

/** The recipe as lines of the .meta.yaml, with where it came from. */
function recipeYaml(recipe, from) {
  return [
    `# The recipe this report is read with (from ${path.basename(from)}; CONTRIBUTING.md, "Fix a misread with a recipe").`,
    ...stringifyYaml({ recipe }).trimEnd().split('\n'),
  ];
}

/**
 * For a file read by inference (a generic reader, not an adapter that names its format): the reading
 * as recipe items ("what I understood"), as a refused file's draft is printed, with where a correction
 * goes. What was left out, and why, is printed beside it (printUnderstood, printNotRead).
 */
function printReading(results, parsers, text, shown, metaPath) {
  for (const { format, parsed } of results) {
    // A recipe's reading is the contributor's own (it is in the .meta.yaml), not an inference.
    if (!parsers[format].fallback || parsers[format].declared) continue;
    const rows = Object.values(parsed.tables).flatMap((t) => (t.kind === 'measurement' ? t.rows : []));
    const reading = readingAsRecipe(text, rows);
    if (!reading.items.length) continue;
    const more = reading.rows - reading.items.length;
    console.log(
      `What I understood of ${shown} (read by ${format}, by inference: ${reading.items.length} item${reading.items.length === 1 ? '' : 's'} as a recipe${more > 0 ? `, for ${reading.rows} rows` : ''}):`,
    );
    console.log(reading.yaml.replace(/^/gm, '  ').trimEnd());
    console.log(
      `  Misread? Put the items to correct under recipe: in ${metaPath} with format: recipe (CONTRIBUTING.md, "Fix a misread with a recipe"), then run npm run data.`,
    );
  }
}

/** The passages of the file left out because they did not read: file:line and why, one a line. */
function printNotRead(added, shown) {
  const left = added.not_read ?? [];
  if (!left.length) return;
  console.log(`${left.length} section${left.length === 1 ? '' : 's'} not read (the rest is in):`);
  for (const l of left) {
    console.log(`  ${shown}:${l.line}: ${l.why} (${linesText(l)} left out)`);
  }
}

/** A line of the file as add-report quotes it: trimmed, at most 100 characters. */
function lineOf(text, n) {
  const l = (text.split(/\r\n|\r|\n/)[n - 1] ?? '').trim();
  return l.length > 100 ? `${l.slice(0, 99)}…` : l;
}

/** "1 row", "6 rows". */
function rowsText(n) {
  return `${n} row${n === 1 ? '' : 's'}`;
}

/**
 * What each reader understood: per section of the file, the format that read it, its rows and the
 * metrics with their units; then what no reader took (code blocks and tables with numbers), with
 * their lines, and the columns the table fallback could not give a unit.
 */
function printUnderstood(results, text, shownFile, wholeDocument, notRead = []) {
  const lines = text.split(/\r\n|\r|\n/);
  const where = ([from, to]) => linesText({ from, to });
  console.log('Understood:');
  // Whatever reader was picked, the code blocks and tables with numbers that none of them read are
  // listed, as the document reader lists them (when every reader says which lines it read).
  // The passages not read are listed with their why (printNotRead): never again as blocks no format reads.
  const claimed = [
    ...results.flatMap((r) => [...(r.parsed.spans ?? []), ...(r.parsed.not_read ?? []).map((n) => [n.from, n.to])]),
    ...notRead.map((n) => [n.from, n.to]),
  ];
  // A text too big to outline as one document (over WHOLE_DOCUMENT_MAX, read line by line) is not outlined here either.
  const leftOver =
    wholeDocument && results.every((r) => r.parsed.spans && !r.parsed.left_out)
      ? leftOut(text, outline(text), claimed)
      : [];
  for (const { format, parsed } of results) {
    const parts = parsed.understood ?? [
      {
        format,
        spans: parsed.spans ?? [],
        rows: Object.values(parsed.tables).reduce((n, t) => n + t.rows.length, 0),
        metrics: [
          ...new Set(
            Object.values(parsed.tables).flatMap((t) =>
              t.rows.map((r) => (r.metric ? `${r.metric} (${r.unit})` : t.kind)),
            ),
          ),
        ].sort(),
      },
    ];
    for (const u of parts) {
      const at = `${u.spans.length ? ` at ${mergeSpans(u.spans).map(where).join(', ')}` : ''}${u.sections?.length ? ` (under ${u.sections.map((x) => `"${x}"`).join(', ')})` : ''}`;
      console.log(`  ${u.format}${at}: ${rowsText(u.rows)}; ${u.metrics.join(', ') || 'no metric'}`);
    }
    for (const b of parsed.left_out ?? (parsed === results.at(-1).parsed ? leftOver : [])) {
      const first = (lines.slice(b.from - 1, b.to).find((l) => l.trim() && !/^\s*(`{3,}|~{3,})/.test(l)) ?? '')
        .trim()
        .slice(0, 60);
      console.log(
        `  left out: a ${b.type} at ${where([b.from, b.to])}${b.heading ? ` under "${b.heading}"` : ''} that no format reads ("${first}")`,
      );
    }
    for (const n of (parsed.notes ?? []).filter((x) => /left out of data\/|not read/.test(x.text)))
      console.log(`  left out: ${n.text}`);
    // A result the file names with no number (an error, a skip, "≈ 10⁻⁴"): skipped, at its line.
    for (const n of (parsed.notes ?? []).filter((x) => x.skipped))
      console.log(`  skipped: ${shownFile}:${n.line}: ${n.text.replace(/^line \d+: /, '')}`);
    for (const n of (parsed.notes ?? []).filter((x) => /^HTML removed/.test(x.text)))
      console.log(`  ${shownFile}:${n.line}: ${n.text}`);
  }
}

/** Why a slug cannot name a report (null when it can): its form, or a name that takes a file role. */
function slugProblemOf(slug, ext) {
  const form = 'lower-case words and numbers joined by "-" or "." (^[a-z0-9]+([.-][a-z0-9]+)*$)';
  if (!/^[a-z0-9]+([.-][a-z0-9]+)*$/.test(slug)) return form;
  // The metadata schema's limit (report-meta.schema.json): the slug names files and folders of the site.
  if (slug.length > 100) return `a slug of at most 100 characters (this one has ${slug.length})`;
  const file = `${slug}${ext}`;
  if (
    /\.(meta|errata|digitized|original)$/.test(slug) ||
    /\.(meta|errata)\.ya?ml$|\.digitized\.csv$|\.original\.\w+$/.test(file)
  ) {
    return `a slug that does not end like a file role of seeds/ (.meta, .errata, .digitized, .original: a seed named ${JSON.stringify(`<date>-${file}`)} would be taken for one)`;
  }
  return null;
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
  const short = /^([\w.-]+\/[\w.-]+):(.+?)@([0-9a-f]{7,40})$/.exec(s);
  const found = url
    ? { repository: url[1], commit: url[2], path: url[3] }
    : short
      ? { repository: short[1], path: short[2], commit: short[3] }
      : null;
  if (found) {
    // The path goes into every link to the report's source: it must stay in the repository and commit.
    const bad = sourcePathProblem(found.path);
    if (bad)
      fail(
        `--source: expected a path in ${found.repository} of plain names joined by "/" (no ".", "..", "\\", "%", "?" or "#"), found ${JSON.stringify(found.path)}, with ${bad}`,
      );
    return found;
  }
  // Any other URL: kept as the source's url; repository, path and commit are left to fill in.
  if (/^https?:\/\/\S+$/.test(s)) return { url: s };
  fail(`--source: expected a GitHub file URL or owner/repo:path@commit, found "${s}"`);
  return {};
}

function yamlString(s) {
  return JSON.stringify(String(s));
}
