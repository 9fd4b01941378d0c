// validate-site on a small site made here: under /reports/ it accepts pages, citations and raster
// images whose bytes are the type their name says, and refuses anything else (an "image" named
// .html or .svg that would run script on the site's origin, a PNG named .jpg, HTML named .png); and
// _headers must give every page its <meta> policy plus frame-ancestors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';

const PNG = fs.readFileSync(path.join(ROOT, 'seeds/astore/2015-astore-ht-dell-r420.original.png'));
const HTML = Buffer.concat([PNG.subarray(0, 16), Buffer.from('<script>alert(document.domain)</script>')]);
const POLICY = "default-src 'self'";
const page = (title) =>
  `<!doctype html><meta http-equiv="Content-Security-Policy" content="${POLICY.replaceAll("'", '&#39;')}"><title>${title}</title>`;
const HEADERS = [
  '/*',
  '  X-Content-Type-Options: nosniff',
  '/',
  `  Content-Security-Policy: ${POLICY}; frame-ancestors 'none'`,
  '/reports/*',
  `  Content-Security-Policy: ${POLICY}; frame-ancestors 'none'`,
  '',
].join('\n');
let dir;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-atlas-validate-'));
  fs.mkdirSync(path.join(dir, 'reports/r'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page('x'));
  fs.writeFileSync(path.join(dir, 'reports/r/index.html'), page('r'));
  fs.writeFileSync(path.join(dir, '_headers'), HEADERS);
  fs.writeFileSync(path.join(dir, 'reports/r/citation.bib'), '@misc{}');
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const validate = () =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/check/validate-site.mjs'), '--dir', dir, '--no-html'], {
    encoding: 'utf8',
    timeout: 60_000,
  });

test('a real PNG named .png passes', () => {
  fs.writeFileSync(path.join(dir, 'reports/r/t-original.png'), PNG);
  const r = validate();
  assert.equal(r.status, 0, r.stderr);
});

for (const [name, bytes, message] of [
  [
    't-original.html',
    HTML,
    /expected only pages, citations and a PNG, JPEG, GIF or WebP image under reports\/, found a \.html file/,
  ],
  ['t-original.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /found a \.svg file/],
  ['t-original.jpg', PNG, /whose bytes match its name, found a PNG image/],
  ['u-original.png', Buffer.from('<!doctype html><script>1</script>'), /whose bytes match its name, found other bytes/],
]) {
  test(`${name} is refused`, () => {
    const file = path.join(dir, 'reports/r', name);
    fs.writeFileSync(file, bytes);
    try {
      const r = validate();
      assert.equal(r.status, 1, r.stdout);
      assert.match(r.stderr, new RegExp(`reports/r/${name.replace('.', '\\.')}: `));
      assert.match(r.stderr, message);
    } finally {
      fs.rmSync(file);
    }
  });
}

test('a page whose _headers policy is not its <meta> policy plus frame-ancestors is named', () => {
  fs.writeFileSync(
    path.join(dir, '_headers'),
    HEADERS.replace(
      "/reports/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'",
      "/reports/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors *",
    ),
  );
  try {
    const r = validate();
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /reports\/r\/index\.html: expected _headers to send Content-Security-Policy "default-src 'self'; frame-ancestors 'none'", found "default-src 'self'; frame-ancestors \*"/,
    );
    fs.rmSync(path.join(dir, '_headers'));
    assert.match(validate().stderr, /_headers: missing/);
  } finally {
    fs.writeFileSync(path.join(dir, '_headers'), HEADERS);
  }
});
