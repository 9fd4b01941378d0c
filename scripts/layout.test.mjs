// The folder layout is the architecture: one folder per stage of the data flow, and imports that
// point only down the flow (lib <- data <- charts, views <- check, add-report <- the top-level
// commands <- bench). A module that imports from a stage above it, or from a sibling stage,
// fails here with the file and the import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, relPath } from './lib/paths.mjs';
import { walk } from './lib/fs.mjs';

/** Stage of a file under scripts/, and its rank in the flow (a stage may import only lower ranks and itself). */
const RANKS = { lib: 0, data: 1, charts: 2, views: 2, search: 3, check: 3, 'add-report': 3, '': 4, bench: 5 };
const stageOf = (rel) => {
  const m = /^scripts\/([^/]+)\//.exec(rel);
  return m ? m[1] : '';
};

/** Relative imports of a module: static `from '...'`, side-effect `import '...'` and `import('...')`. */
function importsOf(text) {
  const out = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(m[1]);
  return out;
}

const modules = walk(path.join(ROOT, 'scripts'))
  .filter((f) => f.endsWith('.mjs') && !f.includes(`${path.sep}fixtures${path.sep}`))
  .map((f) => relPath(ROOT, f));

test('every stage folder is a known stage of the flow', () => {
  const unknown = [...new Set(modules.map(stageOf))].filter((s) => !(s in RANKS));
  assert.deepEqual(unknown, [], 'a folder under scripts/ that is no stage: add it to RANKS with its place in the flow');
});

test('no module imports from a stage above it or beside it, and only tests import from tests/', () => {
  const wrong = [];
  for (const rel of modules) {
    const from = stageOf(rel);
    for (const spec of importsOf(fs.readFileSync(path.join(ROOT, rel), 'utf8'))) {
      const target = relPath(ROOT, path.resolve(path.dirname(path.join(ROOT, rel)), spec));
      if (target.startsWith('tests/')) {
        if (!rel.endsWith('.test.mjs')) wrong.push(`${rel}: imports ${spec} from tests/ (only *.test.mjs may)`);
        continue;
      }
      if (!target.startsWith('scripts/')) {
        wrong.push(`${rel}: imports ${spec}, outside scripts/`);
        continue;
      }
      const to = stageOf(target);
      if (to !== from && !(RANKS[to] < RANKS[from]))
        wrong.push(`${rel} (${from || 'top level'}): imports ${spec} (${to || 'top level'})`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('scripts/lib holds only what two or more stages share', () => {
  // Stages that use each lib module, directly or through another lib module.
  const users = new Map(modules.filter((m) => m.startsWith('scripts/lib/')).map((m) => [m, new Set()]));
  const edges = [];
  for (const rel of modules) {
    for (const spec of importsOf(fs.readFileSync(path.join(ROOT, rel), 'utf8'))) {
      const target = relPath(ROOT, path.resolve(path.dirname(path.join(ROOT, rel)), spec));
      if (users.has(target) && !rel.endsWith('.test.mjs')) edges.push([rel, target]);
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const [from, to] of edges) {
      const before = users.get(to).size;
      if (users.has(from)) users.get(from).forEach((s) => users.get(to).add(s));
      else users.get(to).add(stageOf(from) || 'top level');
      changed ||= users.get(to).size !== before;
    }
  }
  const lonely = [...users]
    .filter(([m, s]) => !m.endsWith('.test.mjs') && s.size < 2)
    .map(([m, s]) => `${m}: used by ${[...s].join(', ') || 'no stage'}`);
  assert.deepEqual(lonely, [], 'a lib module that only one stage uses belongs in that stage');
});
