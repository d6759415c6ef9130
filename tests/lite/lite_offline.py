"""An offline page of the JupyterLite site for the lite tests (conftest's ``page`` and the touch tests' tablets)."""

from __future__ import annotations

import json

from lab_driver import watch


def offline_page(browser, site: str, **options):
    """A new context (``options`` as ``browser.new_context`` takes them) and its page, offline: nothing but the
    site answers.  ``page.blocked`` lists the outside addresses the page asked for; ``page.console_errors`` its
    console errors.  The one change to what the site serves: the app is exposed as ``window.jupyterapp`` for the
    test driver.  The caller closes the context."""
    context = browser.new_context(**options)
    blocked: list[str] = []

    def route(r):
        url = r.request.url
        if not url.startswith(site + "/"):
            blocked.append(url)
            return r.abort("internetdisconnected")
        if url.split("?")[0] == f"{site}/jupyter-lite.json":
            response = r.fetch()
            config = response.json()
            config["jupyter-config-data"]["exposeAppInBrowser"] = True
            return r.fulfill(response=response, body=json.dumps(config))
        return r.continue_()

    context.route("**/*", route)
    p = watch(context.new_page())
    p.blocked = blocked
    return context, p
