// A report written to attack the site: its language names, notes, software and hardware lines, and
// every field a contributor fills in by hand, hold markup and script URLs. Added the way a
// contributor adds a report (add-report) to a copy of the site, built end to end, it must come out
// as text: escaped in every page, the embed page, the feed and the chart files; no script but the
// site's own, no event-handler attribute, no javascript: link; and in a browser its tooltip shows
// the text literally while no dialog ever opens.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { elements, parseHtml, textOf } from '../../scripts/check/html.mjs';
import { tempSite, removeTempSite, run, filesUnder } from '../helpers/temp-repo.mjs';
import { inBrowser } from '../helpers/browse.mjs';
import { venvBin } from '../../scripts/lib/tools.mjs';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/hostile-cloudi-request-rate.md');
// What the fixture and the hand-filled fields carry.
const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(3)>';
const JS_URL = 'javascript:alert(4)';
const HOSTILE = `${SCRIPT} ${IMG} ${JS_URL}`;
const TITLE = `${SCRIPT} "><img src=x onerror=alert(2)>`;

let root;
let pub;

before(
  async () => {
    root = tempSite('hostile');
    // # Add the report as a contributor does (its hostile receiver names become proposed entities).
    const added = await run(root, 'scripts/add-report/add-report.mjs', [
      FIXTURE,
      '--root',
      root,
      '--title',
      TITLE,
      '--date',
      '2020',
      '--source',
      'a/b:c@0000000',
      '--slug',
      'hostile',
      '--added',
      '2020-01-01',
    ]);
    assert.equal(added.code, 0, `add-report failed:\n${added.stderr}`);
    const metaPath = path.join(root, 'seeds/cloudi/2020-hostile.meta.yaml');
    // # Fill in every TODO with hostile text; the source URL may only be http(s), so it hides markup.
    let meta = fs.readFileSync(metaPath, 'utf8').replace(/"TODO: [^"\n]*"/g, JSON.stringify(HOSTILE));
    meta = meta.replace(/^ {4}role: .*$/m, `    role: ${JSON.stringify(HOSTILE)}`);
    meta = meta.replace(
      /^( {2}commit: .*)$/m,
      `$1\n  url: ${JSON.stringify(`https://github.com/a/b/blob/0000000/${IMG}${SCRIPT}`)}\n  note: ${JSON.stringify(HOSTILE)}`,
    );
    fs.writeFileSync(metaPath, meta);
    const platformsPath = path.join(root, 'seeds/platforms.yaml');
    const platforms = fs
      .readFileSync(platformsPath, 'utf8')
      .replace(
        /^core-i5-2500k:\n {2}name: .*\n {2}kind: .*$/m,
        `core-i5-2500k:\n  name: ${JSON.stringify(`i5 ${HOSTILE}`)}\n  kind: ${JSON.stringify(HOSTILE)}`,
      );
    assert.notEqual(
      platforms,
      fs.readFileSync(platformsPath, 'utf8'),
      'add-report proposed the platform core-i5-2500k',
    );
    fs.writeFileSync(platformsPath, platforms);
    // # Build the copy, with its own scripts.
    const built = await run(root, 'scripts/build.mjs', [], { timeout: 240_000 });
    assert.equal(built.code, 0, `the build of the hostile report failed:\n${built.stdout}\n${built.stderr}`);
    pub = path.join(root, 'public');
  },
  { timeout: 300_000 },
);

after(() => root && !process.env.KEEP_TEMP && removeTempSite(root));

