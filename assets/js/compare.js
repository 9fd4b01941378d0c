// The compare view on /compare/: a reader picks a measure (metric, statistic, unit), any reports and
// entities that have it, a base and how to show the values (absolute, percent of the best, per core,
// per GHz); the view draws bars (the base marked) and a table with the ratio and the difference to
// the base, and says whether a difference is outside both values' spread. Data: one small index
// (/data/compare-index.json, scripts/views/compare-index.mjs: each report's best value per entity
// and measure, with its seed line, spread and conditions, and the machine facts to divide by),
// never the tables. The state lives in the URL (?m=&r=&e=&base=&view=): each change is a history
// entry, back and forward restore it, a shared link opens the same view. Without JavaScript the form
// stays hidden and the comparison pages listed above it carry every number.
const form = document.querySelector('form.compare-form');
const out = document.querySelector('.compare-out');
const status = document.querySelector('.compare-status');
const VIEWS = ['absolute', 'percent', 'core', 'ghz'];

/** "1,069,773"; a fraction keeps at most two decimals (three significant digits below 1). */
const fmt = (n) =>
  n.toLocaleString(
    'en-US',
    Math.abs(n) < 1 && n !== 0 ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 },
  );
/** A ratio with the digits that tell it from 1: 0.637, 1.00048 (never "1" for a value that differs). */
function ratioText(r) {
  const off = Math.abs(r - 1);
  if (r === 1 || off >= 0.01) return fmt(r);
  return r.toLocaleString('en-US', { maximumSignificantDigits: 2 + Math.ceil(-Math.log10(off)) });
}
const signed = (n) => (n > 0 ? '+' : n < 0 ? '−' : '±') + fmt(Math.abs(n));

/** Make an element with properties and children. */
function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) if (c !== null && c !== undefined && c !== '') node.append(c);
  return node;
}

const title = (m) =>
  m.name ?? `${m.metric[0].toUpperCase()}${m.metric.slice(1).replaceAll('_', ' ')}, ${m.statistic} (${m.unit})`;

/**
 * What differs between the picked values, in plain words, or [] when nothing stated differs: the
 * machine (platform), the conditions of each value's row, and the statistic (a value the report
 * gives with no statistic, read as the one its family implies).
 */
function differences(picked, reports, m) {
  const vals = picked.filter((p) => p.v);
  const out = [];
  const names = [...new Set(vals.map((p) => reports.get(p.slug).platform || 'an unstated machine'))];
  if (names.length > 1) out.push(`they ran on different machines (${names.join(' vs ')})`);
  const keys = [...new Set(vals.flatMap((p) => Object.keys(p.v.cond ?? {})))].sort();
  const differ = keys.filter((k) => new Set(vals.map((p) => JSON.stringify(p.v.cond?.[k] ?? null))).size > 1);
  if (differ.length)
    out.push(
      `under different conditions (${differ
        .map(
          (k) =>
            `${k.replaceAll('_', ' ')}: ${[...new Set(vals.map((p) => p.v.cond?.[k] ?? 'not stated'))].join(' vs ')}`,
        )
        .join('; ')})`,
    );
  const stated = vals.filter((p) => p.v.st);
  if (stated.length && stated.length < vals.length)
    out.push(
      `with different statistics: ${[...new Set(stated.map((p) => reports.get(p.slug).short))].join(', ')} state${stated.length === 1 ? 's' : ''} a value with no statistic, read here as the ${m.statistic} (${stated[0].v.why})`,
    );
  return out;
}
const csv = (q, name) => (q.get(name) ?? '').split(',').filter(Boolean);

/** The state a URL names, completed and corrected against the index (unknown names dropped). */
function stateOf(index, search) {
  const q = new URLSearchParams(search);
  const m = index.measures.find((x) => x.key === q.get('m')) ?? index.measures[0];
  const has = reportsOf(index, m);
  let r = csv(q, 'r').filter((s) => has.includes(s));
  if (!r.length) r = defaultReports(m, has);
  const avail = entitiesOf(m, r);
  let e = csv(q, 'e').filter((x) => avail.includes(x));
  if (!e.length) e = defaultEntities(m, r);
  const bases = baseOptions(m, r, e).map(([value]) => value);
  const base = bases.includes(q.get('base')) ? q.get('base') : bases[0];
  const view = VIEWS.includes(q.get('view')) ? q.get('view') : 'absolute';
  return { m, r, e, base, view };
}

/**
 * The bases a reader can pick: a report (each entity against its value there), an entity (each
 * report against its value) or one value (everything against it), as [value, text, group].
 */
