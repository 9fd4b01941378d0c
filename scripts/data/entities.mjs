// The entity registry (seeds/entities.yaml): which software the reports measure, under which
// names, and which column of each table kind names it. Pure: text in, registry out; a problem
// is an InputError at its line, so a CLI prints `seeds/entities.yaml:<line>: expected ..., found ...`.
//
// Exports:
//   readEntities(text, path) -> Registry          parse and validate the YAML
//   normaliseName(name) -> string                 the form names are matched in (case, white space,
//                                                 invisible characters such as U+200B dropped)
//   resolve(registry, name, kind?) -> Entity|null  exact match on id, display name or alias
//   suggest(registry, name, kind?) -> Entity|null  nearest entity by edit distance (for messages)
//   unknownEntityError(registry, name, kind, line, file) -> InputError   the message with a suggestion
//   tableMapping(registry, tableKind) -> TableMapping|null
//   misspeltEntity(registry, row) -> Entity|null   the entity a measurement row's label is a typo of
import { INVISIBLE_IN_NAMES, InputError, quote } from '../lib/errors.mjs';
import { editDistance, MAX_NAME_LENGTH } from '../lib/text.mjs';
import { readYaml } from './yaml-input.mjs';

/**
 * @typedef {object} Entity
 * @property {string} id          lower-case words joined by hyphens
 * @property {string} name        display name
 * @property {string} kind        one of registry.kinds
 * @property {string[]} aliases   spellings as written in the YAML
 * @property {string} [homepage]
 * @property {string} [repository]
 * @property {string} [version_of] the entity whose version this one's stated version is
 * @property {number} line        line of the entity in the YAML
 *
 * @typedef {object} TableMapping
 * @property {string} kind                       the table kind
 * @property {string|null} measures              entity id every row measures, or null
 * @property {Record<string, string[]>} columns  column name -> entity kinds its values may name
 * @property {boolean} declared                  the rows measure the software the report's metadata
 *                                               declares (its `software:` list), for tools that measure
 *                                               whatever they are pointed at (ab, wrk)
 * @property {number} line
 *
 * @typedef {object} Registry
 * @property {string} path
 * @property {Record<string, string>} kinds               kind -> description
 * @property {Record<string, Entity>} entities            id -> entity
 * @property {Record<string, TableMapping>} tables        table kind -> mapping
 * @property {Map<string, string>} names                  normalised spelling -> entity id
 */

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const FIELDS = new Set(['name', 'kind', 'aliases', 'homepage', 'repository', 'review', 'version_of']);

