// The interactive chart runtime, loaded only when a chart is about to be seen or used.
// Specs were compiled from Vega-Lite to Vega at build time, so only Vega is needed here.
// Expressions run through vega-interpreter: no eval, so the page's strict CSP holds. The tooltip's
// look comes from the site's stylesheet (assets/css/site.css): vega-tooltip's own <style> element
// would be blocked by the policy (no 'unsafe-inline'). Vega's SVG renderer and vega-tooltip set
// element.style through the CSSOM, which the policy allows.
import { View, parse } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { Handler } from 'vega-tooltip';

/**
 * Let the browser handle input and paint between the steps of going live (parse, build the view,
 * draw): each is a task of its own, not one long task that blocks the page (Lighthouse's total
 * blocking time, 2026-11-24: 341 ms on an embed page, 289 on the heaviest report).
 */
export const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Render a compiled Vega spec into a container, replacing the build-time SVG.
 * @param {HTMLElement} container
 * @param {object} spec           compiled Vega spec
 * @param {HTMLElement} bind      where input controls for parameters go
 * @param {Record<string, unknown>} signals  initial parameter values (from the URL)
 */
export async function mount(container, spec, bind, signals = {}) {
  const runtime = parse(spec, null, { ast: true });
  await yieldToMain();
  const view = new View(runtime, { expr: expressionInterpreter, renderer: 'svg', hover: true, bind });
  const tooltips = new Handler({ theme: 'light', disableDefaultStyle: true });
  view.tooltip((handler, event, item, value) => {
    tooltips.call(handler, event, item, value);
    keepInWindow(tooltips.el, event);
  });
  for (const [name, value] of Object.entries(signals)) {
    try {
      view.signal(name, value);
    } catch {
      /* a parameter this chart does not have */
    }
  }
  // The live chart is drawn off the page and then takes the build-time SVG's place in one step:
  // the frame is never empty (no flash, no layout shift), and the drawing a reader (or a test)
  // sees is always a whole one. Controls go where the page put them (bind), not into the chart
  // frame: the View constructor ignores its bind option unless it is also given the element.
  const live = document.createElement('div');
  live.className = 'chart-live';
  view.initialize(live, bind ?? undefined);
  await yieldToMain();
  await view.runAsync();
  container.replaceChildren(live);
  return view;
}

/**
 * A tooltip taller than the room above and below the pointer (vega-tooltip then puts it above,
 * partly out of the window): set beside the pointer instead, never under it, and inside the window.
 * @param {HTMLElement | undefined} el
 * @param {MouseEvent} event
 */
function keepInWindow(el, event) {
  if (!el?.classList.contains('visible') || !event) return;
  const r = el.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= innerHeight) return;
  const gap = 10;
  const right = event.clientX + gap;
  const left = event.clientX - gap - r.width;
  const top = (y) => `${Math.max(4, Math.min(y, innerHeight - r.height - 4))}px`;
  // No room beside the pointer either: only moved up or down into the window, keeping the side
  // vega-tooltip chose (never over the pointer).
  if (right + r.width > innerWidth && left < 0) {
    el.style.top = top(r.top);
    return;
  }
  el.style.left = `${right + r.width <= innerWidth ? right : left}px`;
  el.style.top = top(event.clientY - r.height / 2);
}
