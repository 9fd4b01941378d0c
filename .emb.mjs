import fs from 'node:fs';
import { embedSize } from './scripts/charts/embed-height.mjs';
import { loadFonts } from './scripts/charts/render.mjs';
const index = JSON.parse(fs.readFileSync('build/charts/data/charts.json', 'utf8'));
const reports = new Map(fs.readdirSync('data/reports').filter((f) => f.endsWith('.json')).map((f) => { const r = JSON.parse(fs.readFileSync('data/reports/' + f)); return [r.slug, r]; }));
const { measure } = loadFonts();
const entries = [index.charts, index.comparisons, index.subjects].flatMap((g) => Object.values(g ?? {}));
const c0 = process.cpuUsage();
const out = [];
for (const e of entries) {
  const from = e.sources.map((s) => reports.get(s));
  out.push(JSON.stringify([embedSize(e, from, { measure }), embedSize(e, from, { plain: true, measure })]));
}
const u = process.cpuUsage(c0);
console.log(entries.length, 'charts', Math.round((u.user + u.system) / 1000), 'ms CPU', (Math.round((u.user + u.system) / 1000 / entries.length * 10) / 10), 'ms a chart');
fs.writeFileSync(process.argv[2], out.join('\n'));
