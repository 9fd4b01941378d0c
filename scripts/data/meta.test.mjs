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
import { readMeta, readPlatforms, isRealDate, markDraft } from './meta.mjs';
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
    assert.throws(() => readYaml(bomb), (e) => e instanceof InputError && e.line === 2 && /aliases/.test(e.expected));
  });
  test('in metadata: one line naming the file', () => {
    assert.throws(
      () => readMeta({ ...astore, metaText: bomb }, ctx),
      (e) => e instanceof InputError && e.format().startsWith(`${astore.metaPath}:2: expected YAML whose aliases`),
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
  ]) {
    test(`${url} is refused at its line: the link text would name another place`, () =>
      refusedAt(withUrl(url), /^ {2}url:/, new RegExp(`a URL of ${repo.replace('.', '\\.')} at commit ${commit}`)));
  }
});

test('add-report\'s TODO placeholders are never published: a platform\'s kind still to state is empty', () => {
  const platforms = readPlatforms('new-box:\n  name: "Intel Core i7-8700K"\n  kind: "TODO: physical server, cloud instance or desktop"\n', 'seeds/platforms.yaml');
  assert.equal(platforms['new-box'].kind, '');
  const meta = markDraft({ summary: 'TODO: one sentence' });
  assert.equal(meta.summary, '');
});
