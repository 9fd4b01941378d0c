// Unit tests of the _headers reader: patterns as Netlify and Cloudflare Pages read them, every
// matching rule adding its headers, and the check validate-site makes of each page's headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headersFor, pageHeadersProblem, parseHeaders, patternRegExp } from './headers.mjs';

const POLICY = "default-src 'self'";
const RULES = parseHeaders(
  [
    '# a comment',
    '/*',
    '  X-Content-Type-Options: nosniff',
    '/',
    `  Content-Security-Policy: ${POLICY}; frame-ancestors 'none'`,
    '/charts/*',
    `  Content-Security-Policy: ${POLICY}; frame-ancestors *`,
    '/reports/:slug/',
    `  Content-Security-Policy: ${POLICY}; frame-ancestors 'none'`,
    '',
  ].join('\n'),
);

test('patterns: * is a splat, :name one segment, the rest literal', () => {
  assert.ok(patternRegExp('/charts/*').test('/charts/a--b/'));
  assert.ok(patternRegExp('/reports/:slug/').test('/reports/a.b/'));
  assert.ok(!patternRegExp('/reports/:slug/').test('/reports/a/b/'));
  assert.ok(patternRegExp('/').test('/') && !patternRegExp('/').test('/x'));
  assert.ok(!patternRegExp('/a.b').test('/aXb'), 'a dot is a dot');
});

test('every rule that matches a path adds its headers', () => {
  assert.deepEqual(headersFor(RULES, '/charts/x/'), {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': `${POLICY}; frame-ancestors *`,
  });
  assert.deepEqual(headersFor(RULES, '/css/site.css'), { 'X-Content-Type-Options': 'nosniff' });
  const twice = parseHeaders('/*\n  A: 1\n/x\n  A: 2\n');
  assert.deepEqual(headersFor(twice, '/x'), { A: '1, 2' }, 'as the hosts join a header two rules set');
});

test('a header line before any path, or a line that is neither, is an error with its line', () => {
  assert.throws(() => parseHeaders('  A: 1\n'), /_headers:1: expected a path/);
  assert.throws(() => parseHeaders('/x\n  not a header\n'), /_headers:2:/);
});

test('a page must get its <meta> policy plus frame-ancestors: any site for embeds, none for the rest', () => {
  assert.equal(pageHeadersProblem(RULES, '/', POLICY), null);
  assert.equal(pageHeadersProblem(RULES, '/charts/x/', POLICY), null);
  assert.equal(pageHeadersProblem(RULES, '/reports/a/', POLICY), null);
  assert.match(pageHeadersProblem(RULES, '/platforms/p/', POLICY), /found none$/);
  assert.match(pageHeadersProblem(RULES, '/reports/a/', "default-src 'none'"), /expected _headers to send/);
  const framed = parseHeaders(
    `/*\n  X-Content-Type-Options: nosniff\n/reports/*\n  Content-Security-Policy: ${POLICY}; frame-ancestors *\n`,
  );
  assert.match(
    pageHeadersProblem(framed, '/reports/a/', POLICY),
    /frame-ancestors 'none'", found .*frame-ancestors \*"$/,
  );
});