/** Lower case, trimmed, runs of white space as one space: the form in which names are matched. */
export const normaliseName = (name) => String(name).replace(INVISIBLE_IN_NAMES, '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Only letters and digits, lower case: the form in which suggestions are measured. */
const looseKey = (name) => normaliseName(name).replace(/[^a-z0-9]+/g, '');

/**
 * Parse and validate seeds/entities.yaml.
 * Rules: top-level `kinds`, `tables` and `entities` maps; ids of lower-case words joined by hyphens;
 * every entity has a name, a known kind and a list of aliases; a spelling (id, name or alias, matched
 * by normaliseName) names one entity only; homepage/repository are http(s) URLs; every table mapping
 * names known entity kinds and, for `measures`, a known entity.
 * @param {string} text the YAML text
 * @param {string} path its repository path, for messages
 * @returns {Registry}
 */
export function readEntities(text, path) {
  let doc;
  try {
    doc = readYaml(text);
  } catch (e) {
    if (e instanceof InputError && !e.file) e.file = path;
    throw e;
  }
  const { value, lineOf } = doc;
  const fail = (where, expected, found) => {
    throw new InputError(lineOf(where), expected, found, path);
  };
  const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isMap(value)) fail([], 'a map with kinds, tables and entities', quote(text.split('\n')[0]));
  for (const key of Object.keys(value)) {
    if (!['kinds', 'tables', 'entities'].includes(key))
      fail([key], 'only kinds, tables and entities at the top', quote(key));
  }
  for (const key of ['kinds', 'tables', 'entities']) {
    if (!isMap(value[key]))
      fail(
        value[key] === undefined ? [] : [key],
        `a "${key}" map`,
        value[key] === undefined ? 'none' : quote(value[key]),
      );
  }

  const kinds = {};
  for (const [k, description] of Object.entries(value.kinds)) {
    if (!ID.test(k)) fail(['kinds', k], 'a kind of lower-case words joined by hyphens', quote(k));
    if (typeof description !== 'string' || !description.trim())
      fail(['kinds', k], `a description of kind ${k}`, 'none');
    kinds[k] = description;
  }
  const knownKinds = () => Object.keys(kinds).join(', ');

  const entities = {};
  const names = new Map();
  for (const [id, e] of Object.entries(value.entities)) {
    const at = ['entities', id];
    if (!ID.test(id)) fail(at, 'an entity id of lower-case words joined by hyphens', quote(id));
    if (!isMap(e)) fail(at, `a map with name, kind and aliases for entity ${id}`, quote(e));
    for (const f of Object.keys(e))
      if (!FIELDS.has(f)) fail([...at, f], `only ${[...FIELDS].join(', ')} in entity ${id}`, quote(f));
    if (typeof e.name !== 'string' || !e.name.trim())
      fail(
        e.name === undefined ? at : [...at, 'name'],
        `a "name" for entity ${id}`,
        e.name === undefined ? 'none' : quote(e.name),
      );
    if (e.kind === undefined) fail(at, `a "kind" for entity ${id} (${knownKinds()})`, 'none');
    if (!kinds[e.kind]) fail([...at, 'kind'], `a kind listed under kinds (${knownKinds()})`, quote(e.kind));
    if (!Array.isArray(e.aliases))
      fail(
        e.aliases === undefined ? at : [...at, 'aliases'],
        `a list of "aliases" for entity ${id}`,
        e.aliases === undefined ? 'none' : quote(e.aliases),
      );
    for (const f of ['homepage', 'repository']) {
      if (e[f] !== undefined && !(typeof e[f] === 'string' && /^https?:\/\/\S+$/.test(e[f])))
        fail([...at, f], `an http(s) URL for ${f}`, quote(e[f]));
    }
    const spellings = [
      { text: id, where: at },
      { text: e.name, where: [...at, 'name'] },
      ...e.aliases.map((a, i) => ({ text: a, where: [...at, 'aliases', i] })),
    ];
    for (const s of spellings) {
      if (typeof s.text !== 'string' || !s.text.trim())
        fail(s.where, 'an alias that is non-empty text', quote(s.text));
      if (s.text.length > MAX_NAME_LENGTH)
        fail(s.where, `a name of at most ${MAX_NAME_LENGTH} characters`, `${quote(s.text)} (${s.text.length} characters)`);
      const key = normaliseName(s.text);
      const owner = names.get(key);
      if (owner && owner !== id) {
        fail(
          s.where,
          `a name no other entity uses`,
          `${quote(s.text)}, already a name of entity ${owner} (line ${entities[owner].line})`,
        );
      }
      names.set(key, id);
    }
    entities[id] = {
      id,
      name: e.name,
      kind: e.kind,
      aliases: [...e.aliases],
      ...(e.homepage ? { homepage: e.homepage } : {}),
      ...(e.repository ? { repository: e.repository } : {}),
      ...(e.version_of !== undefined ? { version_of: e.version_of } : {}),
      line: lineOf(at),
    };
  }

  // version_of: the entity whose version this one's stated version is (httpc ships with Erlang/OTP).
  for (const [id, e] of Object.entries(value.entities))
    if (e.version_of !== undefined && !(typeof e.version_of === 'string' && entities[e.version_of]))
      fail(['entities', id, 'version_of'], 'the id of another entity', quote(e.version_of));

  const tables = {};
  for (const [tk, t] of Object.entries(value.tables)) {
    const at = ['tables', tk];
    if (!ID.test(tk)) fail(at, 'a table kind of lower-case words joined by hyphens', quote(tk));
    if (!isMap(t)) fail(at, `a map with columns and/or measures for table kind ${tk}`, quote(t));
    for (const f of Object.keys(t))
      if (!['columns', 'measures', 'declared'].includes(f))
        fail([...at, f], 'only columns, measures and declared in a table mapping', quote(f));
    if (t.declared !== undefined && t.declared !== true) fail([...at, 'declared'], 'declared: true, or no "declared"', quote(t.declared));
    if (t.measures !== undefined && !entities[t.measures])
      fail([...at, 'measures'], 'an entity id from entities', quote(t.measures));
    const columns = {};
    if (t.columns !== undefined && !isMap(t.columns))
      fail([...at, 'columns'], 'a map of column name -> list of entity kinds', quote(t.columns));
    for (const [col, ks] of Object.entries(t.columns ?? {})) {
      const list = Array.isArray(ks) ? ks : [ks];
      if (!list.length) fail([...at, 'columns', col], `at least one entity kind for column ${col}`, 'none');
      list.forEach((k) => {
        if (!kinds[k]) fail([...at, 'columns', col], `a kind listed under kinds (${knownKinds()})`, quote(k));
      });
      columns[col] = list;
    }
    if (t.measures === undefined && !t.declared && !Object.keys(columns).length && tk !== 'errata' && tk !== 'measurement') {
      fail(at, `columns, measures or declared for table kind ${tk}`, 'none of them');
    }
    tables[tk] = { kind: tk, measures: t.measures ?? null, columns, declared: t.declared === true, line: lineOf(at) };
  }

  return { path, kinds, entities, tables, names };
}

