// Colours: the Okabe-Ito palette (safe for the common colour-vision deficiencies), with a fixed
// colour per server, language, client and receiver kind, so a name keeps its colour on every chart
// and every report (matched without regard to case: one report writes "Buoy", another "buoy").
// Names not listed here take the palette colours the chart has left, in order.

export const OKABE_ITO = [
  '#E69F00', // orange
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#0072B2', // blue
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#000000', // black (recoloured on the dark theme: see theme.mjs)
];
const [orange, skyBlue, green, yellow, blue, vermillion, purple, black] = OKABE_ITO;

/** A neutral grey for reference series (an upper bound, an ideal line), readable on both themes. */
export const GREY = '#8C8C8C';

const FIXED = {
  server: { darner: blue, kestrel: vermillion, memcache: GREY },
  language: {
    Erlang: vermillion,
    C: blue,
    Java: orange,
    Python: green,
    Go: skyBlue,
    Ruby: purple,
    Javascript: yellow,
    Haskell: black,
  },
  client: {
    MachineGun: blue,
    Mojito: vermillion,
    Hackney: green,
    Ibrowse: purple,
    Httpc: skyBlue,
    Buoy: orange,
    Dlhttpc: black,
    Mint: yellow,
  },
  receiver_kind: { threads: blue, processes: orange, internal: green },
  duo_mode: { false: orange, true: blue },
  queue_service: { false: blue, true: vermillion },
};

/** The colour of one name in a namespace, or undefined when it has no fixed colour. */
export function fixedColor(namespace, name) {
  const map = FIXED[namespace] ?? {};
  const key = String(name);
  if (key in map) return map[key];
  const lower = key.toLowerCase();
  const hit = Object.keys(map).find((k) => k.toLowerCase() === lower);
  return hit ? map[hit] : undefined;
}

/**
 * A Vega-Lite colour scale for the given names (in legend order): fixed colours first, then the
 * unused palette colours for the other names, in order, then round again.
 * @param {string} namespace one of server, language, client, receiver_kind, duo_mode, queue_service
 * @param {Array<string|boolean>} names
 * @param {(name: string) => string} [keyOf] maps a domain value to the name that has the colour
 */
export function colorScale(namespace, names, keyOf = (n) => n) {
  const used = new Set(names.map((n) => fixedColor(namespace, keyOf(n))).filter(Boolean));
  const spare = OKABE_ITO.filter((c) => !used.has(c));
  const pool = spare.length ? spare : OKABE_ITO;
  let next = 0;
  const given = new Map();
  const range = names.map((n) => {
    const key = keyOf(n);
    const fixed = fixedColor(namespace, key);
    if (fixed) return fixed;
    if (!given.has(key)) given.set(key, pool[next++ % pool.length]);
    return given.get(key);
  });
  return { domain: names, range };
}
