// CLI: serve public/ on 127.0.0.1 (what `npm start` runs after the build). It sends the CORS
// header a static host such as GitHub Pages sends, so specs and images can be embedded from
// other origins exactly as they will be once published. It serves files of its folder only: a
// path that leads out of it (`..`, encoded slashes, a symlink) is 404, a malformed escape 400, and
// no request can crash it.
// Usage: node scripts/serve.mjs [--port 1313] [--dir public]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/atom+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** True when `file` is `root` or lies inside it (a sibling such as `<root>-old` is outside). */
export function isInside(root, file) {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The file a URL path names inside `root`, without touching the disk.
 * @returns {{ status: 400 } | { status: 404 } | { file: string, pathname: string }}
 */
export function resolvePath(root, rawUrl) {
  const pathname = rawUrl.split(/[?#]/, 1)[0];
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400 };
  }
  if (decoded.includes('\0')) return { status: 400 };
  const file = path.join(root, decoded);
  return isInside(root, file) ? { file, pathname } : { status: 404 };
}

/** The real path of a file when it exists and really lies inside realRoot, else null. */
async function realInside(realRoot, file) {
  try {
    const real = await fs.promises.realpath(file);
    return isInside(realRoot, real) ? { real, stat: await fs.promises.stat(real) } : null;
  } catch {
    return null;
  }
}

/**
 * Start a static file server.
 * @param {{ dir: string, port?: number, host?: string }} options
 * @returns {Promise<http.Server>}
 */
export async function serve({ dir, port = 0, host = '127.0.0.1' }) {
  const root = path.resolve(dir);
  const realRoot = await fs.promises.realpath(root);
  const headers = { 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' };
  const plain = { ...headers, 'Content-Type': TYPES['.txt'] };

  async function notFound(req, res) {
    const page = await realInside(realRoot, path.join(root, '404.html'));
    const body = page?.stat.isFile() ? await fs.promises.readFile(page.real) : 'Not found';
    res.writeHead(404, { ...headers, 'Content-Type': TYPES['.html'] });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req, res) {
    const target = resolvePath(root, req.url ?? '/');
    if (target.status === 400) return res.writeHead(400, plain).end('Bad request');
    if (target.status === 404) return notFound(req, res);
    let found = await realInside(realRoot, target.file);
    if (found?.stat.isDirectory()) {
      if (!target.pathname.endsWith('/')) {
        // The folder's path as this server sees it, so `//host` can never become `Location: //host/`.
        const rel = path.relative(root, target.file).split(path.sep).map(encodeURIComponent).join('/');
        const search = req.url.slice(target.pathname.length);
        return res.writeHead(301, { ...headers, Location: `${rel ? `/${rel}` : ''}/${search}` }).end();
      }
      found = await realInside(realRoot, path.join(found.real, 'index.html'));
    }
    if (!found?.stat.isFile()) return notFound(req, res);
    const type = TYPES[path.extname(found.real)] ?? 'application/octet-stream';
    res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': found.stat.size });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(found.real)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, plain).end('Server error');
      else res.destroy();
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
  const port = Number(values.port ?? process.env.PORT ?? 1313);
  const server = await serve({ dir: values.dir ?? path.join(ROOT, 'public'), port });
  const { address, port: bound } = server.address();
  console.log(`Bench Atlas is served at http://${address}:${bound}/ (Ctrl+C to stop)`);
}
