"""Issue 33: the tables of the printed sheets (a worked solution's table on an answer sheet, lesson 04's the case
found) have borders and keep every cell on one line, inside the page, measured in print layout."""

from __future__ import annotations

import re
from pathlib import Path

from fifteen_kit.widgets.printables import BUILDERS

_CELLS = """() => [...document.querySelectorAll('section.page table:not(.sheet)')].map(t => {
    const page = t.closest('section.page').getBoundingClientRect();
    const box = t.getBoundingClientRect();
    const cells = [...t.querySelectorAll('th, td')].map(c => {
        const style = getComputedStyle(c);
        return [c.textContent, c.getBoundingClientRect().height, parseFloat(style.lineHeight),
                parseFloat(style.borderTopWidth), parseFloat(style.borderLeftWidth)];
    });
    return [box.right - page.right + parseFloat(getComputedStyle(t.closest('section.page')).paddingRight), cells];
})"""

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "build" / "printables"


def _printed_html() -> dict[str, str]:
    # every sheet's HTML as make printables printed it (built here if missing)
    from fifteen_kit.widgets.printables.__main__ import main

    if any(not (FOLDER / "html" / f"{name}.html").exists() for name in BUILDERS):
        assert main([str(FOLDER)]) == 0
    return {name: (FOLDER / "html" / f"{name}.html").read_text(encoding="utf-8") for name in BUILDERS}


def test_tables_have_borders_and_do_not_wrap(browser, tmp_path):
    """Every sheet with a table of its own Markdown (lesson 04's answer sheet has the expected-score table)."""
    printed = _printed_html()
    with_tables = [name for name, html in printed.items() if re.search(r"<table(?![^>]*class=\"sheet)", html)]
    assert "lesson-04-answers" in with_tables
    for name in with_tables:
        _check_tables(browser, tmp_path, name, printed[name])


def _check_tables(browser, tmp_path, name, html):
    source = tmp_path / f"{name}.html"
    source.write_text(html, encoding="utf-8")
    page = browser.new_page()
    try:
        page.goto(source.as_uri())
        page.emulate_media(media="print")
        tables = page.evaluate(_CELLS)
    finally:
        page.close()
    assert tables, f"{name}: no table"
    for beyond, cells in tables:
        assert beyond <= 0.5, f"{name}: a table reaches {beyond:.1f} px into the page's margin"
        for text, height, line, top, left in cells:
            assert top > 0 and left > 0, f"{name}: the cell {text!r} has no border"
            assert height < 1.6 * line + 8, f"{name}: the cell {text!r} wraps ({height:.0f} px, line {line:.0f} px)"