function baseOptions(m, r, e, short = (x) => x, name = (x) => x) {
  return [
    ...r.map((slug) => [`r:${slug}`, `${short(slug)}: each entity`, 'A report']),
    ...e.map((x) => [`e:${x}`, `${name(x)}: each report`, 'An entity']),
    ...e.flatMap((x) =>
      r
        .filter((slug) => m.values[x]?.[slug])
        .map((slug) => [`v:${x}@${slug}`, `${name(x)} in ${short(slug)}`, 'One value']),
    ),
  ];
}

const search = (s) =>
  '?' +
  new URLSearchParams({ m: s.m.key, r: s.r.join(','), e: s.e.join(','), base: s.base, view: s.view })
    .toString()
    .replaceAll('%2C', ',')
    .replaceAll('%3A', ':')
    .replaceAll('%2F', '/');

/** Reports that have a measure, in the index's order (by date). */
const reportsOf = (index, m) =>
  index.reports.map((r) => r.slug).filter((s) => Object.values(m.values).some((v) => v[s]));
const entitiesOf = (m, r) => Object.keys(m.values).filter((e) => r.some((s) => m.values[e][s]));

/** The two reports sharing the most entities (the newer pair on a tie), else the one report. */
function defaultReports(m, has) {
  let best = has.slice(0, 1);
  let most = 0;
  for (let i = 0; i < has.length; i++)
    for (let j = i + 1; j < has.length; j++) {
      const n = Object.values(m.values).filter((v) => v[has[i]] && v[has[j]]).length;
      if (n >= most && n > 0) [best, most] = [[has[i], has[j]], n];
    }
  return best;
}
/** The entities every picked report has, else those any of them has. */
function defaultEntities(m, r) {
  const all = Object.keys(m.values).filter((e) => r.every((s) => m.values[e][s]));
  return all.length ? all : entitiesOf(m, r);
}

/** The shown figure of a value in a view, with its spread interval in the same terms. */
function shown(v, report, view, best) {
  if (!v) return null;
  const div = view === 'core' ? report.core : view === 'ghz' ? report.ghz : null;
  if ((view === 'core' || view === 'ghz') && !div) return { missing: true };
  const k = view === 'percent' ? 100 / best : div ? 1 / div.divisor : 1;
  return { x: v.v * k, lo: v.lo === undefined ? null : v.lo * k, hi: v.hi === undefined ? null : v.hi * k };
}

const spreadText = (v, unit) =>
  v.sk === 'runs'
    ? `${v.n} runs, ${fmt(v.lo)} to ${fmt(v.hi)} ${unit}`
    : v.sk === 'range'
      ? `${fmt(v.lo)} to ${fmt(v.hi)} ${unit}`
      : `± ${fmt(v.s)} ${unit} (${v.sk})`;

