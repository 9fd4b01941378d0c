// Bench Atlas embeds: sizes each Bench Atlas chart iframe on this page to its content, as the
// chart's page reports it: {type: "bench-atlas:embed-size", version: 1, chart, height} (CSS px).
// The snippet's box (data-bench-atlas-embed) takes the height; an iframe pasted alone, the iframe.
addEventListener('message', function (e) {
  var d = e.data,
    f = document.getElementsByTagName('iframe'),
    i,
    b;
  if (!d || d.type !== 'bench-atlas:embed-size' || !(d.height > 0)) return;
  for (i = 0; i < f.length; i++)
    if (f[i].contentWindow === e.source) {
      b = f[i].parentNode;
      if (b.hasAttribute && b.hasAttribute('data-bench-atlas-embed')) b.style.paddingTop = Math.ceil(d.height) + 'px';
      else f[i].style.height = Math.ceil(d.height) + 'px';
    }
});
