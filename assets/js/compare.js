// The compare view on /compare/: pick a comparison, the entities to show, and how to show the
// values (absolute, percent of the best in the same report and run, per core, per GHz). The state
// lives in the URL (?c=<slug>&entities=a,b&view=percent), so a reload or a shared link shows the
// same thing. Data: the comparison picked, and only it (/data/comparisons/<id>.json, named by its
// option's data-src: the whole atlas is tens of megabytes at a thousand reports). Without
// JavaScript the form stays hidden and the comparison pages listed above it carry every number.
const form = document.querySelector('form.compare-form');
const out = document.querySelector('.compare-out');
const VIEWS = ['absolute', 'percent', 'core', 'ghz'];

/** "1,069,773"; a fraction keeps at most two decimals (as the pages write numbers). */
const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Make an element with text or children. */
function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) node.append(c);
  return node;
}

/** One comparison, fetched once: its option in the select names the file. */
const loaded = new Map();
function comparison(option) {
  if (!loaded.has(option.value))
    loaded.set(
      option.value,
      fetch(option.dataset.src).then((r) => {
        if (!r.ok) throw new Error(`${option.dataset.src}: ${r.status}`);
        return r.json();
      }),
    );
  return loaded.get(option.value);
}

async function readState(select) {
  const q = new URLSearchParams(location.search);
  const option = [...select.options].find((o) => o.value === q.get('c')) ?? select.options[0];
  const c = await comparison(option);
  const ids = new Set(c.rows.map((r) => r.entity));
  const picked = (q.get('entities') ?? '').split(',').filter((e) => ids.has(e));
  const view = VIEWS.includes(q.get('view')) ? q.get('view') : 'absolute';
  return { c, entities: picked.length ? picked : [...ids], view };
}

function writeState({ c, entities, view }) {
  const q = new URLSearchParams({ c: c.slug, entities: entities.join(','), view });
  history.replaceState(null, '', `${location.pathname}?${q.toString().replaceAll('%2C', ',')}`);
}

const conditionsText = (obj) =>
  Object.entries(obj ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** The facts a normalised figure divides by: "÷ 20 (sockets 2 × cores_per_socket 10, line 2)". */
const factsText = (n) =>
  `÷ ${fmt(n.divisor)} (${n.facts.map((f) => `${f.field} ${f.value}`).join(' × ')}, line ${n.facts[0].line})`;

/** The shown figure of one value in a view, with the note that says what it used. */
function shown(v, view, best) {
  if (typeof v.value !== 'number') return { text: 'none', note: v.reason ?? '' };
  if (view === 'absolute') return { text: fmt(v.value), note: '' };
  if (view === 'percent') return { text: `${fmt((100 * v.value) / best)} %`, note: `of ${fmt(best)}` };
  const n = view === 'core' ? v.per_core : v.per_ghz;
  if (!n) return { text: 'n/a', note: `the report states no ${view === 'core' ? 'core count' : 'clock'}` };
  return { text: fmt(n.value), note: factsText(n) };
}

function renderChecks(state) {
  const box = form.querySelector('.compare-checks');
  box.replaceChildren();
  const seen = new Map(state.c.rows.map((r) => [r.entity, r.entity_name]));
  for (const [id, name] of seen) {
    const input = el('input', { type: 'checkbox', name: 'entities', value: id, checked: state.entities.includes(id) });
    box.append(el('label', {}, input, ` ${name}`));
  }
}

function renderTable(state) {
  const { c, view } = state;
  const better = c.metric.better === 'lower' ? Math.min : Math.max;
  const rows = c.rows.filter((r) => state.entities.includes(r.entity));
  // Percent of the best: the best shown value in the same report and run (column).
  const best = new Map(
    c.columns.map((col) => {
      const vals = rows.flatMap((r) => r.values.filter((v) => v.column === col.key && typeof v.value === 'number'));
      return [col.key, vals.length ? better(...vals.map((v) => v.value)) : null];
    }),
  );
  const what = {
    absolute: `${c.metric.title}`,
    percent: 'Percent of the best',
    core: `${c.metric.title} per core`,
    ghz: `${c.metric.title} per GHz`,
  }[view];
  const head = el(
    'tr',
    {},
    ...['Entity', 'Conditions', 'Report', what, 'Computed from', 'Source'].map((t, i) =>
      el('th', { scope: 'col', className: i >= 3 && i !== 4 ? 'num' : '' }, t),
    ),
  );
  const body = el('tbody');
  for (const r of rows) {
    for (const v of r.values) {
      const col = c.columns.find((x) => x.key === v.column);
      const s = shown(v, view, best.get(v.column));
      const source = v.line
        ? el(
            'a',
            { href: `${form.dataset.base}seeds/${col.report}/#L${v.line}`, className: 'seed-link' },
            `line ${v.line}`,
          )
        : '';
      body.append(
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, r.entity_name),
          el('td', {}, conditionsText({ ...r.conditions, ...v.conditions, ...v.with })),
          el('td', {}, col.label),
          el('td', { className: 'num' }, s.text),
          el('td', {}, s.note),
          el('td', { className: 'num' }, source),
        ),
      );
    }
  }
  const title = el('h3', { id: 'compare-result' }, c.title);
  const caution = el('p', { className: 'caution' }, c.what_differs.summary);
  const about = el(
    'p',
    {},
    {
      absolute: `${c.metric.title}, as each report states it.`,
      percent: `Each value as a percent of the best shown value in the same report and run (${c.metric.better} is better).`,
      core: 'Each value divided by the machine\'s cores; "computed from" names the facts and their line.',
      ghz: 'Each value divided by the machine\'s clock; "computed from" names the fact and its line.',
    }[view],
  );
  const link = el(
    'p',
    {},
    el('a', { href: `${form.dataset.base}compare/${c.slug}/` }, 'The comparison page'),
    ' has every source and what differs, fact by fact.',
  );
  const table = el(
    'table',
    {},
    el('caption', { className: 'visually-hidden' }, `${c.title}: ${what}`),
    el('thead', {}, head),
    body,
  );
  const scroll = el('div', { className: 'table-scroll', tabIndex: 0, role: 'region' }, table);
  scroll.setAttribute('aria-labelledby', 'compare-result');
  out.replaceChildren(title, caution, about, scroll, link);
}

async function main() {
  if (!form || !out) return;
  const select = form.querySelector('select[name="c"]');
  if (!select?.options.length) return;
  let state = await readState(select);
  const render = () => {
    select.value = state.c.slug;
    for (const r of form.querySelectorAll('input[name="view"]')) r.checked = r.value === state.view;
    renderChecks(state);
    renderTable(state);
    writeState(state);
  };
  select.addEventListener('change', async () => {
    const c = await comparison(select.selectedOptions[0]);
    if (c.slug !== select.value) return; // another comparison was picked meanwhile
    state = { ...state, c, entities: [...new Set(c.rows.map((r) => r.entity))] };
    render();
  });
  form.addEventListener('change', (e) => {
    if (e.target.name === 'view') state = { ...state, view: e.target.value };
    else if (e.target.name === 'entities')
      state = {
        ...state,
        entities: [...form.querySelectorAll('input[name="entities"]:checked')].map((i) => i.value),
      };
    else return;
    renderTable(state);
    writeState(state);
  });
  form.addEventListener('submit', (e) => e.preventDefault());
  document.querySelector('.compare-nojs')?.setAttribute('hidden', '');
  form.hidden = false;
  render();
}

main();
