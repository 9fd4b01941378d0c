// Unit tests of a report's metadata as a stranger's pull request may write it: an original image
// must be a raster image by its name and by its bytes; every path must stay inside the report's
// folder (no "..", no absolute path, no symlink leading out); dates must exist; a YAML alias bomb,
// a folder where a file should be, are one line naming the file, never a stack trace.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { InputError } from '../lib/errors.mjs';
import { loadEnv, readInputs } from './inputs.mjs';
import { readMeta, readPlatforms, isRealDate, markDraft, sourceUrl } from './meta.mjs';
import { readYaml } from './yaml-input.mjs';

const env = loadEnv();
const inputs = readInputs(ROOT);
const ctx = { ...env, platforms: readPlatforms(inputs.platformsText, inputs.platformsPath) };
const astore = inputs.reports.find((r) => r.seedPath.startsWith('seeds/astore/'));
const IMAGE = 'seeds/astore/2015-astore-ht-dell-r420.original.png';
const PNG = astore.files[IMAGE];

/** The astore report with its metadata edited and extra files beside the seed. */
const withMeta = (change, files = {}, outside = {}) => ({
  ...astore,
  metaText: change(astore.metaText),
  files: { ...astore.files, ...files },
  outside,
});
const setImage = (name) => (t) => t.replace(/^( {4}image: ).*$/m, `$1${name}`);
const lineOf = (text, re) => text.split('\n').findIndex((l) => re.test(l)) + 1;

/** readMeta refuses the input at the metadata line matching `at`, with a message matching `message`. */
function refusedAt(input, at, message) {
  assert.throws(
    () => readMeta(input, ctx),
    (e) => {
      assert.ok(e instanceof InputError, e.stack);
      assert.equal(e.format().split(':').slice(0, 2).join(':'), `${input.metaPath}:${lineOf(input.metaText, at)}`);
      assert.match(e.message, message);
      return true;
    },
  );
}

describe('original images', () => {
  test('the real PNG passes', () => readMeta(astore, ctx));
  test('PNG bytes named .html are refused at the image line', () => {
    const name = '2015-astore-ht-dell-r420.original.html';
    refusedAt(withMeta(setImage(name), { [`seeds/astore/${name}`]: PNG }), /^ {4}image:/, /PNG, JPEG, GIF or WebP/);
  });
  test('an SVG is refused, even a real one', () => {
    const name = '2015-astore-ht-dell-r420.original.svg';
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    refusedAt(withMeta(setImage(name), { [`seeds/astore/${name}`]: svg }), /^ {4}image:/, /named \.png/);
  });
  test('an SVG beside the seed under a name of its own is refused as an SVG, not as a file that is not there', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    refusedAt(withMeta(setImage('chart.svg'), { 'seeds/astore/chart.svg': svg }), /^ {4}image:/, /expected a PNG, JPEG, GIF or WebP image named \.png.*found "chart\.svg"/);
  });
  test('a file the metadata names that is not named after the seed says how it must be named', () => {
    refusedAt(withMeta(setImage('chart.png')), /^ {4}image:/, /expected a file beside the seed named after it \("2015-astore-ht-dell-r420\.<name>"\), found "chart\.png"/);
  });
  test('HTML named .png is refused: the content decides', () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    refusedAt(withMeta((t) => t, { [IMAGE]: html }), /^ {4}image:/, /whose bytes are not a PNG/);
  });
  test('a JPEG named .png is refused', () => {
    const jpeg = Buffer.from('ffd8ffe000104a46494600', 'hex');
    refusedAt(withMeta((t) => t, { [IMAGE]: jpeg }), /^ {4}image:/, /whose bytes are a JPEG image/);
  });
});