/** Kinds as a list: undefined/null means any, a string one kind, an array several. */
const kindList = (kind) => (kind === undefined || kind === null ? null : Array.isArray(kind) ? kind : [kind]);

/**
 * The entity a name denotes: its id, display name or an alias, matched case-insensitively with
 * white space collapsed. With `kind` (a kind or a list of kinds), an entity of another kind is no match.
 * @param {Registry} registry
 * @param {string} name
 * @param {string|string[]} [kind]
 * @returns {Entity|null}
 */
export function resolve(registry, name, kind) {
  if (name === null || name === undefined) return null;
  const id = registry.names.get(normaliseName(name));
  if (!id) return null;
  const e = registry.entities[id];
  const ks = kindList(kind);
  return ks && !ks.includes(e.kind) ? null : e;
}

/**
 * The entity whose id, name or alias is nearest to `name` (Levenshtein distance on lower-case
 * letters and digits), among entities of `kind` when given. Ties go to the lower entity id.
 * Returns null when nothing is near: more than a third of the longer name would have to change.
 * @param {Registry} registry
 * @param {string} name
 * @param {string|string[]} [kind]
 * @returns {Entity|null}
 */
export function suggest(registry, name, kind) {
  const key = looseKey(name ?? '');
  const ks = kindList(kind);
  let best = null;
  let bestDistance = Infinity;
  for (const [spelling, id] of [...registry.names].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))) {
    const e = registry.entities[id];
    if (ks && !ks.includes(e.kind)) continue;
    const s = looseKey(spelling);
    const d = editDistance(s, key);
    if (d <= Math.floor(Math.max(s.length, key.length) / 3) && d < bestDistance) {
      best = e;
      bestDistance = d;
    }
  }
  return best;
}

/** The spelling to suggest: the alias nearest to what was written (then nearest in case). */
function nearestSpelling(entity, name) {
  const key = looseKey(name);
  const score = (s) => [editDistance(looseKey(s), key), editDistance(s, String(name))];
  const better = (a, b) => {
    const [x, y] = [score(a), score(b)];
    return y[0] < x[0] || (y[0] === x[0] && y[1] < x[1]) ? b : a;
  };
  return [entity.id, ...entity.aliases].reduce(better);
}

/**
 * An InputError for a name that resolves to no entity, with the nearest one as a suggestion:
 * `expected a http-client from seeds/entities.yaml, found "hackny" (did you mean "hackney"?)`.
 * @param {Registry} registry
 * @param {string} name
 * @param {string|string[]} [kind]
 * @param {number} [line]
 * @param {string} [file]
 */
