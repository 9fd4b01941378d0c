// Bench Atlas page script: progressive enhancement only. Without it every chart is still shown
// (as build-time SVG), every table complete, every control a link to the data.
//  - charts become interactive (tooltips, controls) when they come near the viewport or are used
//    (on an embed page: when used only);
//  - control state lives in the URL (?max_error=5) and is restored from it;
//  - share snippets get absolute URLs for this origin and copy buttons;
//  - data tables can be sorted, and big ones filtered by the reader (a chart's controls change only
//    the chart, and the text that describes them); on a phone a table keeps the columns that
//    identify a row and hold its value (th[data-key]) and shows the others on "Show all columns".
import * as params from '@params';
import { checkSignals, readSignal } from './url-signals.js';

document.documentElement.classList.add('js');

let runtime;
const loadRuntime = () => (runtime ??= import(params.runtime));

// ---------- Charts ----------
const urlState = new URLSearchParams(location.search);

function initialSignals(fig) {
  const names = (fig.dataset.controls || '').split(' ').filter(Boolean);
  const out = {};
  for (const n of names) {
    if (!urlState.has(n)) continue;
    out[n] = readSignal(urlState.get(n));
  }
  return out;
}

// A chart has two drawings, wide and narrow (for a column about 300 px wide); the frame's width
// picks one, as the stylesheet's container query does for the build-time SVGs. The width comes from
// the chart stage (scripts/charts/shared/layouts.mjs, NARROW_BELOW, through charts.json).
function layoutOf(frame) {
  const cs = getComputedStyle(frame);
  const width = frame.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return width < params.narrowBelow ? 'narrow' : 'wide';
}

async function draw(fig, signals) {
  const frame = fig.querySelector('.chart-frame');
  const layout = layoutOf(frame);
  const url = layout === 'narrow' ? fig.dataset.specNarrow : fig.dataset.spec;
  const [{ mount, yieldToMain }, spec] = await Promise.all([loadRuntime(), fetch(url).then((r) => r.json())]);
  await yieldToMain();
  fig.view?.finalize();
  // The controls shown before the chart went live (controlsBefore): their values, and the focus.
  const focused = fig.bind?.contains(document.activeElement) ? document.activeElement.name : null;
  for (const input of fig.bind?.querySelectorAll('input[data-before]') ?? [])
    if (input.dataset.moved !== undefined || !(input.name in signals)) signals[input.name] = Number(input.value);
  fig.bind?.replaceChildren();
  // Values from the address outside a control's range fall back to its default, and a note says so.
  const { values, notes } = checkSignals(signals, spec);
  let note = fig.querySelector('.control-note');
  if (notes.length && !note) {
    note = document.createElement('p');
    note.className = 'control-note';
    note.setAttribute('role', 'status');
    frame.after(note);
  }
  if (note) note.textContent = notes.join(' ');
  const view = await mount(frame, spec, fig.bind, values);
  fig.dataset.layout = layout;
  if (focused) (fig.bind.querySelector(`input[name="${focused}"]`) ?? fig.bind.querySelector('input'))?.focus();
  // Give the SVG the chart's accessible name and description.
  const svg = frame.querySelector('svg');
  if (svg) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-labelledby', `${fig.dataset.chart}-title`);
    svg.setAttribute('aria-describedby', `${fig.dataset.chart}-desc`);
  }
  for (const name of controlsOf(fig)) {
    const signal = spec.signals?.find((x) => x.name === name);
    view.addSignalListener(name, (_, value) => {
      const url = new URL(location.href);
      url.searchParams.set(name, String(value));
      history.replaceState(null, '', url);
      describe(fig, name, signal, value);
    });
    describe(fig, name, signal, view.signal(name));
  }
  fig.view = view;
}

/**
 * Text that describes a control follows it: the first mention of the control's starting value in
 * the chart's description ("with at most 1 % errors") is the phrase that names its setting, and it
 * shows the value the reader chose (announced politely). Sentences that name their own value ("With
 * at most 1 % errors, MachineGun was fastest") stay true as written. The chart changes only itself:
 * no table below it is filtered unless the reader uses that table's own filters.
 */
function describe(fig, name, signal, value) {
  const desc = fig.querySelector('.chart-desc');
  if (!desc || !signal || typeof signal.value !== 'number') return;
  let span = desc.querySelector(`[data-control="${name}"]`);
  if (!span) {
    const unit = /%/.test(signal.bind?.name ?? '') ? ' %' : '';
    const re = new RegExp(`(^|[^\\d.,-])${String(signal.value).replace('.', '\\.')}${unit}(?![\\d.,]?\\d)`);
    const walker = document.createTreeWalker(desc, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const m = re.exec(node.data);
      if (!m) continue;
      const at = node.splitText(m.index + m[1].length);
      at.splitText(m[0].length - m[1].length);
      span = document.createElement('span');
      span.dataset.control = name;
      span.dataset.unit = unit;
      span.className = 'control-value';
      at.replaceWith(span);
      desc.setAttribute('aria-live', 'polite');
      break;
    }
    if (!span) return;
  }
  const text = `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}${span.dataset.unit}`;
  if (span.textContent !== text) span.textContent = text;
}