/** What is wrong in one HTML (or SVG) text: scripts, handlers, script URLs. */
function dangers(html, { fragment = false } = {}) {
  const found = [];
  const doc = parseHtml(fragment ? `<!doctype html><body>${html}` : html);
  for (const el of elements(doc)) {
    const attr = (n) => el.attrs.find((a) => a.name === n)?.value;
    if (el.tagName === 'script') {
      // The site's modules, and the embed page's options (a classic script in its head).
      const site =
        (attr('type') === 'module' && /^\/js\/(atlas|search|compare)\.[0-9a-f]{64}\.js$/.test(attr('src') ?? '')) ||
        (attr('type') === undefined && /^\/js\/embed-page\.min\.[0-9a-f]{64}\.js$/.test(attr('src') ?? ''));
      if (!site)
        found.push(`a <script> that is not the site's: ${JSON.stringify(el.attrs)} ${textOf(el).slice(0, 80)}`);
      else if (textOf(el).trim())
        found.push(
          `the site's <script> holds the markup after it as text (${JSON.stringify(textOf(el).slice(0, 60))}): was it written as <script .../>?`,
        );
    }
    for (const a of el.attrs) {
      if (/^on/i.test(a.name)) found.push(`<${el.tagName} ${a.name}="${a.value}">`);
      if (
        /^\s*javascript:/i.test(a.value) &&
        /^(href|src|action|formaction|data|xlink:href)$/i.test(a.prefix ? `${a.prefix}:${a.name}` : a.name)
      )
        found.push(`<${el.tagName} ${a.name}="${a.value}">`);
    }
    // The embed pages' own <base target="_blank"> (links open outside the iframe) has no href.
    const embedBase = el.tagName === 'base' && attr('href') === undefined && attr('target') === '_blank';
    if (
      (['iframe', 'object', 'embed', 'base'].includes(el.tagName) && !embedBase) ||
      (el.tagName === 'img' && attr('src') === 'x')
    )
      found.push(`an injected <${el.tagName}>`);
  }
  return found;
}

test('add-report and the build turn a hostile report into pages, with every hostile string shown as text', () => {
  const pages = [
    'reports/hostile/index.html',
    'seeds/hostile/index.html',
    'platforms/core-i5-2500k/index.html',
    'index.html',
    'reports/index.html',
    'data/index.html',
  ];
  for (const p of pages) {
    const html = fs.readFileSync(path.join(pub, p), 'utf8');
    const text = textOf(parseHtml(html));
    assert.ok(text.includes(SCRIPT), `${p} shows ${SCRIPT} as text`);
    if (!/^(index|data|reports\/index)/.test(p)) assert.ok(text.includes(IMG), `${p} shows ${IMG} as text`);
    // Escaped (the minifier leaves a '>' in text as it is).
    assert.match(html, /&lt;script(&gt;|>)alert\(1\)&lt;\/script/, `${p} escapes <script>`);
  }
  const report = textOf(parseHtml(fs.readFileSync(path.join(pub, 'reports/hostile/index.html'), 'utf8')));
  for (const s of [HOSTILE, TITLE, `${SCRIPT} 1.0`, `${IMG} 2.0`, `${JS_URL} 3.0`])
    assert.ok(report.includes(s), `the report page shows ${JSON.stringify(s)}`);
});

test('no page of the hostile build has a foreign script, an event handler or a javascript: link', () => {
  const problems = [];
  for (const f of filesUnder(pub).filter((f) => f.endsWith('.html')))
    for (const d of dangers(fs.readFileSync(path.join(pub, f), 'utf8'))) problems.push(`${f}: ${d}`);
  assert.deepEqual(problems, []);
});

test('the hostile report has charts, and its embed pages, SVGs and specs keep the strings as data', () => {
  const charts = filesUnder(path.join(pub, 'charts')).filter((f) => f.startsWith('hostile--'));
  const embeds = charts.filter((f) => f.endsWith('/index.html'));
  assert.ok(embeds.length > 0, 'the hostile report has chart embed pages');
  for (const e of embeds) {
    const html = fs.readFileSync(path.join(pub, 'charts', e), 'utf8');
    assert.deepEqual(dangers(html), [], e);
    assert.ok(textOf(parseHtml(html)).includes(TITLE), `${e} credits the report by its title, as text`);
  }
  for (const f of charts.filter((f) => f.endsWith('.svg'))) {
    const svg = fs.readFileSync(path.join(pub, 'charts', f), 'utf8');
    assert.deepEqual(dangers(svg, { fragment: true }), [], f);
    assert.doesNotMatch(svg, /<script|<img|<foreignObject/i, f);
  }
  let seen = false;
  for (const f of charts.filter((f) => f.endsWith('.json'))) {
    const text = fs.readFileSync(path.join(pub, 'charts', f), 'utf8');
    const spec = JSON.parse(text); // still valid JSON
    seen ||= JSON.stringify(spec).includes(JSON.stringify(SCRIPT).slice(1, -1));
  }
  assert.ok(seen, 'the language names reach the chart specs verbatim, as data');
});

