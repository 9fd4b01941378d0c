// Tests of the dev server (scripts/serve.mjs) against requests a stranger can type: it serves the
// folder it was given and nothing beside it (a sibling folder whose name starts like it, a symlink
// that leads out, encoded dots and slashes), answers 400 to a malformed escape, and keeps answering.
// It answers GET and HEAD only (405 with Allow otherwise), with the type of each file, and the
// headers of the site's _headers file, which it never serves.
// Requests go out with node:http and a raw path, since fetch() would normalise the paths under test.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { serve } from './serve.mjs';

const SECRET = 'secret-token-4f1c9d';

/** One request with the path exactly as given: status, headers and body. */
function get(port, rawPath, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to ${method} ${rawPath}`)));
    req.end();
  });
}

describe('the dev server', { timeout: 30_000 }, () => {
  let tmp;
  let server;
  let port;

  before(async () => {
    // <tmp>/public is served; <tmp>/public-old and <tmp>/outside hold secrets beside it.
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
    const pub = path.join(tmp, 'public');
    fs.mkdirSync(path.join(pub, 'reports', 'a'), { recursive: true });
    fs.mkdirSync(path.join(pub, 'evil.example'));
    fs.writeFileSync(path.join(pub, 'index.html'), '<!doctype html><title>home</title>');
    fs.writeFileSync(path.join(pub, '404.html'), '<!doctype html><title>not here</title>');
    fs.writeFileSync(path.join(pub, 'reports', 'a', 'index.html'), '<!doctype html><title>report a</title>');
    fs.writeFileSync(path.join(pub, 'data.csv'), 'a,b\n1,2\n');
    for (const ext of ['gif', 'jpg', 'jpeg', 'JPG', 'webp', 'png', 'svg', 'woff2', 'wasm'])
      fs.writeFileSync(path.join(pub, `image.${ext}`), 'x');
    fs.mkdirSync(path.join(pub, 'charts', 'c'), { recursive: true });
    fs.writeFileSync(path.join(pub, 'charts', 'c', 'index.html'), '<!doctype html><title>embed c</title>');
    fs.writeFileSync(
      path.join(pub, '_headers'),
      [
        '# test',
        '/*',
        '  X-Test: all',
        '/reports/*',
        "  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'",
        '/charts/*',
        "  Content-Security-Policy: default-src 'self'; frame-ancestors *",
        '',
      ].join('\n'),
    );
    for (const sibling of ['public-old', 'outside']) {
      fs.mkdirSync(path.join(tmp, sibling));
      fs.writeFileSync(path.join(tmp, sibling, 'secret.txt'), SECRET);
    }
    fs.symlinkSync(path.join(tmp, 'outside'), path.join(pub, 'link-out'));
    fs.symlinkSync(path.join(tmp, 'outside', 'secret.txt'), path.join(pub, 'secret-link.txt'));
    server = await serve({ dir: pub, port: 0 });
    port = server.address().port;
  });

  after(() => {
    server?.close();
    server?.closeAllConnections?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('serves pages, files and HEAD with the CORS and nosniff headers', async () => {
    const home = await get(port, '/');
    assert.equal(home.status, 200);
    assert.match(home.body, /<title>home<\/title>/);
    assert.equal(home.headers['access-control-allow-origin'], '*');
    assert.equal(home.headers['x-content-type-options'], 'nosniff');
    assert.match(home.headers['content-type'], /^text\/html/);
    const csv = await get(port, '/data.csv?x=1');
    assert.equal(csv.status, 200);
    assert.equal(csv.body, 'a,b\n1,2\n');
    const head = await get(port, '/reports/a/', 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
  });

  test('CONNECT answers 405 with Allow: GET, HEAD (it never reaches the request handler)', async () => {
    const answer = await new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (c) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5000, () => socket.destroy(new Error('no answer to CONNECT')));
    });
    assert.match(answer, /^HTTP\/1\.1 405 /);
    assert.match(answer, /\r\nAllow: GET, HEAD\r\n/);
    assert.equal((await get(port, '/')).status, 200);
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS', 'PROPFIND']) {
    test(`${method} answers 405 with Allow: GET, HEAD, and the server keeps answering`, async () => {
      const r = await get(port, '/', method);
      assert.equal(r.status, 405, `${method} answered ${r.status}`);
      assert.equal(r.headers.allow, 'GET, HEAD');
      assert.ok(!r.body.includes('<title>home'), `${method} got the page`);
      assert.equal((await get(port, '/')).status, 200);
    });
  }

  test('images, fonts and WebAssembly are served with their type, not as octet-stream', async () => {
    const want = {
      gif: 'image/gif',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      JPG: 'image/jpeg',
      webp: 'image/webp',
      png: 'image/png',
      svg: 'image/svg+xml',
      woff2: 'font/woff2',
      wasm: 'application/wasm',
    };
    for (const [ext, type] of Object.entries(want)) {
      const r = await get(port, `/image.${ext}`);
      assert.equal(r.status, 200, ext);
      assert.equal(r.headers['content-type'], type, ext);
    }
  });

  test('the headers of _headers are sent with each path they match, and _headers itself is not served', async () => {
    const report = await get(port, '/reports/a/');
    assert.equal(report.headers['x-test'], 'all');
    assert.equal(report.headers['content-security-policy'], "default-src 'self'; frame-ancestors 'none'");
    const embed = await get(port, '/charts/c/', 'HEAD');
    assert.equal(embed.headers['content-security-policy'], "default-src 'self'; frame-ancestors *");
    assert.equal((await get(port, '/data.csv')).headers['content-security-policy'], undefined);
    for (const p of ['/_headers', '/_headers/', '/./_headers', '/%5fheaders']) {
      const r = await get(port, p);
      assert.equal(r.status, 404, `${p} answered ${r.status}`);
      assert.ok(!r.body.includes('X-Test'), `${p} showed _headers`);
    }
  });

  test('a folder without its slash redirects to the folder on this site', async () => {
    const r = await get(port, '/reports/a?x=1');
    assert.equal(r.status, 301);
    assert.equal(r.headers.location, '/reports/a/?x=1');
    // `//evil.example` must not become a redirect to another host (`Location: //evil.example/`).
    const open = await get(port, '//evil.example');
    assert.equal(open.status, 301);
    assert.equal(open.headers.location, '/evil.example/');
  });

  test('an encoded separator or dot segment cannot take the headers of one path for the file of another', async () => {
    // /charts/* may be framed by anyone, /reports/* by no one: the report is never served as a chart.
    for (const p of [
      '/charts/..%2freports/a/',
      '/charts/..%2Freports/a/',
      '/charts/%2e%2e/reports/a/',
      '/charts/%2E%2E%2freports/a/',
      '/charts/c/..%5c..%5creports/a/',
      '/charts/./../reports/a/',
    ]) {
      const r = await get(port, p);
      assert.equal(r.status, 404, `${p} answered ${r.status}`);
      assert.notEqual(r.headers['content-security-policy'], "default-src 'self'; frame-ancestors *", p);
      assert.ok(!r.body.includes('report a'), `${p} served the report`);
    }
    // A letter written as an escape is the same path, with the same headers.
    const r = await get(port, '/%72eports/a/');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-security-policy'], "default-src 'self'; frame-ancestors 'none'");
  });

  const outside = [
    '/..%2fpublic-old/secret.txt',
    '/..%2Fpublic-old%2Fsecret.txt',
    '/../public-old/secret.txt',
    '/%2e%2e/public-old/secret.txt',
    '/%2e%2e%2foutside%2fsecret.txt',
    '/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/..%5c..%5cpublic-old%5csecret.txt',
    '/..%5c..',
    '//etc/passwd',
    '/link-out/secret.txt',
    '/secret-link.txt',
  ];
  for (const p of outside) {
    test(`${p} answers 404 and never shows a file from outside the folder`, async () => {
      const r = await get(port, p);
      assert.equal(r.status, 404, `${p} answered ${r.status}`);
      assert.ok(!r.body.includes(SECRET), `${p} leaked the secret`);
      assert.ok(!/root:.*:0:0:/.test(r.body), `${p} leaked /etc/passwd`);
    });
  }

  for (const p of ['/%E0%A4%A', '/%', '/a%zz', '/%C0%AF', '/reports/%ff/']) {
    test(`a malformed escape (${p}) answers 400 and the server keeps answering`, async () => {
      const r = await get(port, p);
      assert.equal(r.status, 400, `${p} answered ${r.status}`);
      assert.equal((await get(port, '/')).status, 200);
    });
  }

  test('a NUL byte answers 400, not a crash', async () => {
    assert.equal((await get(port, '/index.html%00.txt')).status, 400);
    assert.equal((await get(port, '/')).status, 200);
  });

  test('after every hostile request the server still serves the site', async () => {
    for (const p of [...outside, '/%', '/%E0%A4%A']) await get(port, p);
    const r = await get(port, '/reports/a/');
    assert.equal(r.status, 200);
    assert.match(r.body, /report a/);
  });
});

