// CLI: serve public/ on 127.0.0.1 (what `npm start` runs after the build). It sends the CORS
// header a static host such as GitHub Pages sends, so specs and images can be embedded from
// other origins exactly as they will be once published, and the headers of the site's `_headers`
// file (the Content Security Policy with frame-ancestors, nosniff, ...), as Netlify or Cloudflare
// Pages would; `_headers` itself is not served. It serves files of its folder only: a path that
// leads out of it (`..`, encoded slashes, a symlink) is 404, a malformed escape 400, a method
// other than GET and HEAD 405, and no request can crash it. A port in use or a --dir that is no
// folder is one line and a non-zero exit, never a stack trace.
// With --live (what `npm start` runs), it watches the sources and rebuilds on a change (live.mjs),
// and each HTML page it serves loads /__live.js, which reloads the page when a rebuild is done
// (a server-sent event on /__live) and, on the search page, shows what the server says of the
// search index while it is behind the pages (/__search, then 'search' events; live.mjs
// searchNotice): only in this mode, never in public/, where that notice stays empty.
// Usage: node scripts/serve.mjs [--port 1313] [--dir public] [--live]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { argError, cliArgs } from './lib/args.mjs';
import { ROOT } from './lib/paths.mjs';
import { headersFor, parseHeaders } from './lib/headers.mjs';
import { systemErrorLine } from './lib/errors.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.gz': 'application/gzip',
  '.xml': 'application/atom+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/** The only methods a static site answers; anything else is 405 with this list in `Allow`. */
export const METHODS = ['GET', 'HEAD'];

