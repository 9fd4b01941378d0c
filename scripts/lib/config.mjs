// The site's settings that the scripts need, read from config.toml, the one place they are set.
import fs from 'node:fs';
import path from 'node:path';

/** params.publishURL: the base URL of the published site (canonical links, citations, --publish). */
export function publishURL(root) {
  const text = fs.readFileSync(path.join(root, 'config.toml'), 'utf8');
  const url = /^\s*publishURL\s*=\s*"([^"]+)"/m.exec(text)?.[1];
  if (!url) throw new Error('config.toml: params.publishURL is not set');
  return url;
}
