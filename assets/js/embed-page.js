// The embed page's options and height (a classic script in the head: it runs before the page is
// drawn, so the theme asked for is the first one shown). README "Embedding a chart" documents both.
//  - ?theme=light|dark|auto: the host page decides; light unless asked (data-theme on <html>, which
//    sets color-scheme; every colour of the site is light-dark()). auto follows the reader's system.
//  - ?plain=1: the chart alone, without its heading, subtitle and description (class "plain").
//  - The page's height goes to the page that embeds it, on load and whenever it changes:
//    {type: "bench-atlas:embed-size", version: 1, chart: "<chart id>", height: <CSS px>}.
//    static/embed.js, the snippet's script, sizes the iframe with it.
(function () {
  var root = document.documentElement;
  var q = new URLSearchParams(location.search);
  var theme = q.get('theme');
  if (theme === 'dark' || theme === 'auto' || theme === 'light') root.setAttribute('data-theme', theme);
  var plain = q.get('plain');
  if (plain === '1' || plain === 'true') root.classList.add('plain');
  if (window.parent === window) return;
  var last = 0;
  function post() {
    var height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage(
      { type: 'bench-atlas:embed-size', version: 1, chart: root.getAttribute('data-chart'), height: height },
      '*',
    );
  }
  document.addEventListener('DOMContentLoaded', function () {
    post();
    if (window.ResizeObserver) new ResizeObserver(post).observe(document.body);
  });
  window.addEventListener('load', post);
})();
