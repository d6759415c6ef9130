"""The boards as apps: each play/ notebook rendered by Voila (the URL Binder's voila/render/ serves) at 1024x768.

The kit's Voila template (share/jupyter/voila/templates/fifteen-kit, chosen by the notebooks' metadata) must give
the page the game's name as its title, show a loading card in the kit's colours while the kernel starts (never a
bare "Loading widget..." text), centre the board, and need nothing from outside 127.0.0.1 (a school network or
this machine may be offline: a CDN request used to hold the widgets back for about 10 s).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from lab_server import log
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
BOARDS = {"dice": ".n15-board", "fifteens": ".f15p-board", "five_by_15": ".f5-board", "game_of_15": ".f15-board",
          "player": ".kit-lab"}

# Recorded from the first byte of the page on: what a pupil could see while the app loads.
JS_RECORD = """(() => {
  window.__kit = {sawLoadingWidget: false, loadingTitle: null};
  // cheap on purpose (no innerText, which lays out the whole page): a widget output still saying its text
  setInterval(() => {
    for (const o of document.querySelectorAll(".jp-OutputArea-output")) {
      if (!o.childElementCount && o.textContent.includes("Loading widget") && o.offsetParent !== null)
        window.__kit.sawLoadingWidget = true;
    }
    const h = document.querySelector("#loading h1");
    // the heading is read once its text has arrived (the page streams in: the tag can come before its text)
    if (h && h.textContent.trim() && window.__kit.loadingTitle === null)
      window.__kit.loadingTitle = h.textContent.trim();
  }, 100);
})();"""

JS_BOX = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return {left: r.left, right: document.documentElement.clientWidth - r.right, width: r.width};
}"""


def _title(game: str) -> str:
    nb = json.loads((ROOT / "play" / f"{game}.ipynb").read_text(encoding="utf-8"))
    heading = "".join(nb["cells"][0]["source"]).splitlines()[0]
    assert nb["metadata"]["voila"] == {"template": "fifteen-kit"}
    assert heading == "# " + nb["metadata"]["title"], "the page title is the notebook's first heading"
    return nb["metadata"]["title"]


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_board_as_an_app_under_voila(page, server, artifacts, game):
    title = _title(game)
    page.set_viewport_size({"width": 1024, "height": 768})
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((server.base, "data:", "blob:")) else outside.append(r.url))
    page.add_init_script(JS_RECORD)
    t0 = time.monotonic()
    # "commit": Playwright's own load wait is not what is tested; the board showing is
    page.goto(f"{server.base}/voila/render/play/{game}.ipynb?token={server.token}", wait_until="commit",
              timeout=120_000)
    board = page.locator(BOARDS[game]).first
    try:
        board.wait_for(state="visible", timeout=120_000)
    finally:
        page.screenshot(path=str(artifacts / f"voila-app-{game}.png"))
    log(f"voila {game}: board shown after {time.monotonic() - t0:.1f}s")
    page.wait_for_load_state("load", timeout=30_000)  # offline, a CDN request would hold this for about 10 s
    log(f"voila {game}: page loaded after {time.monotonic() - t0:.1f}s")
    page.screenshot(path=str(artifacts / f"voila-app-{game}.png"))

    assert page.title() == title
    seen = page.evaluate("() => window.__kit")
    assert seen["loadingTitle"] == title, "the loading card names the game"
    assert not seen["sawLoadingWidget"], "a bare 'Loading widget...' text was on screen"
    expect(page.locator("body")).not_to_contain_text("Loading widget")
    box = page.evaluate(JS_BOX, BOARDS[game])
    assert box["left"] >= 0 and box["right"] >= 0, f"the board is wider than the page: {box}"
    assert abs(box["left"] - box["right"]) <= 2, f"the board is not centred: {box}"
    assert "from fifteen_kit.widgets import" not in page.content()  # no code on show
    assert outside == [], "the app needs nothing from outside"
    assert page.console_errors == []