/** The Content-Type of a file by its extension (any case); bytes of an unknown type are octet-stream. */
export const typeOf = (file) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** True when `file` is `root` or lies inside it (a sibling such as `<root>-old` is outside). */
export function isInside(root, file) {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The file a URL path names inside `root`, without touching the disk. The path is decoded and
 * normalised once, and both the file and its headers are chosen from that one path (`site`): an
 * encoded separator (%2F, %5C) or a `.` or `..` segment (written or encoded, %2e%2e) is refused, so
 * `/charts/..%2freports/x/` can never be served with the headers of `/charts/*`.
 * @returns {{ status: 400 } | { status: 404 } | { file: string, pathname: string, site: string }}
 */
export function resolvePath(root, rawUrl) {
  const pathname = rawUrl.split(/[?#]/, 1)[0];
  if (/%(2f|5c)/i.test(pathname)) return { status: 404 };
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400 };
  }
  if (decoded.includes('\0')) return { status: 400 };
  if (decoded.includes('\\') || decoded.split('/').some((s) => s === '.' || s === '..')) return { status: 404 };
  const site = path.posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
  const file = path.join(root, site);
  return isInside(root, file) ? { file, pathname, site } : { status: 404 };
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
 * The script a page loads in live mode: it reloads the page when the server says a rebuild is done,
 * and fills the search page's notice (data-search-behind) with what the server says of the index.
 */
export const LIVE_SCRIPT = `const live = new EventSource('/__live');
live.addEventListener('reload', () => location.reload());
const behind = document.querySelector('[data-search-behind]');
if (behind) {
  const show = (text) => {
    behind.textContent = text;
    behind.hidden = !text;
  };
  fetch('/__search').then((r) => r.text()).then(show, () => {});
  live.addEventListener('search', (e) => show(e.data));
}
`;
const LIVE_TAG = '<script src="/__live.js"></script>';

/**
 * Start a static file server.
 * @param {{ dir: string, port?: number, host?: string, live?: boolean }} options live: pages load
 *   LIVE_SCRIPT, server.reload() tells every open page to reload, and server.searchNotice(text)
 *   what the search page says of its index
 * @returns {Promise<http.Server & { reload: () => void, searchNotice: (text: string) => void }>}
 */
export async function serve({ dir, port = 0, host = '127.0.0.1', live = false }) {
  /** The open pages listening on /__live (live mode), and what the search page says of its index. */
  const listeners = new Set();
  let searchNotice = '';
  const root = path.resolve(dir);
  const realRoot = await fs.promises.realpath(root);
  const headers = { 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' };
  const plain = { ...headers, 'Content-Type': TYPES['.txt'] };
  // The site's _headers, read once (a rebuild swaps public/ in: restart the server to read it again).
  const headersFile = path.join(root, '_headers');
  const rules = fs.existsSync(headersFile) ? parseHeaders(await fs.promises.readFile(headersFile, 'utf8')) : [];
  const site = (pathname) => ({ ...headers, ...headersFor(rules, pathname) });

  async function notFound(req, res) {
    const page = await realInside(realRoot, path.join(root, '404.html'));
    const body = page?.stat.isFile() ? await fs.promises.readFile(page.real) : 'Not found';
    res.writeHead(404, { ...headers, 'Content-Type': TYPES['.html'] });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req, res) {
    if (!METHODS.includes(req.method)) {
      return res.writeHead(405, { ...plain, Allow: METHODS.join(', ') }).end('Method not allowed');
    }
    const target = resolvePath(root, req.url ?? '/');
    if (target.status === 400) return res.writeHead(400, plain).end('Bad request');
    if (target.status === 404) return notFound(req, res);
    if (live && target.site === '/__live') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(': live\n\n');
      listeners.add(res);
      return req.on('close', () => listeners.delete(res));
    }
    if (live && target.site === '/__search')
      return res
        .writeHead(200, { ...headers, 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' })
        .end(searchNotice);
    if (live && target.site === '/__live.js')
      return res.writeHead(200, { ...headers, 'Content-Type': TYPES['.js'] }).end(LIVE_SCRIPT);
    let found = await realInside(realRoot, target.file);
    if (found?.stat.isDirectory()) {
      if (!target.pathname.endsWith('/')) {
        // The folder's path as this server sees it, so `//host` can never become `Location: //host/`.
        const rel = path.relative(root, target.file).split(path.sep).map(encodeURIComponent).join('/');
        const search = req.url.slice(target.pathname.length);
        return res.writeHead(301, { ...site(target.site), Location: `${rel ? `/${rel}` : ''}/${search}` }).end();
      }
      found = await realInside(realRoot, path.join(found.real, 'index.html'));
    }
    // The hosts' configuration file (_headers) is read by the host, never served.
    if (!found?.stat.isFile() || found.real === path.join(realRoot, '_headers')) return notFound(req, res);
    if (live && typeOf(found.real) === TYPES['.html']) {
      const html = (await fs.promises.readFile(found.real, 'utf8')).replace(/<\/body>|$/i, (end) => LIVE_TAG + end);
      res.writeHead(200, {
        ...site(target.site),
        'Content-Type': TYPES['.html'],
        'Content-Length': Buffer.byteLength(html),
      });
      return res.end(req.method === 'HEAD' ? undefined : html);
    }
    res.writeHead(200, {
      ...site(target.site),
      'Content-Type': typeOf(found.real),
      'Content-Length': found.stat.size,
    });
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
  // CONNECT never reaches the request handler: answer it here, the same way.
  server.on('connect', (req, socket) => {
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${METHODS.join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  // A port in use (EADDRINUSE) or not allowed rejects, for the CLI to say so in one line.
  server.reload = () => {
    for (const res of listeners) res.write('event: reload\ndata: \n\n');
  };
  // What the search page says of the index (one line; '' when it is up to date).
  server.searchNotice = (text) => {
    searchNotice = text;
    for (const res of listeners) res.write(`event: search\ndata: ${text}\n\n`);
  };
  server.on('close', () => listeners.forEach((res) => res.end()));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = cliArgs(import.meta.url, {
    options: { port: { type: 'string' }, dir: { type: 'string' }, live: { type: 'boolean' } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 1313);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    argError(
      import.meta.url,
      `--port: expected a port number (0 to 65535), found "${values.port ?? process.env.PORT}"`,
    );
  const dir = values.dir ?? path.join(ROOT, 'public');
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    argError(
      import.meta.url,
      `--dir: expected a folder to serve${values.dir === undefined ? ' (npm run build makes public/)' : ''}, found ${fs.existsSync(dir) ? 'a file' : 'nothing'} at "${dir}"`,
    );
  }
  let server;
  try {
    server = await serve({ dir, port, live: Boolean(values.live) });
  } catch (e) {
    const line =
      e.code === 'EADDRINUSE'
        ? `port ${port} on 127.0.0.1 is in use (another server runs there): stop it, or pass --port <another port> (--port 0 picks a free one)`
        : e.code === 'EACCES'
          ? `port ${port} needs privileges this user lacks: pass --port 1024 or above`
          : systemErrorLine(e, dir);
    if (!line) throw e;
    console.error(`serve.mjs: ${line}`);
    process.exit(1);
  }
  const { address, port: bound } = server.address();
  console.log(`Bench Atlas is served at http://${address}:${bound}/ (Ctrl+C to stop)`);
  if (values.live) {
    const { watchBuild } = await import('./live.mjs');
    watchBuild(ROOT, {
      onBuilt: () => server.reload(),
      onSearch: (notice) => server.searchNotice(notice),
      log: (line) => console.log(line),
    });
    console.log('live: watching the sources; a change rebuilds and reloads the open pages');
  }
}
