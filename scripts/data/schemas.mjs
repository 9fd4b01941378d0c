// The schemas of the data stage: one JSON table schema per table kind (schemas/tables/<kind>.json,
// the data dictionary) and the schema of a report's metadata file (schemas/report-meta.schema.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCHEMAS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schemas');

/** Table schemas, by kind. */
export function loadSchemas() {
  const dir = path.join(SCHEMAS, 'tables');
  const out = {};
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    const s = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    out[s.kind] = s;
  }
  return out;
}

/** The JSON Schema of <seed>.meta.yaml. */
export const loadMetaSchema = () => JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'report-meta.schema.json'), 'utf8'));
