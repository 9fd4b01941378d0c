// Content hashes: the data version a report page shows, and the cache keys of the build.
import { createHash } from 'node:crypto';

/** Hex SHA-256 of one or more strings or buffers (joined with a separator so parts cannot run together). */
export function sha256(...parts) {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(p);
    h.update('\0');
  }
  return h.digest('hex');
}