function render(index, s) {
  const { m, view } = s;
  const reports = new Map(index.reports.map((r) => [r.slug, r]));
  const unit = { absolute: m.unit, percent: '% of the best', core: `${m.unit} per core`, ghz: `${m.unit} per GHz` }[
    view
  ];
  const diffUnit = view === 'percent' ? 'points' : unit;
  const better = m.better === 'lower' ? Math.min : Math.max;
  const picked = s.e.flatMap((e) => s.r.map((slug) => ({ e, slug, v: m.values[e]?.[slug] })));
  const best = better(...picked.filter((p) => p.v).map((p) => p.v.v));
  for (const p of picked) p.f = shown(p.v, reports.get(p.slug), view, best);
  const [kind, id] = [s.base.slice(0, 1), s.base.slice(2)];
  const [ve, vslug] = id.split('@');
  const baseOf = (p) =>
    picked.find((b) =>
      kind === 'r'
        ? b.e === p.e && b.slug === id
        : kind === 'e'
          ? b.slug === p.slug && b.e === id
          : b.e === ve && b.slug === vslug,
    );
  const isBase = (p) => (kind === 'r' ? p.slug === id : kind === 'e' ? p.e === id : p.e === ve && p.slug === vslug);
  const name = (e) => index.entities[e] ?? e;
  const rname = (slug) => reports.get(slug).short;
  const baseName = kind === 'r' ? rname(id) : kind === 'e' ? name(id) : `${name(ve)} in ${rname(vslug)}`;

  // The chart: one bar per entity and report, grouped by entity, the base marked.
  const max = Math.max(...picked.filter((p) => p.f?.x !== undefined).map((p) => p.f.x), 0);
  const groups = s.e.map((e) =>
    el(
      'li',
      { className: 'cmp-group' },
      el('span', { className: 'cmp-entity' }, name(e)),
      el(
        'ul',
        {},
        ...picked
          .filter((p) => p.e === e)
          .map((p) => {
            const w = p.f?.x !== undefined && max > 0 ? p.f.x / max : 0;
            const bar = el('span', { className: 'cmp-bar' });
            bar.style.setProperty('--f', w.toFixed(4));
            const text = !p.v ? 'no value' : p.f.missing ? 'no machine facts' : `${fmt(p.f.x)}`;
            return el(
              'li',
              { className: isBase(p) ? 'cmp-row cmp-base' : 'cmp-row' },
              el(
                'span',
                { className: 'cmp-label' },
                reports.get(p.slug).short,
                isBase(p) ? el('b', {}, ' · base') : '',
              ),
              el('span', { className: 'cmp-track' }, bar, el('span', { className: 'cmp-value' }, text)),
            );
          }),
      ),
    ),
  );
  const chart = el(
    'figure',
    { className: 'cmp-chart' },
    el(
      'figcaption',
      {},
      `${title(m)}${view === 'absolute' ? '' : `, ${unit}`}: ${m.better} is better. Bars from zero; the base (${baseName}) is outlined. The table below has every value.`,
    ),
    el('ul', { className: 'cmp-bars' }, ...groups),
  );
  chart.lastChild.setAttribute('aria-hidden', 'true');

  // What differs, said above the ratio; every ratio across unlike results is marked.
  const unlike = differences(picked, reports, m);
  const warning = unlike.length
    ? el(
        'p',
        { className: 'cmp-warning', role: 'note' },
        el('strong', {}, 'Not like with like: '),
        `these results differ: ${unlike.join('; ')}. A ratio between them mixes these differences with the software's; ratios are marked “unlike”.`,
      )
    : '';

  // The table: value, ratio and difference to the base, spread, conditions, source.
  const head = [
    'Entity and report',

    `Value (${unit})`,
    'Ratio to base',
    `Difference (${diffUnit})`,
    'Outside the spread?',
    'Conditions',
    'Source',
  ];
  const body = el('tbody');
  let outside = 0;
  for (const p of picked) {
    if (!p.v) continue;
    const r = reports.get(p.slug);
    const b = baseOf(p);
    let ratio = '';
    let diff = '';
    let spread = '';
    if (p.f.missing)
      ratio = diff = view === 'core' ? (r.no_core ?? 'the report states no core count') : 'the report states no clock';
    else if (isBase(p)) ratio = diff = 'base';
    else if (!b?.f || b.f.missing) ratio = diff = 'no base value';
    else {
      ratio = b.f.x === 0 ? 'n/a' : `${ratioText(p.f.x / b.f.x)}×${unlike.length ? ' (unlike)' : ''}`;
      diff = signed(p.f.x - b.f.x);
      if (p.f.lo !== null && b.f.lo !== null) {
        const apart = p.f.lo > b.f.hi || p.f.hi < b.f.lo;
        spread = apart ? 'yes: the ranges do not overlap' : 'no: within the spread';
        if (apart) outside++;
      } else spread = 'not known: no spread stated for both';
    }
    const note = [];
    if (p.v.lo !== undefined) note.push(`spread ${spreadText(p.v, m.unit)}`);
    if ((view === 'core' || view === 'ghz') && !p.f.missing) {
      const d = view === 'core' ? r.core : r.ghz;
      note.push(`÷ ${fmt(d.divisor)} (${d.facts}, line ${d.line})`);
    }
    const cond = Object.entries(p.v.cond ?? {}).map(([k, x]) => `${k.replaceAll('_', ' ')} ${x}`);
    const source = p.v.seed
      ? p.v.seed
      : el('a', { href: `${form.dataset.base}seeds/${p.slug}/#L${p.v.line}` }, `line ${p.v.line}`);
    body.append(
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, name(p.e), el('span', { className: 'cmp-report', title: r.title }, r.short)),
        el('td', { className: 'num' }, p.f.missing ? 'n/a' : fmt(p.f.x)),
        el('td', { className: 'num' }, ratio),
        el('td', { className: 'num' }, diff),
        el('td', { className: 'cmp-spread' }, spread),
        el('td', { className: 'cmp-cond' }, [p.v.b, p.v.section, ...cond, ...note, r.note].filter(Boolean).join('; ')),
        el('td', {}, source),
      ),
    );
  }
  const table = el(
    'table',
    {},
    el('caption', {}, `${title(m)}: each value against the base, ${baseName}`),
    el('thead', {}, el('tr', {}, ...head.map((t) => el('th', { scope: 'col' }, t)))),
    body,
  );
  const scroll = el('div', { className: 'table-scroll cmp-table', tabIndex: 0, role: 'region' }, table);
  scroll.setAttribute('aria-label', 'Compared values');

  // The generated comparison pages of these reports (the no-JS path): those that share two of them.
  const pages = [...document.querySelectorAll('.compare-pages li')].filter(
    (li) => li.dataset.reports.split(' ').filter((x) => s.r.includes(x)).length >= 2,
  );
  const links = pages.length
    ? el(
        'p',
        {},
        'Comparison pages of these reports, with what differs between the runs fact by fact: ',
        ...pages.flatMap((li, i) => [i ? '; ' : '', li.firstElementChild.cloneNode(true)]),
        '.',
      )
    : el('p', {}, 'No generated comparison page sets these reports side by side; the list above has every one.');
  out.replaceChildren(...[warning, chart, scroll, links].filter(Boolean));
  const values = body.rows.length;
  status.textContent =
    `${values} value${values === 1 ? '' : 's'} of ${title(m)} for ${s.e.length} entit${s.e.length === 1 ? 'y' : 'ies'} in ` +
    `${s.r.length} report${s.r.length === 1 ? '' : 's'}, against ${baseName}; ` +
    `${outside} difference${outside === 1 ? '' : 's'} outside both values' spread.`;
}

