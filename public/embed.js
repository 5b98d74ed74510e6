// Settle embed helper for host pages (optional; about 400 bytes).
// Include once: <script src="…/embed.js"></script>
// It resizes every <iframe data-settle> to the height its playground reports, so the frame
// fits its content. Without it, an embed keeps the iframe's own height and scrolls inside.
(function () {
  addEventListener('message', function (e) {
    var d = e.data;
    if (!d || d.type !== 'settle:height' || typeof d.height !== 'number') return;
    var frames = document.querySelectorAll('iframe[data-settle]');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === e.source) frames[i].style.height = Math.ceil(d.height) + 'px';
    }
  });
})();