export function unknownEntityError(registry, name, kind, line = 0, file) {
  const ks = kindList(kind);
  const what = ks ? `${ks.join(' or ')} entity` : 'software entity';
  const near = suggest(registry, name, kind);
  const hint = near ? ` (did you mean "${nearestSpelling(near, name)}"?)` : ` (or add it to ${registry.path})`;
  return new InputError(
    line,
    `${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} from ${registry.path}`,
    `${quote(name)}${hint}`,
    file,
  );
}

/**
 * How a table kind names entities, or null when seeds/entities.yaml does not map that kind.
 * @param {Registry} registry
 * @param {string} tableKind
 * @returns {TableMapping|null}
 */
export function tableMapping(registry, tableKind) {
  return Object.hasOwn(registry.tables, tableKind) ? registry.tables[tableKind] : null;
}

/**
 * Every name of the software measured, in every table, resolved to an entity of the kinds its
 * column names (the `tables:` mapping): an unknown name is an error at its seed line that suggests
 * the nearest entity. A table kind the mapping does not list is an error in seeds/entities.yaml.
 * For a kind mapped `declared: true`, the names of the metadata's `software:` list must resolve
 * (an error at their line of the metadata; a `TODO:` placeholder is left to npm run check).
 * @param {ReturnType<typeof readEntities>} registry
 * @param {Record<string, { kind: string, rows: Array<Record<string, any>> }>} tables a report's tables
 * @param {{ software?: Array<{ name: string }>, lineOf?: (p: any[]) => number }} [meta] the report's metadata
 * @param {string} [metaPath]
 */
export function checkEntities(registry, tables, meta, metaPath) {
  for (const t of Object.values(tables)) {
    // The table fallback's rows name their software in the label (the benchmark): a label no entity
    // knows is a benchmark's name, unless it is a typo of a known entity ("Hackneyy"): that is refused.
    if (t.kind === 'measurement') {
      const typos = new Map();
      for (const row of t.rows) if (misspeltEntity(registry, row, typos)) throw unknownEntityError(registry, row.benchmark, undefined, row.line, row.seed);
    }
    const mapping = tableMapping(registry, t.kind);
    if (!mapping) {
      throw new InputError(0, `an entry for the table kind ${t.kind} under "tables:"`, 'none', registry.path);
    }
    if (mapping.declared && meta) {
      const software = meta.software ?? [];
      if (!software.length) {
        throw new InputError(meta.lineOf?.(['software']) ?? 0, `the software the ${t.kind} rows measure, under "software:"`, 'none', metaPath);
      }
      software.forEach((s, i) => {
        if (s.name === '' || resolve(registry, s.name)) return; // '': a placeholder still to fill in (markDraft)
        throw unknownEntityError(registry, s.name, undefined, meta.lineOf?.(['software', i, 'name']) ?? 0, metaPath);
      });
    }
    for (const [column, kinds] of Object.entries(mapping.columns ?? {})) {
      for (const row of t.rows) {
        const name = row[column];
        if (name === null || name === undefined || name === '') continue;
        if (!resolve(registry, name, kinds)) throw unknownEntityError(registry, name, kinds, row.line, row.seed);
      }
    }
  }
}

/** The entity `name` misspells: at most 2 edits, and at most one per 5 letters ("Java processes" is no typo of "JavaScript processes"). */
function typoOf(registry, name) {
  const near = suggest(registry, name);
  if (!near) return null;
  const key = looseKey(name);
  const d = Math.min(...[near.id, near.name, ...near.aliases].map((s) => editDistance(looseKey(s), key)));
  return d <= 2 && d * 5 <= key.length ? near : null;
}

/**
 * The entity a measurement row without a subject names with a typo in its label (the benchmark):
 * a label that resolves to no entity but is one or two letters from one (typoOf). Null for a label that is an entity or
 * a benchmark's own name. `seen` caches the answer per label (a table repeats its labels).
 * @param {Registry} registry
 * @param {{ subject?: string, benchmark?: string }} row
 * @param {Map<string, Entity|null>} [seen]
 * @returns {Entity|null}
 */
export function misspeltEntity(registry, row, seen = new Map()) {
  const name = row.benchmark;
  if (row.subject || typeof name !== 'string' || !name.trim() || name.length > 60) return null;
  if (!seen.has(name)) seen.set(name, resolve(registry, name) ? null : typoOf(registry, name));
  return seen.get(name);
}
