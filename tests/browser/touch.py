"""Tablets as schools hand them out, for the touch tests (helpers, not tests).

* :data:`TABLETS` -- Chromium's device emulation of an iPad (gen 7) and an Android tablet (Galaxy Tab S4), portrait
  and landscape: CSS viewport, pixel ratio, touch events and a touch-first pointer (``pointer: coarse``).
* :func:`small_controls` -- every control a finger must hit on a board or question that is under
  :data:`~fifteen_kit.widgets.style.TOUCH_PX` CSS px in height or width (a checkbox is measured by its label, the
  part a finger taps); the pieces (tiles, dice, cards, cells) are left to the boards' own sizes.
* :func:`tap` -- a tap (touch events, no mouse) on a board's control, then the wait until the kernel has handled it.
"""

from __future__ import annotations

from typing import Any

from fifteen_kit.widgets.style import TOUCH_PX
from lab_driver import panel_of, wait_idle
from playwright.sync_api import Locator, Page, expect

_IPAD = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                       "Version/12.1 Mobile/15E148 Safari/604.1"}
_GALAXY = {"device_scale_factor": 2.25, "is_mobile": True, "has_touch": True,
           "user_agent": "Mozilla/5.0 (Linux; Android 8.1.0; SM-T837A) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/120.0.0.0 Safari/537.36"}
#: name -> Playwright context options (Playwright's own descriptors of these devices, copied as plain values).
TABLETS: dict[str, dict[str, Any]] = {
    "ipad-portrait": {**_IPAD, "viewport": {"width": 810, "height": 1080}},
    "ipad-landscape": {**_IPAD, "viewport": {"width": 1080, "height": 810}},
    "galaxy-portrait": {**_GALAXY, "viewport": {"width": 712, "height": 1138}},
    "galaxy-landscape": {**_GALAXY, "viewport": {"width": 1138, "height": 712}},
}

JS_SMALL = """([selector, least]) => {
  const pieces = '.f15-tile,.f15-cell,.n15-die,.f15p-card,.f5-cell';
  const out = [], seen = [];
  for (const root of document.querySelectorAll(selector)) {
    if (!root.getClientRects().length) continue;
    for (const el of root.querySelectorAll('button, select, input, textarea, .widget-label-basic')) {
      if (!el.getClientRects().length || el.matches(pieces) || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) continue;  // its label
      const r = el.getBoundingClientRect();
      const name = (el.innerText || el.value || el.getAttribute('aria-label') || el.placeholder ||
                    el.tagName).trim().slice(0, 30);
      seen.push(Math.round(r.height));
      if (r.height < least - 0.5 || r.width < least - 0.5)
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return {small: out, count: seen.length, lowest: seen.length ? Math.min(...seen) : null};
}"""


def small_controls(page: Page, selector: str, least: int = TOUCH_PX) -> dict[str, Any]:
    """``{"small": [...], "count": n, "lowest": px}``: the visible controls inside ``selector`` under ``least`` px
    in either side (one line each: tag, text, width x height), how many were measured, the lowest height."""
    return dict(page.evaluate(JS_SMALL, [selector, least]))


def tap(page: Page, target: Locator) -> None:
    """Tap ``target`` (touch only: Playwright's ``tap``), then wait until the kernel has handled it and is idle."""
    panel = panel_of(page)
    handled = panel.get_attribute("data-kit-idle")
    target.tap(timeout=10_000)
    expect(panel).not_to_have_attribute("data-kit-idle", handled or "", timeout=60_000)
    wait_idle(page, 60)
