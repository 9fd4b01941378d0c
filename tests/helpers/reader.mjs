// What a reader sees of a report page, measured in the browser: the checks the Playwright specs
// (tests/e2e/charts.spec.mjs, pages.spec.mjs, tables.spec.mjs) and the corpus test (every real
// result file's page, tests/site/corpus.test.mjs) share. Each takes a Playwright page (of
// @playwright/test or of playwright's own chromium API) and returns what it found; the caller asserts.
//  - chartTextProblems: every chart drawing's text boxes whole (none cut with an ellipsis), inside
//    the drawing and the screen, none over another;
//  - sidewaysOverflow: whether the page scrolls sideways, naming what sticks out;
//  - spreadMarks: per drawing, the spread marks (error bars, bands) it draws;
//  - columnsOf / identityAndValue: a table's columns as shown, and those that must stay on a phone.
/* global document, window, getComputedStyle */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';

/**
 * The text boxes of every chart drawing a reader sees on a page (the inline drawing the frame
 * shows, wide or narrow): which lie outside their drawing or the screen, and which overlap another.
 * @returns {Promise<{ drawings: number, problems: string[] }>}
 */
export async function chartTextProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const visible = [...document.querySelectorAll('.chart-frame svg.chart-wide, .chart-frame svg.chart-narrow')].filter(
      (svg) => getComputedStyle(svg).display !== 'none',
    );
    const screen = document.documentElement.clientWidth;
    for (const svg of visible) {
      const id = svg.closest('figure')?.getAttribute('data-chart') ?? svg.id;
      const frame = svg.getBoundingClientRect();
      const boxes = [...svg.querySelectorAll('text')]
        .filter(
          (t) =>
            t.textContent.trim() && getComputedStyle(t).visibility !== 'hidden' && t.getAttribute('opacity') !== '0',
        )
        .map((t) => {
          const m = t.getScreenCTM();
          const box = t.getBBox();
          // Slanted axis labels: compared in their own frame (their screen rectangles overlap at 45° when their text does not).
          return {
            text: t.textContent.trim(),
            r: t.getBoundingClientRect(),
            angle: Math.atan2(m.b, m.a),
            w: box.width * Math.hypot(m.a, m.b),
            h: box.height * Math.hypot(m.c, m.d),
          };
        })
        .filter((b) => b.r.width > 0 && b.r.height > 0);
      for (const b of boxes) {
        // A label cut short (Vega's ellipsis at its limit) is no whole label.
        if (b.text.endsWith('…')) problems.push(`${id}: "${b.text}" cut`);
        if (
          b.r.left < frame.left - 1 ||
          b.r.right > frame.right + 1 ||
          b.r.top < frame.top - 1 ||
          b.r.bottom > frame.bottom + 1
        )
          problems.push(`${id}: "${b.text}" outside its drawing`);
        else if (b.r.left < -1 || b.r.right > screen + 1) problems.push(`${id}: "${b.text}" outside the screen`);
      }
      // Two boxes overlap when they share more than a sliver (glyph boxes touch at their edges).
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i].r, boxes[j].r];
          let w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          let h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          const angle = boxes[i].angle;
          if (Math.abs(angle) > 0.01 && Math.abs(angle - boxes[j].angle) < 0.01) {
            const dx = (b.left + b.right - a.left - a.right) / 2;
            const dy = (b.top + b.bottom - a.top - a.bottom) / 2;
            const along = Math.abs(dx * Math.cos(angle) + dy * Math.sin(angle));
            const across = Math.abs(-dx * Math.sin(angle) + dy * Math.cos(angle));
            w = (boxes[i].w + boxes[j].w) / 2 - along;
            h = (boxes[i].h + boxes[j].h) / 2 - across;
          }
          if (w > 1.5 && h > 2) problems.push(`${id}: "${boxes[i].text}" overlaps "${boxes[j].text}"`);
        }
    }
    return { drawings: visible.length, problems };
  });
}

/**
 * How far the page scrolls sideways: the document's scroll width against the window's, and the
 * elements that stick out (outside any box that scrolls or clips them), for the message.
 * @returns {Promise<{ scrollWidth: number, innerWidth: number, widest: string }>}
 */
export async function sidewaysOverflow(page) {
  return page.evaluate(() => {
    const clipped = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 0.5 && r.width > 0 && !clipped(el) && !out.some((o) => o.el.contains(el)))
        out.push({ el, right: r.right });
    }
    const label = ({ el, right }) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}> "${(el.textContent ?? '').trim().slice(0, 60)}" (right edge ${Math.round(right)} px)`;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      widest: out.slice(0, 5).map(label).join('; '),
    };
  });
}

/**
 * The spread marks of every chart drawing a reader sees: for each chart id, how many error-bar
 * rules (a layer named "spread...", or marks of Vega-Lite's errorbar and errorband) it draws.
 * @returns {Promise<Record<string, number>>}
 */
export async function spreadMarks(page) {
  return page.evaluate(() => {
    const out = {};
    for (const svg of document.querySelectorAll('.chart-frame svg.chart-wide, .chart-frame svg.chart-narrow')) {
      if (getComputedStyle(svg).display === 'none') continue;
      const id = svg.closest('figure')?.getAttribute('data-chart') ?? svg.id;
      const groups = [...svg.querySelectorAll('g.role-mark')].filter((g) =>
        [...g.classList].some((c) => /^(spread|error)\w*_marks$/.test(c) && !/ticks/.test(c)),
      );
      // One rule (or band area) per row with a spread: count the rule layer's paths.
      const rules = groups.filter((g) => g.classList.contains('mark-rule') || g.classList.contains('mark-area'));
      out[id] = (rules.length ? rules : groups).reduce(
        (n, g) => n + g.querySelectorAll(':scope > path, :scope > line').length,
        0,
      );
    }
    return out;
  });
}

/** What a reader sees of a table's columns: each header's name, whether it is shown, whether it is a number. */
export const columnsOf = (section) =>
  section.locator('thead th').evaluateAll((ths) =>
    ths.map((th) => ({
      col: th.dataset.col,
      name: th.textContent.trim(),
      shown: th.getBoundingClientRect().width > 0 && getComputedStyle(th).display !== 'none',
      numeric: th.classList.contains('num'),
    })),
  );

/**
 * The columns that name a row and hold its value, read from the table kind's schema: the measurement
 * model's benchmark, value and unit; else the subject its recipe reads (or, without one, the first
 * column of its natural key) and its first value.
 * @param {string} kind a table kind (scripts/data/schemas/tables/<kind>.json)
 * @param {string} [root] the repository (a copy's, for a copy's site)
 */
export function identityAndValue(kind, root = ROOT) {
  if (kind === 'measurement') return ['benchmark', 'value', 'unit'];
  const schema = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/schemas/tables', `${kind}.json`), 'utf8'));
  const recipe = schema['x-measurements'];
  if (!recipe) return [schema.naturalKey[0]];
  const column = (c) => (c && !/^=|^declared$/.test(c) ? c : null);
  const subject = column(recipe.subject) ?? column(recipe.section) ?? schema.naturalKey[0];
  const value = recipe.percentile?.value ?? recipe.values?.[0]?.column;
  return [subject, value].filter(Boolean);
}
