// A gzip-compressing proxy in front of scripts/serve.mjs, for Lighthouse: the static server sends
// bodies as they are, while the published host (GitHub Pages) compresses text, and Lighthouse's
// simulated slow 4G makes every uncompressed byte count. Compresses text, JSON, JavaScript and SVG
// when the browser accepts gzip (level 6, as hosts typically do); passes everything else through.
import http from 'node:http';
import zlib from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|atom\+xml|xml)|image\/svg\+xml)/;

/**
 * @param {string} target the origin to forward to, e.g. http://127.0.0.1:4321
 * @returns {Promise<http.Server>} listening on a free port of 127.0.0.1
 */
export function gzipProxy(target) {
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    const up = http.request(
      {
        host: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: to.host },
      },
      (ur) => {
        const gzip =
          req.method !== 'HEAD' &&
          ur.statusCode !== 304 &&
          COMPRESSIBLE.test(ur.headers['content-type'] ?? '') &&
          /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
        if (!gzip) {
          res.writeHead(ur.statusCode, ur.headers);
          ur.pipe(res);
          return;
        }
        const headers = { ...ur.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
        delete headers['content-length'];
        res.writeHead(ur.statusCode, headers);
        ur.pipe(zlib.createGzip({ level: 6 })).pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
