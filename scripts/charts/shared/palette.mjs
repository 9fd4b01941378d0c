// Colours that identify. One palette of eight colours for every chart of the site, each with at
// least 3:1 contrast against both chart backgrounds (white, and the dark theme's #16181d: measured
// in palette.test.mjs), picked to stay apart under protanopia, deuteranopia and tritanopia
// (simulated: every pair at least 14 CIELAB units apart in the worst of the four visions).
//
// Every software entity of seeds/entities.yaml that charts colour (languages, HTTP clients,
// servers) has one style, the same on every chart and every report: a colour, and for the entities
// past the eighth of a family, the same colours again with a second shape (points) and dash (lines).
// The order below puts the entities most often charted together first (the CloudI 1.x languages,
// the eight clients of httpc_bench), so they differ by colour alone; palette.test.mjs checks that
// it lists exactly the entities of each kind in data/atlas/entities.json, and that every alias there
// resolves to its entity. A chart that shows two entities of one colour (or one entity twice, as
// CloudI 2.0's Python2 and Python3) adds the shape channel (entityStyles); the build refuses a chart
// whose legend has two entries drawn alike (check/legends.mjs).

/** The palette, in order of assignment. Contrast against #ffffff / #16181d in the comments. */
export const PALETTE = [
  '#0072B2', // blue (Okabe-Ito)          5.19 / 3.42
  '#D55E00', // vermillion (Okabe-Ito)    3.87 / 4.59
  '#009E73', // bluish green (Okabe-Ito)  3.42 / 5.19
  '#8F3FF0', // violet                    5.08 / 3.50
  '#E0245E', // crimson                   4.58 / 3.88
  '#9A7AF0', // lavender                  3.27 / 5.43
  '#7A6A8A', // slate                     4.93 / 3.60
  '#C800B0', // magenta                   5.14 / 3.45
];
const [blue, vermillion, green] = PALETTE;

/** A neutral grey for reference series (an upper bound, an ideal line), readable on both themes. */
export const GREY = '#8C8C8C';

/** Point shapes and line dashes of the second, third ... round of the palette. */
export const SHAPES = ['circle', 'square', 'triangle-up', 'diamond'];
export const DASHES = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
];

/**
 * Entities by the namespace a chart colours them in, most often charted together first. Each entry
 * is an entity id of seeds/entities.yaml and its spellings in data/ (matched without regard to case).
 */
export const FAMILIES = {
  language: [
    ['c', 'C'],
    ['erlang', 'Erlang', 'Erlang/OTP'],
    ['java', 'Java', 'Java OpenJDK', 'OpenJDK'],
    ['python', 'Python', 'Python/C', 'Python2', 'Python3'],
    ['go', 'Go', 'Go (go gc)', 'golang'],
    ['ruby', 'Ruby'],
    ['javascript', 'JavaScript', 'Javascript', 'NodeJS', 'Node.js', 'JavaScript (Node.js)'],
    ['haskell', 'Haskell', 'GHC'],
    ['ats2', 'ATS2', 'ATS2/Postiats', 'ATS'],
    ['ocaml', 'OCaml'],
    ['perl', 'Perl'],
    ['php', 'PHP'],
    ['rust', 'Rust', 'rustc'],
  ],
  client: [
    ['machine-gun', 'MachineGun', 'machine_gun'],
    ['mojito', 'Mojito'],
    ['hackney', 'hackney'],
    ['ibrowse', 'ibrowse'],
    ['httpc', 'httpc', 'httpc (OTP inets)'],
    // Mint's few points stand apart: it takes the lavender, so that Buoy's cluster, beside
    // ibrowse's (violet) on the Mojito scatter plots, is magenta.
    ['mint', 'Mint'],
    ['dlhttpc', 'dlhttpc'],
    ['buoy', 'buoy'],
    ['katipo', 'katipo'],
  ],
  server: [
    ['darner', 'Darner'],
    ['kestrel', 'Kestrel'],
    ['memcache', 'memcache', 'memcached'],
  ],
  'http-server': [
    ['nginz', 'nginz'],
    ['solon', 'Solon'],
    ['jetty', 'Jetty', 'Eclipse Jetty'],
  ],
};

