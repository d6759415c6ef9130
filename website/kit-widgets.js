// The widgets' HTML manager finds its fonts beside the modules RequireJS says they came from: point those
// modules' names at the site's own copy (website/assets.py), whatever the page's depth, so nothing is fetched
// from anywhere else.
(function () {
  const dist = document.documentElement.dataset.content_root + "_static/vendor/@jupyter-widgets+html-manager/dist";
  require.config({
    paths: {
      "@jupyter-widgets/html-manager/dist": dist,
      "@jupyter-widgets/html-manager": dist + "/html-manager",
      "@jupyter-widgets/base": dist + "/base",
      "@jupyter-widgets/base7": dist + "/base7",
      "@jupyter-widgets/controls": dist + "/controls",
      "@jupyter-widgets/controls7": dist + "/controls7",
    },
  });
})();

// ipywidgets 8 typesets its labels and HTML with MathJax 2's API (MathJax.Hub.Queue); the site serves MathJax 3
// (Sphinx's).  Give the widgets that call, here before MathJax loads (it is deferred) and again once it has started.
(function () {
  const waiting = [];
  const hub = {
    Queue: function (job) {
      const element = job && job[2];
      const mathjax = window.MathJax;
      if (!element) return;
      if (mathjax && mathjax.typesetPromise) mathjax.typesetPromise([element]);
      else waiting.push(element);
    },
  };
  const config = window.MathJax || {};
  const startup = config.startup || {};
  window.MathJax = Object.assign(config, {
    Hub: hub,
    startup: Object.assign(startup, {
      ready: function () {
        window.MathJax.startup.defaultReady();
        window.MathJax.Hub = hub;
        window.MathJax.startup.promise.then(function () {
          if (waiting.length) return window.MathJax.typesetPromise(waiting.splice(0));
        });
      },
    }),
  });
})();
