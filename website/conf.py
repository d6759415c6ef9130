"""Sphinx's settings for the published site (read by ``sphinx-build -c website``, run by :mod:`website.build`).

The sources are the folder :mod:`website.build` stages (the lessons, the teacher guide, the generated landing and
printables pages).  myst-nb renders each lesson from its saved outputs and never runs it; sphinx-book-theme bundles
its own fonts and scripts; MathJax, RequireJS and the widgets' HTML manager are served from ``_static/vendor/``
(:mod:`website.assets`), so no page loads anything from another address.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from website.address import kit_address
from website.pages import launch_bar, lessons_in

ADDRESS = kit_address()
SOURCE = Path(os.environ.get("KIT_SITE_SOURCE", "."))
LESSONS = lessons_in(SOURCE / "lessons") if (SOURCE / "lessons").is_dir() else []

project = "fifteen-kit"
html_title = "Fifteen-kit"
author = "the fifteen-kit authors"
copyright = "the fifteen-kit authors"
language = "en"

extensions = ["myst_nb"]
exclude_patterns = ["**.ipynb_checkpoints", "_static"]
# Lessons are shown as they were saved (make lessons runs them); the site never executes code.
nb_execution_mode = "off"
nb_merge_streams = True
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]
suppress_warnings = ["mystnb.unknown_mime_type"]

# Served by the site itself (website/assets.py), never from a CDN.
mathjax_path = "vendor/mathjax/es5/tex-chtml.js"
nb_ipywidgets_js = {
    "vendor/requirejs/require.js": {},
    "kit-widgets.js": {},
    "vendor/@jupyter-widgets+html-manager/dist/embed-amd.js": {
        # where the manager would look for a widget library it does not bundle: the site, never a CDN
        "data-jupyter-widgets-cdn": "_static/vendor/widgets/", "data-jupyter-widgets-cdn-only": "true",
    },
}

html_theme = "sphinx_book_theme"
html_static_path = [str(SOURCE / "_static")]
html_css_files = ["kit.css"]
html_extra_path = [str(SOURCE / "_extra")]
html_favicon = str(Path(__file__).resolve().parent / "favicon.svg")
# Light, as on a projector (and the theme logs an error in the console when no mode is given).
html_context = {"default_mode": "light"}
html_copy_source = True
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options: dict[str, Any] = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "repository_url": ADDRESS.repo_url if ADDRESS else "",
    "repository_branch": ADDRESS.branch if ADDRESS else "main",
    "use_repository_button": ADDRESS is not None,
}


def _add_launch_bar(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Put the lesson's buttons (JupyterLite, Binder, teacher's page) above its page's text."""
    bar = launch_bar(pagename, LESSONS, ADDRESS)
    if bar and "body" in context:
        context["body"] = bar + context["body"]


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _add_launch_bar)
    return {"parallel_read_safe": True}