describe('the dev server from the command line', { timeout: 30_000 }, () => {
  const cli = path.join(path.dirname(new URL(import.meta.url).pathname), 'serve.mjs');
  /** Run serve.mjs with args; it must end by itself (killed after 10 s otherwise). */
  const runCli = (args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 10_000 });

  test('a port in use is one line naming the port, exit 1, no stack trace', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-cli-'));
    const busy = net.createServer();
    try {
      await new Promise((resolve) => busy.listen(0, '127.0.0.1', resolve));
      const { port } = busy.address();
      const r = await new Promise((resolve) =>
        execFile(
          process.execPath,
          [cli, '--dir', dir, '--port', String(port)],
          { encoding: 'utf8', timeout: 10_000 },
          (err, stdout, stderr) => resolve({ code: err?.code, stderr }),
        ),
      );
      assert.equal(r.code, 1, r.stderr);
      assert.equal(
        r.stderr,
        `serve.mjs: port ${port} on 127.0.0.1 is in use (another server runs there): stop it, or pass --port <another port> (--port 0 picks a free one)\n`,
      );
    } finally {
      busy.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a --dir that does not exist is one line, exit 2, no stack trace', () => {
    const r = runCli(['--dir', '/nonexistent/bench-atlas-public', '--port', '0']);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(
      r.stderr,
      'serve.mjs: --dir: expected a folder to serve, found nothing at "/nonexistent/bench-atlas-public" (see --help)\n',
    );
  });
});
