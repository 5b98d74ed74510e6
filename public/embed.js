// Settle embed helper for host pages (optional; about 2.2 KB without comments, 1.4 KB gzipped).
// Include once: <script src="…/embed.js"></script>
// - Fits every <iframe data-settle> to the height its playground reports (40-5000 px; other
//   values are ignored), so the frame shows all of it. Without this script an embed keeps the
//   iframe's own height and scrolls inside.
// - Tells each embed whether the host page is light or dark (from the page's background), and
//   again when that changes, so embeds without a forced ?theme= follow the host.
// - Gives an embed without lang= the host page's <html lang>, so a Chinese page's embeds speak
//   Chinese (Settle speaks en, zh-Hans, cs and ru; another language leaves the reader's own).
(function () {
  var MIN = 40, MAX = 5000;
  var hostLang = document.documentElement.lang;
  if (hostLang) {
    var all = document.querySelectorAll('iframe[data-settle]');
    for (var j = 0; j < all.length; j++) {
      var src = all[j].getAttribute('src') || '';
      if (!/[?&]lang=/.test(src.split('#')[0])) {
        var at = src.indexOf('#');
        var head = at < 0 ? src : src.slice(0, at), tail = at < 0 ? '' : src.slice(at);
        all[j].setAttribute('src', head + (head.indexOf('?') < 0 ? '?' : '&') + 'lang=' + encodeURIComponent(hostLang) + tail);
      }
    }
  }
  function hostTheme() {
    var els = [document.body, document.documentElement];
    for (var i = 0; i < els.length; i++) {
      if (!els[i]) continue;
      var m = getComputedStyle(els[i]).backgroundColor.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/);
      if (m && (m[4] === undefined || +m[4] > 0)) {
        return (0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3]) / 255 < 0.5 ? 'dark' : 'light';
      }
    }
    return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  function frames() { return document.querySelectorAll('iframe[data-settle]'); }
  function tell(win) { win.postMessage({ type: 'settle:theme', theme: hostTheme() }, '*'); }
  addEventListener('message', function (e) {
    var d = e.data;
    // Only a sane height is taken: a page in the frame cannot make the host absurdly tall.
    if (!d || d.type !== 'settle:height' || typeof d.height !== 'number') return;
    if (!(d.height >= MIN && d.height <= MAX)) return;
    var fs = frames();
    for (var i = 0; i < fs.length; i++) {
      if (fs[i].contentWindow === e.source) {
        fs[i].style.height = Math.ceil(d.height) + 'px';
        tell(e.source);
      }
    }
  });
  var last = null;
  function check() {
    var t = hostTheme();
    if (t === last) return;
    last = t;
    var fs = frames();
    for (var i = 0; i < fs.length; i++) if (fs[i].contentWindow) tell(fs[i].contentWindow);
  }
  var watch = { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] };
  new MutationObserver(check).observe(document.documentElement, watch);
  if (document.body) new MutationObserver(check).observe(document.body, watch);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', check);
})();
