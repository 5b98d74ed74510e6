// Paints the stage: replays the drawing commands the page's wasm writes (player/src/stage/pen.rs,
// whose opcodes this file must match) on the stage's canvas.
//
// Loaded twice from the same file: as a script of the page, where `settlePaint.attach(canvas)`
// gives the page a painter for one canvas; and as that painter's worker. Where the browser can
// hand a canvas to a worker (transferControlToOffscreen), the worker owns the canvas and does
// the drawing and the rasterising, off the page's main thread; elsewhere the painter replays on
// the page itself. Either way the commands and their effect are the same.
(function (self) {
  'use strict';

  // Layer 0 is the visible canvas; 1 and 2 are kept off the page (the stage's cached backdrop
  // and tokens at rest). An `opaque` canvas (every picture covers it with an opaque
  // background: the stage) says so to the browser, whose compositor then copies it instead of
  // blending it over the page (in software, about half the compositor's work a frame).
  function Layers(canvas, opaque) {
    this.canvas = [canvas, null, null];
    this.cx = [canvas.getContext('2d', opaque ? { alpha: false } : undefined), null, null];
  }
  Layers.prototype.get = function (n) {
    if (!this.canvas[n]) {
      var c = typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(1, 1)
        : self.document.createElement('canvas');
      this.canvas[n] = c;
      this.cx[n] = c.getContext('2d');
    }
    return this.cx[n];
  };

  function replay(layers, ops, text) {
    var cx = layers.cx[0];
    var i = 0;
    var n = ops.length;
    function str() {
      var a = ops[i];
      var len = ops[i + 1];
      i += 2;
      return text.substr(a, len);
    }
    while (i < n) {
      switch (ops[i++]) {
        case 0: cx = layers.get(ops[i]); i += 1; break;
        case 1: {
          var k = ops[i];
          layers.get(k);
          layers.canvas[k].width = ops[i + 1];
          layers.canvas[k].height = ops[i + 2];
          i += 3;
          break;
        }
        case 2: cx.drawImage(layers.canvas[ops[i]], 0, 0); i += 1; break;
        case 3: cx.setTransform(ops[i], ops[i + 1], ops[i + 2], ops[i + 3], ops[i + 4], ops[i + 5]); i += 6; break;
        case 4: cx.fillStyle = str(); break;
        case 5: cx.strokeStyle = str(); break;
        case 6: cx.globalAlpha = ops[i++]; break;
        case 7: cx.lineWidth = ops[i++]; break;
        case 8: cx.beginPath(); break;
        case 9: cx.moveTo(ops[i], ops[i + 1]); i += 2; break;
        case 10: cx.lineTo(ops[i], ops[i + 1]); i += 2; break;
        case 11: cx.arc(ops[i], ops[i + 1], ops[i + 2], ops[i + 3], ops[i + 4]); i += 5; break;
        case 12: cx.arcTo(ops[i], ops[i + 1], ops[i + 2], ops[i + 3], ops[i + 4]); i += 5; break;
        case 13: cx.closePath(); break;
        case 14: cx.fill(); break;
        case 15: cx.stroke(); break;
        case 16: cx.fillRect(ops[i], ops[i + 1], ops[i + 2], ops[i + 3]); i += 4; break;
        case 17: { var t = str(); cx.fillText(t, ops[i], ops[i + 1]); i += 2; break; }
        case 18: cx.textAlign = str(); break;
        case 19: cx.textBaseline = str(); break;
        case 20: cx.font = str(); break;
        case 21: {
          var m = ops[i++];
          var xs = [];
          for (var j = 0; j < m; j++) xs.push(ops[i + j]);
          i += m;
          cx.setLineDash(xs);
          break;
        }
        default: throw new Error('stage-paint: unknown command ' + ops[i - 1] + ' at ' + (i - 1));
      }
    }
  }

  if (typeof self.document === 'undefined') {
    // The worker: the first message brings the canvas, each later one a picture; every picture
    // is acknowledged, so the page never queues more than it can draw.
    var layers = null;
    self.onmessage = function (e) {
      var d = e.data;
      if (d.canvas) {
        layers = new Layers(d.canvas, d.opaque);
        return;
      }
      try {
        if (layers) replay(layers, d.ops, d.text);
      } finally {
        self.postMessage(0);
      }
    };
    return;
  }

  var here = self.document.currentScript && self.document.currentScript.src;

  // A painter for one canvas of the page (`onPage`: replays on the page itself, for a small
  // canvas drawn seldom, such as the timeline's markers; `opaque`: see Layers).
  function Painter(canvas, onPage, opaque) {
    this.backlog = 0;
    this.worker = null;
    this.layers = null;
    var painter = this;
    if (!onPage && here && typeof Worker === 'function' && typeof OffscreenCanvas === 'function' &&
        typeof canvas.transferControlToOffscreen === 'function' && !self.settlePaintOnPage) {
      try {
        var off = canvas.transferControlToOffscreen();
        var w = new Worker(here);
        w.onmessage = function () { painter.backlog = Math.max(0, painter.backlog - 1); };
        w.postMessage({ canvas: off, opaque: opaque }, [off]);
        this.worker = w;
      } catch (e) {
        this.worker = null;
      }
    }
    if (!this.worker) this.layers = new Layers(canvas, opaque);
    canvas.setAttribute('data-painter', this.worker ? 'worker' : 'page');
  }
  // `ops` may be a view into the wasm's memory: copied before it is sent (only the picture's
  // own numbers travel, and the copy's buffer is moved, not cloned).
  Painter.prototype.paint = function (ops, text) {
    if (this.worker) {
      var own = ops.slice();
      this.backlog += 1;
      this.worker.postMessage({ ops: own, text: text }, [own.buffer]);
    } else {
      // An exception must not cross into the wasm that called: the picture stays as far as it
      // got, the next one starts afresh (as in the worker, where it goes to the console).
      try {
        replay(this.layers, ops, text);
      } catch (e) {
        if (!this.failed) console.error('stage-paint:', e);
        this.failed = true;
      }
    }
  };
  Painter.prototype.close = function () {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  };

  self.settlePaint = {
    attach: function (canvas, onPage, opaque) { return new Painter(canvas, !!onPage, !!opaque); },
  };
})(self);
