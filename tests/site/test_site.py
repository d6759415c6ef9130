"""The published site, served on 127.0.0.1 and opened in Chromium with every other address blocked.

Every page renders without a console error or an error box, every link and button resolves (internal links
answer 200, their anchors exist; Binder's are exactly what website.address makes for the site's address), the
JupyterLite link opens JupyterLab with the lesson, every PDF is served, search finds the lessons, and no request
leaves the site.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from functools import cache
from pathlib import Path

import pytest

from website.address import Address, lite_path

REPO = os.environ.get("KIT_SITE_REPO", "")
ADDRESS = Address.parse(REPO) if REPO else None
ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
BOARDS = sorted(p.stem for p in (ROOT / "play").glob("*.ipynb"))
ERROR_BOXES = ".output.error, .output.traceback, .jupyter-widgets-error-widget, .system-message, .problematic"
# What a page shows: its links, its saved widgets and how many of them are drawn, and any error box.
STATE_JS = f"""() => ({{
  links: [...document.querySelectorAll('a[href]')].map(a => ({{href: a.href, raw: a.getAttribute('href'),
    cls: a.className, text: a.textContent.trim()}})),
  saved: document.querySelectorAll("script[type='application/vnd.jupyter.widget-view+json']").length,
  drawn: [...document.querySelectorAll("script[type='application/vnd.jupyter.widget-view+json']")]
    .filter(s => s.parentElement.querySelector('.jupyter-widgets')).length,
  boxes: [...document.querySelectorAll("{ERROR_BOXES}")].map(e => e.innerText.slice(0, 200))
    .concat((document.body.innerText.match(/Error (?:displaying|rendering) widget[^\\n]*/g) || [])),
}})"""


def pages(site: Path) -> list[str]:
    """Every HTML page of the site outside lite/ (JupyterLite's own are tested by tests/lite), as paths."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                  if p.relative_to(site).parts[0] not in ("lite", "_static"))


@cache
def fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers.get_content_type(), r.read()
    except urllib.error.HTTPError as e:
        return e.code, "", b""


@pytest.fixture(scope="module")
def visited(site_dir, base, context, outside, artifacts):
    """Every page opened once: {path: (console errors, error boxes, links, widgets drawn, saved widgets)}."""
    out = {}
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    for path in pages(site_dir):
        errors.clear()
        page.goto(base + path, wait_until="load")
        if path.startswith("lessons/") and "teacher_guide" not in path:
            # the widgets' HTML manager draws each saved board into its output
            page.wait_for_function(f"() => ({STATE_JS})().drawn >= ({STATE_JS})().saved", timeout=60_000)
        state = page.evaluate(STATE_JS)
        out[path] = (list(errors), state["boxes"], state["links"], state["drawn"], state["saved"])
        if path in ("index.html", "lessons/01_magic_square.html", "lessons/teacher_guide/01_magic_square.html",
                    "printables.html"):
            page.screenshot(path=str(artifacts / (path.replace("/", "_").removesuffix(".html") + ".png")))
    page.close()
    return out


def test_the_site_has_every_lesson_guide_page_and_printables_page(site_dir):
    found = set(pages(site_dir))
    assert {"index.html", "printables.html", "search.html"} <= found
    assert {f"lessons/{stem}.html" for stem in LESSONS} <= found
    guide = ROOT / "lessons" / "teacher_guide"
    assert {f"lessons/teacher_guide/{p.relative_to(guide).with_suffix('.html').as_posix()}"
            for p in guide.rglob("*.md")} <= found
    assert (site_dir / "lite" / "index.html").exists() and (site_dir / ".nojekyll").exists()


def test_every_page_renders_without_errors(visited):
    bad = {path: (errors, boxes) for path, (errors, boxes, *_) in visited.items() if errors or boxes}
    assert not bad, json.dumps(bad, indent=1)[:4000]
    for stem in LESSONS:
        *_, drawn, saved = visited[f"lessons/{stem}.html"]
        assert saved and drawn >= saved, f"{stem}: {drawn} of {saved} saved widgets drawn"


def test_every_internal_link_resolves(visited, base):
    broken = []
    for path, (*_, links, _drawn, _saved) in visited.items():
        for link in links:
            href = link["href"]
            if not href.startswith(base):
                continue
            target, _, anchor = href.partition("#")
            status, kind, body = fetch(target)
            if status != 200:
                broken.append(f"{path}: {link['raw']} -> {status}")
            elif anchor and kind == "text/html":
                ids = set(re.findall(rb'\b(?:id|name)="([^"]+)"', body))
                if urllib.parse.unquote(anchor).encode() not in ids:
                    broken.append(f"{path}: {link['raw']} -> no anchor #{anchor}")
            if "/lite/lab/index.html?path=" in href:
                inside = urllib.parse.parse_qs(urllib.parse.urlparse(href).query)["path"][0]
                if fetch(f"{base}lite/files/{urllib.parse.quote(inside)}")[0] != 200:
                    broken.append(f"{path}: {link['raw']} -> no {inside} in JupyterLite's files")
    assert not broken, "\n".join(broken[:50])


def test_outside_links_are_the_kits_addresses(visited):
    """Links to other addresses can only be followed on the internet: each Binder link must be exactly the one
    website.address makes, and every other outside link must be https (listed in the failure if not)."""
    binder = {ADDRESS.binder_url(f"lessons/{s}.ipynb") for s in LESSONS} | {
        ADDRESS.binder_url(f"play/{s}.ipynb") for s in BOARDS} if ADDRESS else set()
    wrong = []
    for path, (*_, links, _drawn, _saved) in visited.items():
        for link in links:
            href = link["href"]
            if href.startswith("http://127.0.0.1"):
                continue
            if ("mybinder.org" in href and href not in binder) or not href.startswith(("https://", "mailto:")):
                wrong.append(f"{path}: {href}")
            if "<owner>" in urllib.parse.unquote(href) or "OWNER" in href:
                wrong.append(f"{path}: a template, not a link: {href}")
    assert not wrong, "\n".join(wrong[:50])


@pytest.mark.parametrize("stem", LESSONS)
def test_each_lesson_has_its_buttons(visited, stem):
    links = visited[f"lessons/{stem}.html"][2]
    by_class = {cls: [link["raw"] for link in links if cls in link["cls"].split()]
                for cls in ("kit-lite", "kit-binder", "kit-other")}
    assert by_class["kit-lite"] == ["../" + lite_path(f"lessons/{stem}.ipynb")]
    assert by_class["kit-binder"] == ([ADDRESS.binder_url(f"lessons/{stem}.ipynb")] if ADDRESS else [])
    assert by_class["kit-other"] == [f"../lessons/teacher_guide/{stem}.html"]
    guide = visited[f"lessons/teacher_guide/{stem}.html"][2]
    assert [link["raw"] for link in guide if "kit-lite" in link["cls"]] == [
        "../../" + lite_path(f"lessons/{stem}.ipynb")]


def test_landing_page_opens_lessons_guide_and_printables_in_one_click(visited):
    links = visited["index.html"][2]
    doors = {link["text"].split("\n")[0].strip(): link["raw"] for link in links if "kit-door" in link["cls"]}
    assert doors == {"Lessons": "#lessons", "Teacher guide": "lessons/teacher_guide/README.html",
                     "Printables": "printables.html"}
    raws = [link["raw"] for link in links]
    for stem in LESSONS:
        assert f"lessons/{stem}.html" in raws and lite_path(f"lessons/{stem}.ipynb") in raws
    for stem in BOARDS:
        assert lite_path(f"play/{stem}.ipynb") in raws
    if ADDRESS:
        assert ADDRESS.site_url in raws and ADDRESS.binder_url("lessons/01_magic_square.ipynb") in raws


def test_every_printable_is_served(visited, base, site_dir):
    manifest = json.loads((ROOT / "build" / "printables" / "manifest.json").read_text()) if (
        ROOT / "build" / "printables" / "manifest.json").exists() else None
    pdfs = [link["href"] for link in visited["printables.html"][2] if link["href"].endswith(".pdf")]
    assert len(pdfs) == len(list((site_dir / "printables").glob("*.pdf"))) > 0
    if manifest:
        assert len(pdfs) == len(manifest)
    for url in pdfs:
        status, kind, body = fetch(url)
        assert (status, kind, body[:5]) == (200, "application/pdf", b"%PDF-"), url


def test_search_finds_the_lessons(context, base):
    page = context.new_page()
    page.goto(base + "search.html?q=magic+square")
    results = page.locator("#search-results a")
    results.first.wait_for(timeout=30_000)
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    assert any("lessons/01_magic_square.html" in h for h in hrefs), hrefs
    page.goto(base + "search.html?q=misconceptions")
    results.first.wait_for(timeout=30_000)
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    assert any("teacher_guide/" in h for h in hrefs), hrefs
    page.close()


def test_the_browser_button_opens_jupyterlite(context, base, artifacts):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "lessons/01_magic_square.html")
    page.locator("a.kit-lite").first.click()
    page.wait_for_url(re.compile(r"/lite/lab/index\.html\?path=01_magic_square\.ipynb"), timeout=30_000)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=120_000)
    page.locator(".lm-TabBar-tabLabel", has_text="01_magic_square.ipynb").first.wait_for(timeout=60_000)
    page.locator(".jp-RenderedMarkdown h1", has_text="The magic square behind the Game of 15").first.wait_for(
        timeout=60_000)
    page.screenshot(path=str(artifacts / "lite_01_magic_square.png"))
    page.close()
    assert not errors, errors


def test_no_request_left_the_site(visited, outside):
    # (ordered last: every other test has browsed by now)
    assert not outside, sorted(set(outside))[:30]
