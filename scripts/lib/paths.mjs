// Where the repository is: the one definition of its root, for every CLI, test helper and tool.
// Built-ins only (setup.mjs uses it before node_modules exists).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder that holds scripts/). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A path relative to a folder, with / separators on every platform. */
export const relPath = (from, to) => path.relative(from, to).split(path.sep).join('/');