/** The style of each entity: its place in its family's order, round after round of the palette. */
const STYLES = new Map();
const ENTITY_OF = new Map();
for (const [namespace, entities] of Object.entries(FAMILIES)) {
  entities.forEach(([id, ...names], i) => {
    const round = Math.floor(i / PALETTE.length);
    STYLES.set(`${namespace}:${id}`, {
      id,
      color: PALETTE[i % PALETTE.length],
      shape: SHAPES[round % SHAPES.length],
      dash: DASHES[round % DASHES.length],
    });
    for (const n of [id, ...names]) ENTITY_OF.set(`${namespace}:${norm(n)}`, id);
  });
}

function norm(name) {
  return String(name).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The entity id a name resolves to in a namespace, or undefined. */
export function entityOf(namespace, name) {
  return ENTITY_OF.get(`${namespace}:${norm(name)}`);
}

/** The style {id, color, shape, dash} of the entity a name resolves to, or undefined. */
export function entityStyle(namespace, name) {
  const id = entityOf(namespace, name);
  return id ? STYLES.get(`${namespace}:${id}`) : undefined;
}

// Conditions (not entities): a few fixed colours, so that "threads" is blue on every chart.
const FIXED = {
  receiver_kind: { threads: blue, processes: vermillion, internal: green },
  duo_mode: { false: vermillion, true: blue },
  queue_service: { false: blue, true: vermillion },
};

/** The colour of one name in a namespace, or undefined when it has no fixed colour. */
export function fixedColor(namespace, name) {
  const style = entityStyle(namespace, name);
  if (style) return style.color;
  const map = FIXED[namespace] ?? {};
  const key = String(name);
  if (key in map) return map[key];
  const lower = key.toLowerCase();
  const hit = Object.keys(map).find((k) => k.toLowerCase() === lower);
  return hit ? map[hit] : undefined;
}

/**
 * Styles for the names of one chart (in legend order): each entity its own colour, shape and dash;
 * a name twice of one style in this chart (two spellings of an entity, Python2 and Python3) takes
 * the next shape and dash of its colour; names without a style take the palette colours the chart
 * has left, then further rounds with the next shape. `needsShape` says whether colour alone leaves
 * two names alike (the chart must then encode shape, or dash for lines, with the same field).
 * @param {string} namespace
 * @param {Array<string|boolean>} names
 * @param {(name: any) => string} [keyOf] maps a domain value to the name that has the style
 */
export function entityStyles(namespace, names, keyOf = (n) => n) {
  const taken = new Set();
  const key = (c, round) => `${c}|${round}`;
  const styles = names.map((n) => {
    const s = entityStyle(namespace, keyOf(n)) ?? fixedStyle(namespace, keyOf(n));
    if (!s) return undefined;
    let round = SHAPES.indexOf(s.shape);
    while (taken.has(key(s.color, round))) round++;
    taken.add(key(s.color, round));
    return { color: s.color, round };
  });
  // Names without a style: the colours this chart has not used, then the next rounds.
  const given = new Map();
  for (let i = 0; i < names.length; i++) {
    if (styles[i]) continue;
    const k = String(keyOf(names[i]));
    if (given.has(k)) {
      styles[i] = given.get(k);
      continue;
    }
    let pick;
    for (let round = 0; !pick; round++)
      for (const c of PALETTE)
        if (!taken.has(key(c, round))) {
          pick = { color: c, round };
          break;
        }
    taken.add(key(pick.color, pick.round));
    given.set(k, pick);
    styles[i] = pick;
  }
  const needsShape = styles.some((s) => s.round > 0);
  return {
    color: { domain: names, range: styles.map((s) => s.color) },
    shape: { domain: names, range: styles.map((s) => SHAPES[s.round % SHAPES.length]) },
    dash: { domain: names, range: styles.map((s) => DASHES[s.round % DASHES.length]) },
    needsShape,
  };
}

function fixedStyle(namespace, name) {
  const map = FIXED[namespace];
  if (!map) return undefined;
  const c = fixedColor(namespace, name);
  return c ? { color: c, shape: SHAPES[0] } : undefined;
}

/**
 * A Vega-Lite colour scale for the given names (in legend order): see entityStyles. A chart that
 * uses the colour scale alone must not need the shape (the legend check refuses it).
 */
export function colorScale(namespace, names, keyOf = (n) => n) {
  return entityStyles(namespace, names, keyOf).color;
}
