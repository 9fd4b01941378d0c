// The palette measured: contrast against both chart backgrounds, distance under simulated colour
// vision deficiencies, and one style per entity of data/atlas/entities.json (the entities.yaml order).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/paths.mjs';
import { FAMILIES, PALETTE, entityOf, entityStyle, entityStyles } from './palette.mjs';
import { themeConfig } from './theme.mjs';

const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const luminance = (h) => {
  const [r, g, b] = rgb(h).map(lin);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
export const contrast = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
const VISIONS = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
function lab(hex, vision) {
  const c = rgb(hex).map(lin);
  const [r, g, b] = VISIONS[vision].map((row) =>
    Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])),
  );
  const X = 0.4124 * r + 0.3576 * g + 0.1805 * b;
  const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const Z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [fx, fy, fz] = [f(X / 0.95047), f(Y), f(Z / 1.08883)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

test('every palette colour has at least 3:1 contrast against the light and the dark chart background', () => {
  const backgrounds = [themeConfig('light').background, themeConfig('dark').background];
  for (const c of PALETTE)
    for (const bg of backgrounds) assert.ok(contrast(c, bg) >= 3, `${c} on ${bg}: ${contrast(c, bg).toFixed(2)}:1`);
});

test('palette colours stay apart in normal vision and under protanopia, deuteranopia and tritanopia', () => {
  for (const vision of Object.keys(VISIONS))
    for (let i = 0; i < PALETTE.length; i++)
      for (let j = i + 1; j < PALETTE.length; j++) {
        const d = Math.hypot(...lab(PALETTE[i], vision).map((v, k) => v - lab(PALETTE[j], vision)[k]));
        assert.ok(d >= 14, `${PALETTE[i]} and ${PALETTE[j]} under ${vision}: ΔE ${d.toFixed(1)}`);
      }
});

test('each family lists exactly the entities of its kinds, and every alias resolves to its entity', () => {
  const { entities } = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'atlas', 'entities.json'), 'utf8'));
  const kinds = {
    language: ['language-runtime'],
    client: ['http-client'],
    server: ['queue-server', 'key-value-store'],
    'http-server': ['http-server'],
  };
  for (const [family, ks] of Object.entries(kinds)) {
    const ids = entities.filter((e) => ks.includes(e.kind)).map((e) => e.id);
    assert.deepEqual([...FAMILIES[family].map(([id]) => id)].sort(), [...ids].sort(), family);
    for (const e of entities.filter((x) => ks.includes(x.kind)))
      for (const name of [e.name, ...e.aliases]) assert.equal(entityOf(family, name), e.id, `${family}: ${name}`);
  }
});

test('an entity has one style everywhere; a chart that shows two of one colour gets shapes', () => {
  assert.equal(entityStyle('language', 'Erlang').color, entityStyle('language', 'erlang/otp').color);
  assert.equal(entityStyles('language', ['Erlang', 'C']).color.range[0], entityStyle('language', 'Erlang').color);
  const few = entityStyles('language', ['C', 'Erlang', 'Java', 'Python']);
  assert.equal(few.needsShape, false);
  assert.equal(new Set(few.color.range).size, 4);
  // CloudI 2.0.6: 14 languages, Python2 and Python3 one entity.
  const names = [
    'ATS2',
    'C',
    'Erlang',
    'Go',
    'Haskell',
    'Java',
    'JavaScript',
    'OCaml',
    'PHP',
    'Perl',
    'Python2',
    'Python3',
    'Ruby',
    'Rust',
  ];
  const all = entityStyles('language', names);
  assert.equal(all.needsShape, true);
  const looks = names.map((_, i) => `${all.color.range[i]} ${all.shape.range[i]}`);
  assert.equal(new Set(looks).size, names.length, looks.join(', '));
  assert.equal(all.color.range[names.indexOf('Python3')], all.color.range[names.indexOf('Python2')]);
  // Names without a style take colours the chart left.
  const other = entityStyles('language', ['Erlang', 'Zig', 'Nim']);
  assert.equal(new Set(other.color.range).size, 3);
});
