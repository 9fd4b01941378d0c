// A report added before its metadata is filled in (software: "TODO: the software under test ..."):
// its findings, headline and chart texts never name the placeholder as what was measured (issue 40).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { CORPUS, addReportArgs } from '../../scripts/bench/real-files.mjs';
import { committedPlan } from '../../scripts/charts/committed.mjs';
import { addReport, removeTempRepo, tempRepo } from '../helpers/temp-repo.mjs';

test(
  'wrk\'s README, added with its software still TODO, is not said to be "TODO: the software under test"\'s latency',
  { timeout: 240_000 },
  () => {
    const root = tempRepo('draft-software');
    try {
      const file = 'wrk-text/wrk-readme.md';
      const r = addReport(root, addReportArgs(file, undefined, path.join(CORPUS, file)));
      assert.equal(r.status, 0, r.stderr);
      const plan = committedPlan(path.join(root, 'data'));
      const said = [
        ...Object.values(plan.index.findings).flatMap((f) => [f.headline, ...f.items]),
        ...plan.charts.flatMap((c) => [c.entry.description, c.entry.alt, c.entry.title]),
      ];
      assert.ok(
        said.some((s) => /635\.91 µs/.test(s)),
        'the mean latency is still said',
      );
      for (const s of said) assert.doesNotMatch(s, /TODO/, s);
    } finally {
      removeTempRepo(root);
    }
  },
);
