"""A4 pages of printable material: the page frame, its print style sheet, and a sheet of several pages.

A :class:`Sheet` is one printed document: a name (its file name), a title and a tuple of pages, each page
one A4 sheet of paper (``<section class="page">``, 210 x 297 mm, its content cut off rather than spilled onto
a second sheet, so the PDF has exactly ``len(sheet.pages)`` pages).  Everything prints black on white apart
from the pieces themselves, which keep the boards' colours and always carry their letters, numerals and pips.

>>> sheet = Sheet("demo", "Demo", (page("Demo", "<p>Hello</p>"),))
>>> sheet.html().count('class="page"'), len(sheet.pages)
(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from fifteen_kit import _check

#: The longest title and subtitle (characters), page body and Markdown text accepted.
MAX_TITLE = 200
MAX_BODY = 2_000_000
MAX_MARKDOWN = 20_000
MAX_LINES = 40

__all__ = ["CSS", "MAX_BODY", "MAX_LINES", "MAX_MARKDOWN", "MAX_TITLE", "Sheet", "markdown", "page", "ruled_lines"]

#: The print style sheet: A4 with no browser margins (each page draws its own), large type, page breaks.
CSS = """
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #ffffff; color: #111111; }
body { font-family: "DejaVu Serif", Georgia, "Times New Roman", serif; font-size: 13pt; line-height: 1.35;
       -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { width: 210mm; height: 297mm; padding: 14mm 15mm 16mm 15mm; overflow: hidden; position: relative;
        break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.page h1 { font-size: 21pt; margin: 0 0 2mm 0; }
.page h2 { font-size: 15pt; margin: 4mm 0 2mm 0; }
.page .sub { font-size: 11pt; color: #333333; margin: 0 0 4mm 0; }
.page footer { position: absolute; left: 15mm; right: 15mm; bottom: 7mm; font-size: 9pt; color: #444444;
               display: flex; justify-content: space-between; border-top: 0.3mm solid #999999; padding-top: 1mm; }
.cut { border: 0.3mm dashed #777777; }
.grid { display: grid; gap: 0; justify-content: center; }
.grid > div { display: flex; align-items: center; justify-content: center; }
.grid svg { display: block; }
.fit svg { width: 100%; height: auto; }
table.sheet { border-collapse: collapse; width: 100%; font-size: 12pt; }
table.sheet th, table.sheet td { border: 0.35mm solid #222222; padding: 1.5mm 2mm; text-align: center; }
table.sheet th { background: #eeeeee; }
table.sheet td { height: 10mm; }
.task { margin: 0 0 5mm 0; break-inside: avoid; }
.task .label { font-weight: bold; }
.task .q p { display: inline; margin: 0; }
.line { border-bottom: 0.3mm solid #777777; height: 9mm; }
.box { display: inline-block; border: 0.45mm solid #222222; width: 70mm; height: 11mm; vertical-align: middle; }
.choices { margin: 2mm 0 0 6mm; }
.choices > span { display: inline-block; margin: 0 7mm 1.5mm 0; }
.tick { display: inline-block; width: 4.5mm; height: 4.5mm; border: 0.4mm solid #222222; margin-right: 1.5mm;
        vertical-align: -0.5mm; }
.answer { margin: 1mm 0 0 6mm; }
.answer ol, .answer ul { margin: 1mm 0; padding-left: 7mm; }
.answer p { margin: 1mm 0; }
.rules li { margin: 0 0 3mm 0; }
.page table:not(.sheet) { border-collapse: collapse; margin: 1.5mm 0; font-size: 10pt; line-height: 1.3; }
.page table:not(.sheet) th, .page table:not(.sheet) td { border: 0.3mm solid #222222; padding: 0.8mm 1.5mm;
                                                         white-space: nowrap; text-align: left; }
.page table:not(.sheet) th { background: #eeeeee; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.92em; }
"""


@dataclass(frozen=True)
class Sheet:
    """One printable document: ``name`` (its file's name without ``.pdf``), ``title`` and its A4 ``pages``
    (turned sideways when ``landscape``).

    The kit builds sheets (:func:`~fifteen_kit.widgets.printables.sheets`); :meth:`html` is the whole
    document, ready for a browser's print to PDF.

    >>> Sheet("x", "X", ("<section class='page'></section>",)).html().startswith("<!DOCTYPE html>")
    True
    """

    name: str
    title: str
    pages: tuple[str, ...]
    landscape: bool = False

    def html(self) -> str:
        """The sheet as one HTML document: the print style sheet and every page, each one A4 sheet of paper."""
        total = len(self.pages)
        body = "".join(p.replace("{page}", f"page {i} of {total}") for i, p in enumerate(self.pages, start=1))
        css = CSS if not self.landscape else CSS.replace("size: A4;", "size: A4 landscape;").replace(
            "width: 210mm; height: 297mm;", "width: 297mm; height: 210mm;")
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(self.title)}</title>'
                f"<style>{css}</style></head><body>{body}</body></html>")


def page(title: str, body: str, subtitle: str = "") -> str:
    """One A4 page: a heading, an optional line under it, ``body`` (HTML) and a footer with the page number.

    ``title`` and ``subtitle`` are plain text (escaped) of at most MAX_TITLE characters; ``body`` is the kit's
    own markup (at most MAX_BODY characters).  Raises InvalidArgumentError otherwise.

    >>> '<h1>Tiles</h1>' in page("Tiles", "")
    True
    """
    _check.text(title, MAX_TITLE, "a page's title")
    _check.text(subtitle, MAX_TITLE, "a page's subtitle")
    _check.text(body, MAX_BODY, "a page's body")
    sub = f'<p class="sub">{escape(subtitle)}</p>' if subtitle else ""
    return (f'<section class="page"><h1>{escape(title)}</h1>{sub}{body}'
            f"<footer><span>fifteen-kit · {escape(title)}</span><span>{{page}}</span></footer></section>")


def ruled_lines(count: int) -> str:
    """``count`` ruled lines to write on (9 mm apart), 0 to MAX_LINES; raises InvalidArgumentError otherwise.

    >>> ruled_lines(2).count('class="line"')
    2
    """
    return '<div class="line"></div>' * _check.whole(count, 0, MAX_LINES, "the number of lines")


def markdown(text: str) -> str:
    """``text`` (the kit's Markdown: emphasis, lists, code; at most MAX_MARKDOWN characters) as HTML, by mistune.

    Raises InvalidArgumentError for anything but such text.

    >>> markdown("**15**")
    '<p><strong>15</strong></p>\\n'
    """
    import mistune

    return str(mistune.html(_check.text(text, MAX_MARKDOWN, "the Markdown text")))