test('the feed of the hostile build escapes the title and is valid XML', () => {
  const xml = fs.readFileSync(path.join(pub, 'feed.xml'), 'utf8');
  assert.doesNotMatch(xml, /<script|<img/i);
  assert.match(xml, /&lt;script(&gt;|>)alert\(1\)&lt;\/script/);
  // Expat (Python's XML parser) refuses what XML 1.0 refuses: a control character, a stray '<' or '&'.
  const parsed = spawnSync(
    venvBin('python'),
    [
      '-c',
      'import sys, xml.dom.minidom as m; print(len(m.parse(sys.argv[1]).getElementsByTagName("entry")))',
      path.join(pub, 'feed.xml'),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(parsed.status, 0, `feed.xml is not valid XML: ${parsed.stderr}`);
  assert.ok(Number(parsed.stdout) > 0, 'the feed has entries');
});

test(
  'a control character in the hostile title is refused at its line, so it never reaches the feed',
  { timeout: 60_000 },
  async () => {
    const metaPath = path.join(root, 'seeds/cloudi/2020-hostile.meta.yaml');
    const meta = fs.readFileSync(metaPath, 'utf8');
    try {
      fs.writeFileSync(
        metaPath,
        meta.replace(/^title: (.*)$/m, (_, t) => `title: ${JSON.stringify(`${JSON.parse(t)} \u0007\u202e`)}`),
      );
      const r = await run(root, 'scripts/data/build-data.mjs', [
        '--root',
        root,
        '--quiet',
        '--out',
        path.join(root, 'data-refused'),
      ]);
      assert.equal(r.code, 1, r.stderr);
      const line = meta.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
      assert.match(
        r.stderr.trim(),
        new RegExp(
          `^seeds/cloudi/2020-hostile\\.meta\\.yaml:${line}: expected text without control or invisible characters, found \\\\u0007 in `,
        ),
      );
      assert.ok(!fs.existsSync(path.join(root, 'data-refused')), 'nothing written');
    } finally {
      fs.writeFileSync(metaPath, meta);
    }
  },
);

test(
  'in a browser, the hostile report page runs no script of its own and its tooltip shows the text literally',
  { timeout: 180_000 },
  () =>
    inBrowser(pub, async ({ browser, base }) => {
      const page = await browser.newPage();
      const dialogs = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        d.dismiss().catch(() => {});
      });
      await page.goto(`${base}/reports/hostile/`);
      // Every chart live, then point at the marks of each until a tooltip names a hostile language.
      const figures = page.locator('figure.chart');
      const tooltip = page.locator('#vg-tooltip-element.visible');
      let shown = '';
      for (let i = 0; i < (await figures.count()) && !shown.includes('<'); i++) {
        const fig = figures.nth(i);
        await fig.scrollIntoViewIfNeeded();
        await page
          .waitForFunction(
            (el) => el.dataset.state === 'ready' || el.dataset.state === 'error',
            await fig.elementHandle(),
            { timeout: 20_000 },
          )
          .catch(() => {});
        assert.equal(await fig.getAttribute('data-state'), 'ready', `chart ${i + 1} became live`);
        const marks = fig.locator('.chart-frame svg path, .chart-frame svg rect');
        for (let m = 0; m < Math.min(await marks.count(), 60) && !shown.includes('<'); m++) {
          await marks
            .nth(m)
            .hover({ force: true })
            .catch(() => {});
          if (await tooltip.isVisible()) shown = await tooltip.innerText();
        }
      }
      assert.match(
        shown,
        /<script>alert\(1\)<\/script>|"><img src=x onerror=alert\(3\)>|javascript:alert\(4\)/,
        `a tooltip shows a hostile name as text (shown: ${JSON.stringify(shown)})`,
      );
      assert.equal(
        await page.locator('#vg-tooltip-element img, #vg-tooltip-element script').count(),
        0,
        'the tooltip holds no injected element',
      );
      assert.deepEqual(dialogs, [], 'no dialog opened');
    }),
);
