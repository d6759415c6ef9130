"""Issue 33: the tables of the printed sheets (a worked solution's table on an answer sheet, lesson 04's the case
found) have borders and keep every cell on one line, inside the page, measured in print layout."""

from __future__ import annotations

import pytest
from fifteen_kit.widgets.printables import BUILDERS, sheets

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

#: Sheets whose Markdown holds a table (lesson 04's answer sheet has the expected-score table).
WITH_TABLES = ["lesson-04-answers"]


@pytest.mark.parametrize("name", WITH_TABLES)
def test_tables_have_borders_and_do_not_wrap(browser, tmp_path, name):
    assert name in BUILDERS
    (sheet,) = sheets(name)
    source = tmp_path / f"{name}.html"
    source.write_text(sheet.html(), encoding="utf-8")
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
