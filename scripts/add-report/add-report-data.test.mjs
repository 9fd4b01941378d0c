// add-report reads only the report it adds and takes the others from data/ (data/committed.mjs):
// what it writes to data/ must be byte for byte what a full build of the same seeds writes, also
// when a report it adds brings new entities, and when seeds/entities.yaml was changed by hand since
// data/ was made (a name another report measured now names an entity: that report is read again).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../lib/paths.mjs';
import { addReport, edit, removeTempRepo, snapshot, tempRepo } from '../../tests/helpers/temp-repo.mjs';
import { loadEnv, readInputs } from '../data/inputs.mjs';
import { buildData, readRegistries } from '../data/pipeline.mjs';
import { committedReports } from '../data/committed.mjs';

const CORPUS = path.join(ROOT, 'tests/fixtures/corpus');
const roots = [];
after(() => roots.forEach(removeTempRepo));

/** add-report of a corpus file with its golden's date, title and slug; its output. */
function add(root, file) {
  const g = JSON.parse(fs.readFileSync(path.join(CORPUS, `${file}.expected.json`), 'utf8'));
  const r = addReport(root, [path.join(CORPUS, file), '--date', g.date, '--title', g.title, '--slug', g.slug]);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** The files of data/ that differ from a full build of the copy's seeds (no cache), by path. */
function differsFromFullBuild(root) {
  const out = path.join(root, 'full-build');
  fs.rmSync(out, { recursive: true, force: true });
  const r = spawnSync(process.execPath, ['scripts/data/build-data.mjs', '--no-cache', '--quiet', '--out', out], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const [a, b] = [snapshot(path.join(root, 'data')), snapshot(out)];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((p) => a[p] !== b[p]).sort();
}

test('reports added one by one with add-report leave data/ exactly as a full build of the seeds makes it', () => {
  const root = tempRepo('add-data');
  roots.push(root);
  // A person's table (its software proposed as new entities), then a load tool's output with new entities.
  for (const file of [
    'table/http-benchmarks-file-server.md',
    'k6/ocaml-webapp-rust.md',
    'wrk2/jit-php-async-1000-jit-20k.txt',
  ]) {
    const out = add(root, file);
    assert.match(out, /^Charts: /m, `${file}: the chart stage ran on the new report`);
    assert.deepEqual(differsFromFullBuild(root), [], `after adding ${file}`);
  }
});

test('a name made an entity by hand in seeds/entities.yaml is resolved in the reports add-report takes from data/', () => {
  const root = tempRepo('add-data-entity');
  roots.push(root);
  add(root, 'table/http-benchmarks-file-server.md');
  const before = fs.readFileSync(
    path.join(root, 'data/tables/corpus-http-benchmarks-file-server/measurements.csv'),
    'utf8',
  );
  assert.match(before, /^Hydra,/m, 'the table names Hydra');
  assert.doesNotMatch(before.split('\n')[0], /entity/, 'no entity named in it yet');
  // Hydra becomes an entity by hand, without a rebuild; then another report is added.
  edit(
    root,
    'seeds/entities.yaml',
    (t) => `${t.replace(/\n*$/, '\n')}  hydra:\n    name: Hydra\n    kind: http-server\n    aliases: [Hydra]\n`,
  );
  add(root, 'k6/ocaml-webapp-rust.md');
  const csv = fs.readFileSync(
    path.join(root, 'data/tables/corpus-http-benchmarks-file-server/measurements.csv'),
    'utf8',
  );
  assert.match(
    csv.split('\n').find((l) => /\bHydra,/.test(l)),
    /,hydra,/,
    'Hydra rows name the entity hydra',
  );
  assert.deepEqual(differsFromFullBuild(root), []);
});

test('add-report reads only the new report: every other report is taken from data/, byte for byte', () => {
  const root = tempRepo('add-data-cached');
  roots.push(root);
  const inputs = readInputs(root);
  const registries = readRegistries(inputs);
  const slugOf = (r) => /^slug:\s*(\S+)/m.exec(r.metaText)[1];
  // The "new" report: one data/ does not hold yet.
  const fresh = slugOf(inputs.reports[0]);
  const kept = fs.readFileSync(path.join(root, `data/reports/${fresh}.json`), 'utf8');
  fs.rmSync(path.join(root, `data/reports/${fresh}.json`));
  const { reports, cached, files } = buildData({ ...inputs, registries }, loadEnv(), {
    cache: committedReports(path.join(root, 'data'), registries),
  });
  assert.equal(reports.length, inputs.reports.length);
  assert.equal(cached, inputs.reports.length - 1, 'every report but the new one from data/');
  assert.equal(files.get(`reports/${fresh}.json`), kept, 'the new one read, as a full build reads it');
  for (const r of inputs.reports.slice(1)) {
    const slug = slugOf(r);
    assert.equal(
      files.get(`reports/${slug}.json`),
      fs.readFileSync(path.join(root, `data/reports/${slug}.json`), 'utf8'),
    );
  }
});
