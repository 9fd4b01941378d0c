// Pure: is a published script or search-index file whole? A file cut short by a writer that ended
// before it flushed (Pagefind's service, 2026-11-23: pagefind-worker.js cut at 40,960 bytes) parses
// no more: a script ends inside a statement, a gzip stream before its end.
import vm from 'node:vm';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

/** Does `source` parse as a classic script or, failing that, as an ES module? */
function parsesAsJs(source) {
  try {
    new vm.Script(source);
    return null;
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    const r = spawnSync(process.execPath, ['--input-type=module', '--check'], { input: source, encoding: 'utf8' });
    if (r.status === 0) return null;
    return (r.stderr.match(/SyntaxError: .*/) ?? [e.message])[0];
  }
}

/**
 * The problem with a file of the site (`rel`, its path in the site; `bytes`), or null when it is
 * whole: .js must parse, .json must parse, and any other file of pagefind/ (its index, fragments,
 * filters, metadata and WebAssembly, all gzipped) must decompress.
 */
export function wholeProblem(rel, bytes) {
  if (rel.endsWith('.js')) {
    const error = parsesAsJs(bytes.toString('utf8'));
    return error && `expected a whole script, found one that does not parse (${error}; ${bytes.length} bytes)`;
  }
  if (rel.endsWith('.json')) {
    try {
      JSON.parse(bytes.toString('utf8'));
      return null;
    } catch (e) {
      return `expected whole JSON, found ${e.message} (${bytes.length} bytes)`;
    }
  }
  if (!rel.startsWith('pagefind/')) return null;
  try {
    zlib.gunzipSync(bytes);
    return null;
  } catch (e) {
    return `expected a whole gzipped search-index file, found ${e.message} (${bytes.length} bytes)`;
  }
}