describe('paths in metadata stay inside the report folder', () => {
  for (const bad of ['../../package.json', '/etc/passwd', '..', 'sub/../../x.png', '..\\\\x.png']) {
    test(`image: ${bad} is refused at its line`, () =>
      refusedAt(withMeta(setImage(JSON.stringify(bad))), /^ {4}image:/, /beside the seed/));
    test(`file: ${bad} is refused at its line`, () =>
      refusedAt(
        withMeta((t) => t.replace(/^( {4}file: ).*$/m, `$1${JSON.stringify(bad)}`)),
        /^ {4}file:/,
        /beside the seed/,
      ));
  }

  let root;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-links-'));
    fs.cpSync(path.join(ROOT, 'seeds'), path.join(root, 'seeds'), { recursive: true });
    for (const f of fs.readdirSync(path.join(root, 'seeds/astore')))
      fs.chmodSync(path.join(root, 'seeds/astore', f), 0o644);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test('an image that is a symlink leading out of the folder is never read, and refused at its line', () => {
    const secret = path.join(root, 'secret.png');
    fs.writeFileSync(secret, PNG);
    fs.rmSync(path.join(root, IMAGE));
    fs.symlinkSync(secret, path.join(root, IMAGE));
    const report = readInputs(root).reports.find((r) => r.seedPath.startsWith('seeds/astore/'));
    assert.ok(!(IMAGE in report.files), 'not read');
    refusedAt(report, /^ {4}image:/, /inside the report's folder.*a link to/);
  });

  test('a seed that is a link to a folder is one problem naming it, not EISDIR', () => {
    const seed = path.join(root, 'seeds/astore/2015-astore-ht-dell-r420.rst');
    fs.rmSync(seed);
    fs.symlinkSync(path.join(root, 'seeds/darner'), seed);
    const { problems } = readInputs(root);
    assert.deepEqual(problems, [
      `seeds/astore/2015-astore-ht-dell-r420.rst: expected a file or a folder, found a link to a folder (${fs.realpathSync(path.join(root, 'seeds/darner'))})`,
    ]);
  });

  test('seeds/platforms.yaml as a folder is an InputError naming it', () => {
    fs.rmSync(path.join(root, 'seeds/platforms.yaml'));
    fs.mkdirSync(path.join(root, 'seeds/platforms.yaml'));
    assert.throws(
      () => readInputs(root),
      (e) => e instanceof InputError && e.format() === 'seeds/platforms.yaml: expected a file, found a folder',
    );
  });
});

describe('dates', () => {
  for (const [bad, key] of [
    ['2020-13-45', 'date'],
    ['9999-99', 'date'],
    ['1969', 'date'],
    ['2021-02-29', 'added'],
    ['2020-04-31', 'added'],
  ]) {
    test(`${key}: ${bad} is refused at its line`, () =>
      refusedAt(
        withMeta((t) => t.replace(new RegExp(`^${key}: .*$`, 'm'), `${key}: "${bad}"`)),
        new RegExp(`^${key}:`),
        /a real calendar date/,
      ));
  }
  test('real dates pass', () => {
    for (const d of ['2015', '2015-02', '2020-02-29', '1970-01-01', '2100-12-31']) assert.ok(isRealDate(d), d);
  });
});

describe('YAML alias bombs', () => {
  const bomb = [
    'a: &a [x, x, x, x, x, x, x, x, x]',
    'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
    'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
    'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
    'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    'f: [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
  ].join('\n');
  test('are an InputError at the first alias, not a ReferenceError', () => {
    assert.throws(() => readYaml(bomb), (e) => e instanceof InputError && e.line === 2 && /without aliases/.test(e.expected));
  });
  test('in metadata: one line naming the file', () => {
    assert.throws(
      () => readMeta({ ...astore, metaText: bomb }, ctx),
      (e) => e instanceof InputError && e.format().startsWith(`${astore.metaPath}:2: expected YAML without aliases`),
    );
  });
  test('a 1 MB anchor used 99 times in software is refused at the first alias, not expanded to 100 MB', () => {
    const big = 'x'.repeat(1 << 20);
    const text = astore.metaText.replace(/^software:\n/m, `software:\n  - name: &big "${big}"\n    version: "1"\n${'  - name: *big\n    version: "1"\n'.repeat(99)}`);
    const line = text.split('\n').findIndex((l) => l.includes('*big')) + 1;
    assert.throws(
      () => readMeta({ ...astore, metaText: text }, ctx),
      (e) => e instanceof InputError && e.format() === `${astore.metaPath}:${line}: expected YAML without aliases (write the value out where *name stands), found "*big"`,
    );
  });
});

describe('source.url', () => {
  const src = /^source:\n {2}repository: (.*)\n {2}path: (.*)\n {2}commit: (.*)$/m.exec(astore.metaText);
  const [repo, , commit] = src.slice(1).map((v) => v.replace(/^"|"$/g, ''));
  const withUrl = (url) => withMeta((t) => t.replace(/^( {2}commit: .*)$/m, `$1\n  url: ${JSON.stringify(url)}`));
  test('a URL of the repository at the commit the metadata claims is accepted', () => {
    readMeta(withUrl(`https://github.com/${repo}/blob/${commit}/README.md`), ctx);
    readMeta(withUrl(`https://raw.githubusercontent.com/${repo.toUpperCase()}/${commit}/a.txt`), ctx);
  });
  for (const url of [
    'https://evil.example/phish',
    `https://evil.example/${repo}/blob/${commit}/x`,
    `https://github.com/other/name/blob/${commit}/x`,
    `https://github.com/${repo}/blob/0000000/x`,
    `https://github.com.evil.example/${repo}/blob/${commit}/x`,
    `https://user@github.com/${repo}/blob/${commit}/x`,
    `https://github.com/${repo}/blob/${commit}/../../../../attacker/repo/blob/main/x`,
    `https://github.com/${repo}/blob/${commit}/%2e%2e/%2E%2E/%2e%2e/%2e%2e/attacker/repo/blob/${commit}/x`,
    `https://github.com/${repo}/blob/${commit}/..\\..\\..\\..\\attacker/repo/blob/${commit}/x`,
    `https://github.com/${repo}/blob/main/${commit}`,
  ]) {
    test(`${url} is refused at its line: the link text would name another place`, () =>
      refusedAt(withUrl(url), /^ {2}url:/, new RegExp(`a URL of ${repo.replace('.', '\\.')} at commit ${commit}`)));
  }
});

describe('source.path', () => {
  const withPath = (p) => withMeta((t) => t.replace(/^( {2}path: ).*$/m, `$1${JSON.stringify(p)}`));
  test('a plain path in the repository is accepted, and its link is under the repository and commit', () => {
    const meta = readMeta(withPath('docs/results/2015 run.md'), ctx);
    assert.equal(meta.source.path, 'docs/results/2015 run.md');
  });
  for (const p of [
    '../../../../attacker/repo/blob/main/x',
    'docs/./x.md',
    'docs/../../x.md',
    '%2e%2e/%2e%2e/attacker/repo/blob/main/x',
    '..\\..\\attacker\\x',
    '/etc/x.md',
    'docs//x.md',
    'x.md?raw=1',
    'x.md#L1',
  ]) {
    test(`${JSON.stringify(p)} is refused at its line: the report's source link would lead out of its repository`, () =>
      refusedAt(withPath(p), /^ {2}path:/, /a path in the repository of plain names joined by "\/"/));
  }
});

describe('sourceUrl: every link built from metadata stays under its repository and commit', () => {
  const source = { repository: 'foo/bar', commit: 'abcdef1', path: 'docs/x.md' };
  test('a plain path gives the blob link', () => assert.equal(sourceUrl(source), 'https://github.com/foo/bar/blob/abcdef1/docs/x.md'));
  test('a path that leads out of the repository throws instead of linking', () => {
    assert.throws(() => sourceUrl({ ...source, path: '../../../../attacker/repo/blob/main/x' }), /leads outside foo\/bar at commit abcdef1/);
    assert.throws(() => sourceUrl({ ...source, url: 'https://github.com/attacker/repo/blob/abcdef1/x' }), /leads outside/);
  });
});

describe('names and titles have a length bound', () => {
  test('a software name of 100 KB is refused at its line, shortened in the message', () =>
    refusedAt(
      withMeta((t) => t.replace(/^( {2}- name: )AStore$/m, `$1${'a'.repeat(100_000)}`)),
      /^ {2}- name: a/,
      /"software\.0\.name" to have at most 300 characters, found "a{77}\.\.\." \(100000 characters\)/,
    ));
  test('a dataset title of 600 characters is refused at its line', () =>
    refusedAt(
      withMeta((t) => t.replace(/^( {4}title: ).*$/m, `$1${'t'.repeat(600)}`)),
      /^ {4}title: t/,
      /to have at most 500 characters/,
    ));
});

describe('invisible characters in titles and names', () => {
  for (const c of ['\\u200b', '\\u2060', '\\u00ad', '\\u180e', '\\u202e']) {
    test(`a title with ${c} is refused at its line`, () =>
      refusedAt(withMeta((t) => t.replace(/^title: .*$/m, `title: "AStore throughput${c}"`)), /^title:/, new RegExp(`found \\${c} in "AStore throughput`)));
  }
  test('a software name "AStore\\u200b" is refused at its line', () =>
    refusedAt(withMeta((t) => t.replace(/^( {2}- name: )AStore$/m, '$1"AStore\\u200b"')), /^ {2}- name: /, /without control or invisible characters/));
});

test('add-report\'s TODO placeholders are never published: a platform\'s kind still to state is empty', () => {
  const platforms = readPlatforms('new-box:\n  name: "Intel Core i7-8700K"\n  kind: "TODO: physical server, cloud instance or desktop"\n', 'seeds/platforms.yaml');
  assert.equal(platforms['new-box'].kind, '');
  const meta = markDraft({ summary: 'TODO: one sentence' });
  assert.equal(meta.summary, '');
});