/** The controls, drawn for a state (the options depend on the measure and reports picked). */
function drawControls(index, s) {
  const select = form.elements.m;
  if (!select.options.length)
    for (const m of index.measures)
      select.append(new Option(`${title(m)}: ${m.reports} report${m.reports === 1 ? '' : 's'}`, m.key));
  select.value = s.m.key;
  const checks = (box, name, items) =>
    box.replaceChildren(
      ...items.map(([value, text, checked]) =>
        el('label', {}, el('input', { type: 'checkbox', name, value, checked }), ` ${text}`),
      ),
    );
  const reports = new Map(index.reports.map((r) => [r.slug, r]));
  checks(
    form.querySelector('.compare-reports .compare-checks'),
    'r',
    reportsOf(index, s.m).map((slug) => [
      slug,
      `${reports.get(slug).title} (${reports.get(slug).date})`,
      s.r.includes(slug),
    ]),
  );
  checks(
    form.querySelector('.compare-entities .compare-checks'),
    'e',
    entitiesOf(s.m, s.r).map((e) => [e, index.entities[e] ?? e, s.e.includes(e)]),
  );
  const groups = new Map();
  for (const [value, text, group] of baseOptions(
    s.m,
    s.r,
    s.e,
    (slug) => reports.get(slug).short,
    (e) => index.entities[e] ?? e,
  )) {
    if (!groups.has(group)) groups.set(group, el('optgroup', { label: group }));
    groups.get(group).append(new Option(text, value));
  }
  form.elements.base.replaceChildren(...groups.values());
  form.elements.base.value = s.base;
  for (const r of form.querySelectorAll('input[name="view"]')) r.checked = r.value === s.view;
}

async function main() {
  if (!form || !out) return;
  const res = await fetch(form.dataset.index);
  if (!res.ok) return;
  const index = await res.json();
  if (!index.measures.length) return;
  let state = stateOf(index, location.search);
  const show = () => {
    drawControls(index, state);
    render(index, state);
  };
  // A reader's change: read the form, correct it, show it, and make it a history entry.
  form.addEventListener('change', (ev) => {
    const q = new URLSearchParams(search(state));
    const t = ev.target;
    const picked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((i) => i.value);
    if (t.name === 'm') {
      q.set('m', t.value);
      q.set('base', '');
    } else if (t.name === 'r' || t.name === 'e') q.set(t.name, picked(t.name).join(','));
    else if (t.name === 'base' || t.name === 'view') q.set(t.name, t.value);
    else return;
    state = stateOf(index, `?${q}`);
    history.pushState(null, '', search(state));
    show();
  });
  // The results already follow every change: the button takes the reader to them.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    out.querySelector('.cmp-table')?.focus();
  });
  addEventListener('popstate', () => {
    state = stateOf(index, location.search);
    show();
  });
  document.querySelector('.compare-nojs')?.setAttribute('hidden', '');
  form.hidden = false;
  history.replaceState(null, '', search(state));
  show();
}

main();
