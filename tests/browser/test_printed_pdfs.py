"""`make printables`: every PDF exists, has the page count the kit expects, and no page is blank.

The PDFs are those of ``make printables`` in build/printables/ (``make test`` and ``make test-browser`` build them
first; this test builds them itself, slowly, if they are missing).  pypdfium2 (PDFium, the PDF engine of Chromium,
pinned in tests/requirements.txt) counts and renders the pages: poppler's pdftoppm is not installed here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from fifteen_kit.widgets.printables import BUILDERS, worksheet
from fifteen_kit.widgets.printables.__main__ import main
from fifteen_kit.widgets.workbook import LESSONS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from printables_cases import FIXED_PAGES  # noqa: E402  (tests/ holds the cases shared with the fast tier)

FOLDER = ROOT / "build" / "printables"


@pytest.fixture(scope="module")
def manifest() -> dict[str, int]:
    listed = FOLDER / "manifest.json"
    if not listed.exists() or any(not (FOLDER / f"{name}.pdf").exists() for name in BUILDERS):
        assert main([str(FOLDER)]) == 0, "a printable page overflows its sheet (see the messages above)"
    return json.loads(listed.read_text(encoding="utf-8"))


def test_every_pdf_has_its_pages(manifest):
    import pypdfium2 as pdfium

    assert set(manifest) == set(BUILDERS)
    expected = dict(manifest)
    expected.update(FIXED_PAGES)  # computed from the kit's pieces, not read from the build
    expected.update({f"lesson-{n}-worksheet": len(worksheet(n).pages) for n in LESSONS})
    for name, pages in expected.items():
        pdf = pdfium.PdfDocument(FOLDER / f"{name}.pdf")
        try:
            assert len(pdf) == pages == manifest[name], f"{name}.pdf: {len(pdf)} pages, expected {pages}"
        finally:
            pdf.close()


def test_no_page_is_blank(manifest):
    import pypdfium2 as pdfium

    for name in manifest:
        pdf = pdfium.PdfDocument(FOLDER / f"{name}.pdf")
        try:
            for number in range(len(pdf)):
                image = pdf[number].render(scale=0.3, grayscale=True).to_pil().convert("L")
                width, height = image.size
                body = image.crop((0, 0, width, int(height * 0.9)))  # without the footer
                inked = sum(body.histogram()[:200])
                assert inked > 0.003 * width * height, f"{name}.pdf page {number + 1} is blank"
        finally:
            pdf.close()


def _used(image) -> float:
    # how far down the page's writing area the ink reaches, as a fraction (the footer's rule and below left out)
    width, height = image.size
    top, bottom = int(height * 14 / 297), int(height * (297 - 24) / 297)  # the page's margin and the footer
    rows = [y for y in range(top, bottom) if min(image.crop((0, y, width, y + 1)).getdata()) < 200]
    return (max(rows) - top) / (bottom - top) if rows else 0.0


@pytest.mark.parametrize("lesson", LESSONS)
def test_printed_worksheets_stand_alone_and_use_their_pages(manifest, lesson):
    """Issue 33: measured on the printed pages, every worksheet page is used for more than a third of its height,
    and its text points at nothing that is not on paper (the fast tier checks the HTML: tests/test_paper.py)."""
    import pypdfium2 as pdfium
    from test_paper import SCREEN

    pdf = pdfium.PdfDocument(FOLDER / f"lesson-{lesson}-worksheet.pdf")
    try:
        for number in range(len(pdf)):
            image = pdf[number].render(scale=0.5, grayscale=True).to_pil().convert("L")
            used = _used(image)
            assert used > 1 / 3, f"lesson {lesson}'s worksheet, page {number + 1}: {used:.0%} of the page used"
            text = " ".join(pdf[number].get_textpage().get_text_range().split())
            found = [text[max(0, m.start() - 40):m.end() + 20] for m in SCREEN.finditer(text)]
            assert not found, f"lesson {lesson}, page {number + 1} refers to what is not on paper: {found}"
    finally:
        pdf.close()