const controlsOf = (fig) => (fig.dataset.controls || '').split(' ').filter(Boolean);

/**
 * A chart's range controls, shown at once, before the chart goes live (on an embed page that waits
 * for the reader): where the text says, in page order for the keyboard, and built like Vega's
 * (.vega-bind) so nothing moves when Vega's replace them. Using one makes the chart live with its
 * value, and the focus stays on the live control.
 */
function controlsBefore(fig) {
  if (!fig.dataset.controls || fig.bind) return;
  fig.bind = document.createElement('div');
  fig.bind.className = 'chart-bind';
  for (const p of fig.querySelectorAll('.control-fallback[data-type="range"]')) {
    const { name, label, min, max, step } = p.dataset;
    // The address's value only where the control takes it (a plain decimal in range): otherwise the
    // default, and draw() still sees the address's value and says why it was not used.
    const asked = initialSignals(fig)[name];
    const usable = typeof asked === 'number' && asked >= Number(min) && asked <= Number(max);
    const value = usable ? asked : p.dataset.default;
    const wrap = document.createElement('div');
    wrap.className = 'vega-bind';
    const lab = document.createElement('label');
    const title = document.createElement('span');
    title.className = 'vega-bind-name';
    title.textContent = label;
    const input = Object.assign(document.createElement('input'), { type: 'range', name, min, max, step, value });
    input.dataset.before = '';
    const shown = document.createElement('span');
    shown.textContent = String(value);
    input.addEventListener('input', () => {
      shown.textContent = input.value;
      input.dataset.moved = ''; // the reader's value, taken over by the live chart
    });
    lab.append(title, input, shown);
    wrap.append(lab);
    fig.bind.append(wrap);
  }
  fig.querySelector('.chart-controls').prepend(fig.bind);
}

async function upgrade(fig) {
  if (fig.dataset.state) return;
  fig.dataset.state = 'loading';
  try {
    controlsBefore(fig);
    await draw(fig, initialSignals(fig));
    fig.dataset.state = 'ready';
    // Drawn again in the other layout when the frame crosses the width that separates them (a
    // phone turned, a window resized), with the controls where the reader left them.
    new ResizeObserver(() => {
      if (fig.dataset.state !== 'ready' || layoutOf(fig.querySelector('.chart-frame')) === fig.dataset.layout) return;
      fig.dataset.state = 'loading';
      const signals = Object.fromEntries(controlsOf(fig).map((n) => [n, fig.view.signal(n)]));
      draw(fig, signals)
        .then(() => (fig.dataset.state = 'ready'))
        .catch((err) => {
          fig.dataset.state = 'error';
          console.warn('chart stays as drawn:', fig.dataset.chart, err);
        });
    }).observe(fig.querySelector('.chart-frame'));
  } catch (err) {
    fig.dataset.state = 'error';
    console.warn('chart stays static:', fig.dataset.chart, err);
  }
}

const charts = [...document.querySelectorAll('figure.chart[data-spec]')];
// An embed page (/charts/<id>/) is its chart, in another site's page: the build-time SVG is what it
// shows, and Vega loads when the reader points at, touches or focuses the chart (below), not while
// the host page loads: it never delays the drawing nor takes the main thread from input (Lighthouse's
// total blocking time on an embed page was 234 to 419 ms with Vega loading on sight, 2026-11-25).
const embedPage = document.documentElement.classList.contains('embed');
if (!embedPage && 'IntersectionObserver' in window) {
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          io.unobserve(e.target);
          upgrade(e.target);
        }
      }
    },
    { rootMargin: '200px 0px' },
  );
  charts.forEach((c) => io.observe(c));
} else if (!embedPage) {
  charts.forEach(upgrade);
}
for (const c of charts) {
  controlsBefore(c);
  for (const ev of ['pointerenter', 'focusin']) c.addEventListener(ev, () => upgrade(c), { once: true });
  // A control named in the URL: make that chart interactive at once so the state is applied.
  if (Object.keys(initialSignals(c)).length) upgrade(c);
}

// ---------- Share snippets ----------
for (const pre of document.querySelectorAll('pre[data-snippet]')) {
  const code = pre.querySelector('code');
  // Every root-relative address of the snippet (a word after its "/"; never "//host").
  code.textContent = code.textContent.replace(/(^|["'\s(])\/(?=[\w.-])/g, (_, p) => `${p}${location.origin}/`);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  const label = pre.dataset.snippetLabel ?? pre.closest('dd')?.previousElementSibling?.textContent ?? 'snippet';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', `Copy: ${label}`);
  const status = document.createElement('span');
  status.className = 'copy-status';
  status.setAttribute('role', 'status');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      status.textContent = 'Copied';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      status.textContent = 'Selected: press Ctrl+C to copy';
    }
  });
  pre.after(button, status);
}

