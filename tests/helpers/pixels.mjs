// What the browser drew, where getComputedStyle cannot reach: the inside of an <img> (an SVG that
// styles itself by prefers-color-scheme). Read from a screenshot of the element.
import { pngPixels } from '../../scripts/charts/render.mjs';

/**
 * The colour of one pixel of an element as drawn: "#rrggbb".
 * @param {import('@playwright/test').Locator} locator
 * @param {{ x?: number, y?: number }} [at] CSS px from the element's top left (default: just inside a 1 px border)
 */
export async function drawnColour(locator, { x = 3, y = 3 } = {}) {
  const png = await locator.screenshot({ animations: 'disabled', scale: 'css' });
  const { width, pixels } = await pngPixels(png);
  const i = (y * width + x) * 4;
  return `#${[...pixels.slice(i, i + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A CSS colour as getComputedStyle gives it ("rgb(22, 24, 29)") -> "#16181d". */
export const hexOf = (css) =>
  `#${css
    .match(/[\d.]+/g)
    .slice(0, 3)
    .map((v) => Number(v).toString(16).padStart(2, '0'))
    .join('')}`;

/**
 * A drawn colour as the one wanted, within `tolerance` per channel (a scaled image blends its
 * pixels: #16181d is drawn #15171c), else the drawn colour itself, so a failure shows it.
 * @returns {string} `want`, or what was drawn
 */
export function asDrawn(drawn, want, tolerance = 4) {
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [a, b] = [rgb(drawn), rgb(want)];
  return a.every((v, i) => Math.abs(v - b[i]) <= tolerance) ? want : drawn;
}
