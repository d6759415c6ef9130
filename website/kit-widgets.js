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