// The theme of the iframe snippets: light unless asked; the reader picks, the snippets follow.
for (const note of document.querySelectorAll('[data-embed-options]')) {
  const share = note.closest('.share');
  const snippets = [...share.querySelectorAll('pre[data-embed] code')];
  const originals = snippets.map((c) => c.textContent);
  const label = document.createElement('label');
  label.className = 'embed-theme';
  const select = document.createElement('select');
  for (const [value, text] of [
    ['light', 'Light'],
    ['dark', 'Dark'],
    ['auto', "The reader's system setting"],
  ])
    select.append(new Option(text, value));
  select.addEventListener('change', () => {
    const value = select.value;
    snippets.forEach((code, i) => {
      code.textContent =
        value === 'light'
          ? originals[i]
          : originals[i].replace(
              /(<iframe src="[^"?]*)(\?[^"]*)?"/,
              (_, src, q) => `${src}${q ? `${q}&` : '?'}theme=${value}"`,
            );
    });
  });
  label.append('Theme of the embedded chart ', select);
  const group = label;
  note.before(group);
}

// ---------- Tables ----------
for (const table of document.querySelectorAll('table[data-sortable]')) {
  enhanceTable(table);
  keyColumns(table);
}

function cellValue(td) {
  return td.dataset.v !== undefined && td.dataset.v !== '' ? Number(td.dataset.v) : td.textContent.trim();
}

/**
 * On a phone (site.css: below 40rem), the columns not marked data-key are hidden until the reader
 * asks for them: a button before the table shows all columns, and fewer again.
 */
function keyColumns(table) {
  const headers = [...table.tHead.rows[0].cells];
  const optional = headers.flatMap((th, i) => (th.hasAttribute('data-key') ? [] : [i]));
  if (!optional.length || optional.length === headers.length) return;
  for (const i of optional) {
    headers[i].classList.add('col-opt');
    for (const tr of table.tBodies[0].rows) tr.cells[i]?.classList.add('col-opt');
  }
  const scroll = table.closest('.table-scroll');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'columns-toggle';
  if (scroll.id) button.setAttribute('aria-controls', scroll.id);
  const show = (all) => {
    table.classList.toggle('key-columns', !all);
    button.setAttribute('aria-expanded', String(all));
    button.textContent = all
      ? `Show fewer columns (${headers.length - optional.length} of ${headers.length})`
      : `Show all ${headers.length} columns (${headers.length - optional.length} shown)`;
  };
  button.addEventListener('click', () => show(table.classList.contains('key-columns')));
  show(false);
  scroll.before(button);
}

function enhanceTable(table) {
  const tbody = table.tBodies[0];
  const headers = [...table.tHead.rows[0].cells];
  const rows = [...tbody.rows];
  headers.forEach((th, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sort';
    b.textContent = th.textContent;
    b.setAttribute('aria-label', `Sort by ${th.textContent}`);
    th.textContent = '';
    th.append(b);
    b.addEventListener('click', () => {
      const dir = th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
      headers.forEach((h) => h.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', dir);
      const sign = dir === 'ascending' ? 1 : -1;
      const sorted = [...tbody.rows].sort((a, b2) => {
        const x = cellValue(a.cells[i]);
        const y = cellValue(b2.cells[i]);
        if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
        return sign * String(x).localeCompare(String(y), 'en', { numeric: true });
      });
      tbody.append(...sorted);
    });
  });
  if (!table.hasAttribute('data-filterable')) return;
  const section = table.closest('section');
  const bar = document.createElement('div');
  bar.className = 'table-filters';
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', `Filter ${section.querySelector('h3')?.textContent ?? 'table'}`);
  const filters = [];
  headers.forEach((th, i) => {
    const kind = th.dataset.filter;
    if (!kind) return;
    const name = th.textContent;
    const label = document.createElement('label');
    label.append(kind === 'max' ? `${name} at most` : name);
    let input;
    if (kind === 'select') {
      input = document.createElement('select');
      const values = [...new Set(rows.map((r) => cellValue(r.cells[i])))].sort((a, b) =>
        typeof a === 'number' ? a - b : String(a).localeCompare(String(b)),
      );
      input.append(
        new Option('All', ''),
        ...values.map(
          (v) => new Option(String(rows.find((r) => cellValue(r.cells[i]) === v).cells[i].textContent), String(v)),
        ),
      );
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.min = '0';
      input.step = 'any';
      input.placeholder = 'any';
      input.dataset.col = th.dataset.col;
    }
    label.append(input);
    bar.append(label);
    filters.push({ i, kind, input });
    input.addEventListener('input', apply);
  });
  const count = document.createElement('span');
  count.className = 'table-count';
  count.setAttribute('role', 'status');
  bar.append(count);
  section.querySelector('.table-scroll').before(bar);
  function apply() {
    let shown = 0;
    for (const r of rows) {
      const ok = filters.every(({ i, kind, input }) => {
        if (input.value === '') return true;
        const v = cellValue(r.cells[i]);
        return kind === 'max' ? v <= Number(input.value) : String(v) === input.value;
      });
      r.hidden = !ok;
      if (ok) shown++;
    }
    count.textContent = `${shown} of ${rows.length} rows shown`;
  }
  apply();
  table.applyFilters = apply;
}
