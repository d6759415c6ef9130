"""Classroom checks of a board on a real page: does it fit, can it be read, can it be used (helpers, not tests).

* :func:`measure` reports a board's box against the screen it is shown on, every visible text that is cut
  (``scrollWidth > clientWidth``, or clipped by an ancestor that hides overflow), every scrollbar inside the
  board, and the smallest font size of visible text (HTML text and SVG ``<text>``, in CSS px as drawn).
* :func:`axe_violations` runs axe-core (the npm package, fetched by ``make test`` into ``.cache/``) on the board.
* :func:`compare_screenshot` keeps one reference PNG per board and size in ``tests/browser/reference/`` and fails
  when a new screenshot differs beyond a small tolerance (Pillow); ``KIT_UPDATE_SCREENSHOTS=1`` rewrites the
  references (look at them before committing).
* :func:`press_until_focused` walks the focus with the Tab key only, as a pupil without a mouse does.

Screens: 1024x768 is a school projector; 1280x800 at 150% browser zoom lays out exactly as a CSS viewport of
853x533 (zoom divides the CSS pixels), which is what the tests use.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from lab_driver import panel_of, wait_idle
from lab_server import Failure, log
from PIL import Image, ImageChops
from playwright.sync_api import Locator, Page, expect

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / ".cache" / "axe-core-4.14.1" / "axe.min.js"
REFERENCE = Path(__file__).resolve().parent / "reference"
ARTIFACTS = ROOT / "artifacts" / "browser"

#: name -> (CSS width, CSS height) of the screens a board must fit.
SCREENS = {"1024x768": (1024, 768), "1280x800-zoom150": (853, 533)}

JS_FILE_BROWSER = """(open) => {
  const app = window.jupyterapp;
  if (open) { app.shell.expandLeft(); app.shell.activateById('filebrowser'); } else { app.shell.collapseLeft(); }
  return true;
}"""

JS_MEASURE = """(selector) => {
  const board = Array.from(document.querySelectorAll(selector)).find(e => e.getClientRects().length);
  if (!board) return null;
  const box = r => ({left: Math.round(r.left), top: Math.round(r.top), right: Math.round(r.right),
                     bottom: Math.round(r.bottom), width: Math.round(r.width), height: Math.round(r.height)});
  const visible = el => {
    if (!el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && parseFloat(cs.opacity) > 0;
  };
  const label = el => (el.tagName.toLowerCase() + '.' + String(el.className && el.className.baseVal !== undefined
                        ? el.className.baseVal : el.className).trim().split(/\\s+/).slice(0, 3).join('.'));
  // the screen area the board is shown in: the notebook's scroller in JupyterLab, the window elsewhere
  const scroller = board.closest('.jp-WindowedPanel-outer') || board.closest('.jp-Notebook');
  const area = scroller ? scroller.getBoundingClientRect()
             : {left: 0, top: 0, right: innerWidth, bottom: innerHeight, width: innerWidth, height: innerHeight};
  const out = board.closest('.jp-OutputArea-output');
  const wide = [];  // what sticks out of the output's right edge (the cause of a sideways scrollbar)
  if (out) for (const el of out.querySelectorAll('*'))
    if (visible(el) && el.getBoundingClientRect().right > out.getBoundingClientRect().right + 1
        && !(el.parentElement && el.parentElement.getBoundingClientRect().right >
             out.getBoundingClientRect().right + 1))
      wide.push(label(el) + ' ' + JSON.stringify(box(el.getBoundingClientRect())));
  const cut = [], scrollers = [], fonts = [];
  const clippers = [];
  for (let a = board; a; a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') clippers.push(a);
    if (a === out) break;
  }
  for (const el of [board, ...board.querySelectorAll('*')]) {
    if (!visible(el)) continue;
    const cs = getComputedStyle(el);
    if (el !== board && /(auto|scroll)/.test(cs.overflowY + cs.overflowX) &&
        (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1))
      scrollers.push(label(el) + ` (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
    let text = '';
    if (el instanceof SVGElement) {
      if (el.tagName.toLowerCase() !== 'text') continue;
      text = el.textContent.trim();
      const m = el.getScreenCTM();
      if (text) fonts.push({px: parseFloat(cs.fontSize) * (m ? Math.hypot(m.a, m.b) : 1), text, el: label(el)});
      continue;
    }
    text = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join(' ').trim();
    if (el.matches('input:not([type=checkbox]):not([type=radio]), select, textarea'))
      text = text || el.value || el.placeholder || (el.selectedOptions && el.selectedOptions[0] ?
                                                    el.selectedOptions[0].text : '');
    if (!text) continue;
    fonts.push({px: parseFloat(cs.fontSize), text: text.slice(0, 40), el: label(el)});
    const isField = el.matches('input, select, textarea');
    if (!isField && cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      cut.push(`${label(el)} "${text.slice(0, 40)}" (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    const r = el.getBoundingClientRect();
    for (const c of clippers.concat(Array.from(board.querySelectorAll('*')).filter(a => a !== el && a.contains(el)
         && getComputedStyle(a).overflowX !== 'visible'))) {
      const q = c.getBoundingClientRect();
      if (r.right > q.right + 1 || r.left < q.left - 1 || r.bottom > q.bottom + 1 || r.top < q.top - 1) {
        cut.push(`${label(el)} "${text.slice(0, 40)}" clipped by ${label(c)}`);
        break;
      }
    }
  }
  fonts.sort((a, b) => a.px - b.px);
  return {board: box(board.getBoundingClientRect()), area: box(area), viewport: [innerWidth, innerHeight],
          output: out ? {scrollWidth: out.scrollWidth, clientWidth: out.clientWidth, wide: wide.slice(0, 3)} : null,
          cut: Array.from(new Set(cut)), scrollers, smallest: fonts.slice(0, 5),
          minFont: fonts.length ? Math.round(fonts[0].px * 10) / 10 : null};
}"""


def file_browser(page: Page, open_: bool) -> None:
    """Open (or close) JupyterLab's file browser in the left sidebar, as a pupil's JupyterLab usually shows it."""
    page.evaluate(JS_FILE_BROWSER, open_)
    page.wait_for_timeout(300)  # the sidebar's resize is animated by Lumino on the next frames


def measure(page: Page, selector: str) -> dict[str, Any]:
    """The first visible board matching ``selector``, measured on the page as it is now (see the module doc)."""
    page.mouse.move(0, 0)  # no hover effect in what is measured
    result = page.evaluate(JS_MEASURE, selector)
    if result is None:
        raise Failure(f"no visible {selector} on the page")
    return dict(result)


def fit_problems(m: dict[str, Any], min_font: float, whole_screen: bool = True) -> list[str]:
    """What a pupil would miss on this screen: cut text, scrollbars inside the board, text under ``min_font``
    px, a board wider than its area (or taller than it, with ``whole_screen``)."""
    problems = [f"cut: {c}" for c in m["cut"]] + [f"scrollbar inside the board: {s}" for s in m["scrollers"]]
    if m["minFont"] is not None and m["minFont"] < min_font - 0.05:
        problems.append(f"text under {min_font} px: {m['smallest']}")
    board, area = m["board"], m["area"]
    if board["width"] > area["width"] or board["right"] > area["right"] + 1:
        problems.append(f"board {board['width']} px wide does not fit its {area['width']} px area ({board})")
    if m["output"] and m["output"]["scrollWidth"] > m["output"]["clientWidth"] + 1:
        problems.append(f"the output scrolls sideways: {m['output']}")
    if whole_screen and board["height"] > area["height"]:
        problems.append(f"board {board['height']} px tall does not fit the {area['height']} px screen area")
    return problems


def axe_violations(page: Page, selector: str, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of impact ``impacts`` inside the first element matching ``selector``, one line each
    (rule, impact, how many nodes, the first nodes and axe's summary of why)."""
    if not AXE.exists():
        raise Failure(f"no axe-core at {AXE}: `make test` fetches it (tests/browser/fetch_axe.py)")
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async (sel) => {
      const r = await axe.run(document.querySelector(sel), {resultTypes: ['violations']});
      return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' +
                                       (n.failureSummary || '').replace(/\\s+/g, ' '))}));
    }""", selector)
    return [f"{v['id']} ({v['impact']}, {v['n']} nodes): {' | '.join(v['nodes'])}"[:900]
            for v in found if v["impact"] in impacts]


def visible_part(m: dict[str, Any]) -> dict[str, float]:
    """The part of a measured board that its screen area shows (a clip for ``page.screenshot``)."""
    b, a = m["board"], m["area"]
    left, top = max(b["left"], a["left"]), max(b["top"], a["top"])
    right, bottom = min(b["right"], a["right"]), min(b["bottom"], a["bottom"])
    return {"x": left, "y": top, "width": max(1, right - left), "height": max(1, bottom - top)}


def compare_screenshot(page: Page, name: str, artifacts: Path, clip: dict[str, float] | None = None,
                       tolerance: float = 0.02, top_part: bool = False) -> str | None:
    """Screenshot the page (or its ``clip``) to ``artifacts/name.png``; compare it with ``reference/name.png``.

    With ``top_part`` (the clip is a board's top, shown lower on the screen than in the reference, because
    JupyterLab could not scroll it up to the top), a shorter screenshot is compared with the reference's top part.

    Returns None when they match: same size within 2 px, and at most ``tolerance`` of the pixels differ by more
    than 48 levels in a channel (anti-aliasing moves a little between Chromium builds; a moved button or a
    changed colour does not).  Otherwise returns why, and writes ``name-diff.png`` (the differing pixels).
    """
    page.mouse.move(0, 0)
    shot = artifacts / f"{name}.png"
    page.screenshot(path=str(shot), animations="disabled", caret="hide", clip=clip)  # type: ignore[arg-type]
    ref = REFERENCE / f"{name}.png"
    if os.environ.get("KIT_UPDATE_SCREENSHOTS"):
        REFERENCE.mkdir(exist_ok=True)
        shutil.copyfile(shot, ref)
        log(f"reference screenshot written: {ref} (look at it before committing)")
        return None
    if not ref.exists():
        return f"no reference screenshot {ref.name}: run with KIT_UPDATE_SCREENSHOTS=1, look at it, commit it"
    with Image.open(ref) as ref_file, Image.open(shot) as shot_file:
        a, b = ref_file.convert("RGB"), shot_file.convert("RGB")
    if top_part and b.height < a.height:
        log(f"screenshot {name}: the board's top {b.height} of the reference's {a.height} px is on the screen")
        a = a.crop((0, 0, a.width, b.height))
    if abs(a.width - b.width) > 2 or abs(a.height - b.height) > 2:
        return f"{name}: {b.width}x{b.height} px, the reference is {a.width}x{a.height} (see {shot})"
    w, h = min(a.width, b.width), min(a.height, b.height)
    red, green, blue = ImageChops.difference(a.crop((0, 0, w, h)), b.crop((0, 0, w, h))).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # the largest change of each pixel's channels
    mask = most.point(lambda v: 255 if v > 48 else 0)
    share = mask.histogram()[255] / (w * h)
    log(f"screenshot {name}: {share:.2%} of the pixels differ from the reference")
    if share > tolerance:
        mask.save(artifacts / f"{name}-diff.png")
        return f"{name}: {share:.1%} of the pixels differ from the reference (over {tolerance:.0%}); see {shot}"
    return None


def focused(page: Page) -> str:
    """The focused element's text (or aria-label, or value), for messages."""
    return str(page.evaluate("""() => { const e = document.activeElement;
      return e ? (e.getAttribute('aria-label') || e.innerText || e.value || e.tagName) : ''; }"""))


def press_until_focused(page: Page, target: Locator, limit: int = 120) -> int:
    """Press Tab, or Shift+Tab when ``target`` comes before the focus, until ``target`` has the focus; return how
    many presses it took.  Only the keyboard moves the focus; after ``limit`` presses, raises :class:`Failure`
    (the element cannot be reached by keyboard)."""
    for presses in range(limit + 1):
        where = target.evaluate("""e => { const a = document.activeElement;
          if (e === a) return 0;
          return (a && (a.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING)) ? -1 : 1; }""")
        if where == 0:
            return presses
        page.keyboard.press("Tab" if where > 0 else "Shift+Tab")
    raise Failure(f"Tab never reached {target} in {limit} presses (focus on {focused(page)!r})")


def press(page: Page, key: str = "Enter") -> None:
    """Press ``key`` on the focused element of a board, then wait until the kernel has handled it and is idle
    (the keyboard twin of :func:`lab_driver.click`)."""
    panel = panel_of(page)
    handled = panel.get_attribute("data-kit-idle")
    page.keyboard.press(key)
    expect(panel).not_to_have_attribute("data-kit-idle", handled or "", timeout=60_000)
    wait_idle(page, 60)
