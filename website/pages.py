"""What the site's pages hold beyond their sources: the lesson list, launch buttons, the landing and printables pages.

Every link made here is relative (into the site's own ``lite/`` and ``printables/``) except Binder's and the
repository's, which come from :mod:`website.address`; where no public address is known the pages say how to
publish a copy (:data:`~website.address.HOW_TO_PUBLISH`) instead of showing a link that cannot work.

>>> lessons = [Lesson("01_magic_square", "The magic square behind the game")]
>>> print(launch_bar("lessons/01_magic_square", lessons, None))  # doctest: +ELLIPSIS
<div class="kit-launch" role="group" aria-label="Open this lesson">
<a class="kit-button kit-lite" href="../lite/lab/index.html?path=01_magic_square.ipynb">Open in the browser</a>
...
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

from fifteen_kit.errors import InvalidArgumentError

from .address import HOW_TO_PUBLISH, Address, lite_path

__all__ = [
    "Board",
    "Lesson",
    "Printable",
    "boards_in",
    "landing_page",
    "launch_bar",
    "lessons_in",
    "printables_in",
    "printables_page",
    "title_of",
]

GUIDE = "lessons/teacher_guide"
_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Lesson:
    """One lesson: its notebook's name without ``.ipynb`` (``01_magic_square``) and its title."""

    stem: str
    title: str

    @property
    def number(self) -> str:
        """The lesson's two digits (``"01"``)."""
        return self.stem[:2]

    @property
    def repo_path(self) -> str:
        """Its notebook's path in the repository."""
        return f"lessons/{self.stem}.ipynb"


@dataclass(frozen=True)
class Board:
    """One board of ``play/`` (an app with no code cells): its notebook's name without ``.ipynb`` and its title."""

    stem: str
    title: str

    @property
    def repo_path(self) -> str:
        """Its notebook's path in the repository."""
        return f"play/{self.stem}.ipynb"


@dataclass(frozen=True)
class Printable:
    """One printable PDF: its file's name without ``.pdf``, its title and its number of A4 pages."""

    name: str
    title: str
    pages: int


def title_of(markdown: str, fallback: str) -> str:
    """The text of the first level-1 heading of ``markdown``, without MyST/Markdown emphasis; else ``fallback``.

    >>> title_of("intro\\n# Lesson 01 · *The* magic square\\n", "x")
    'Lesson 01 · The magic square'
    >>> title_of("no heading", "x")
    'x'
    """
    m = _HEADING.search(markdown)
    return re.sub(r"[*_`]", "", m.group(1)).strip() if m else fallback


def _notebook_title(path: Path) -> str:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            return title_of(source if isinstance(source, str) else "".join(source), path.stem)
    return path.stem


def lessons_in(folder: Path) -> list[Lesson]:
    """The lessons of ``folder`` (``NN_name.ipynb``), in order, with the titles of their first headings.

    Raises InvalidArgumentError when there is none.
    """
    found = [Lesson(p.stem, _notebook_title(p)) for p in sorted(folder.glob("[0-9][0-9]_*.ipynb"))]
    if not found:
        raise InvalidArgumentError("no lesson notebook (NN_name.ipynb) here", input=str(folder), position="lessons")
    return found


def boards_in(folder: Path) -> list[Board]:
    """The boards of ``play/``, in order of their names, with the titles of their first headings."""
    return [Board(p.stem, _notebook_title(p)) for p in sorted(folder.glob("*.ipynb"))]


def _name_title(name: str) -> str:
    games = {"game_of_15": "Game of 15", "dice": "15 dice game", "five_by_15": "5x15", "fifteens": "Fifteens"}
    if m := re.fullmatch(r"lesson-(\d\d)-(worksheet|answers)", name):
        return f"Lesson {m.group(1)}: {'worksheet' if m.group(2) == 'worksheet' else 'answer sheet'}"
    if m := re.fullmatch(r"rules-(\w+)", name):
        return f"Rules card: {games.get(m.group(1), m.group(1))}"
    game, _, what = name.partition("-")
    return f"{games.get(game, game)}: {what.replace('-', ' ')}"


def printables_in(folder: Path) -> list[Printable]:
    """The PDFs of ``make printables`` (``folder``), in its manifest's order, titled from the sheets' HTML.

    Raises InvalidArgumentError when the manifest is missing or names a PDF that is not there.
    """
    manifest = folder / "manifest.json"
    if not manifest.exists():
        raise InvalidArgumentError("no manifest.json: run `make printables` first", input=str(folder),
                                   position="printables")
    out = []
    for name, pages in json.loads(manifest.read_text(encoding="utf-8")).items():
        if not (folder / f"{name}.pdf").exists():
            raise InvalidArgumentError("the manifest lists a PDF that is not there", input=f"{name}.pdf",
                                       position=str(folder))
        sheet = folder / "html" / f"{name}.html"
        title = _name_title(name)
        if sheet.exists() and (m := re.search(r"<title>(.*?)</title>", sheet.read_text(encoding="utf-8"), re.S)):
            title = html.unescape(m.group(1)).strip() or title
        out.append(Printable(name, title, int(pages)))
    return out


def _up(pagename: str) -> str:
    """The way from page ``pagename`` (``a/b/c``) up to the site's root (``../../``)."""
    return "../" * pagename.count("/")


def _publish_note() -> str:
    return f'<p class="kit-publish" role="note"><strong>No Binder link yet.</strong> {html.escape(HOW_TO_PUBLISH)}</p>'


def _binder(address: Address | None, repo_path: str) -> str:
    if address is None:
        return ""
    return (f'<a class="kit-button kit-binder" href="{html.escape(address.binder_url(repo_path))}">'
            "Open on Binder</a>")


def launch_bar(pagename: str, lessons: list[Lesson], address: Address | None) -> str:
    """The buttons at the top of a lesson's page or its teacher's page (``""`` on any other page).

    ``pagename`` is Sphinx's (``lessons/01_magic_square``, ``lessons/teacher_guide/01_magic_square``): "Open in the
    browser" (the site's JupyterLite, a relative link), "Open on Binder" (or how to publish when ``address`` is
    None), and a link between the pupils' lesson and the teacher's page.

    >>> a = Address.parse("school/kit")
    >>> bar = launch_bar("lessons/teacher_guide/01_magic_square", [Lesson("01_magic_square", "M")], a)
    >>> 'href="../../lite/lab/index.html?path=01_magic_square.ipynb"' in bar, "mybinder.org/v2/gh/school/kit" in bar
    (True, True)
    >>> launch_bar("index", [Lesson("01_magic_square", "M")], a)
    ''
    """
    by_stem = {lesson.stem: lesson for lesson in lessons}
    folder, _, stem = pagename.rpartition("/")
    if stem not in by_stem or folder not in ("lessons", GUIDE):
        return ""
    lesson, up = by_stem[stem], _up(pagename)
    other = (f'<a class="kit-button kit-other" href="{up}{GUIDE}/{stem}.html">Teacher\'s page</a>'
             if folder == "lessons" else
             f'<a class="kit-button kit-other" href="{up}lessons/{stem}.html">Pupils\' lesson</a>')
    buttons = [f'<a class="kit-button kit-lite" href="{up}{html.escape(lite_path(lesson.repo_path))}">'
               "Open in the browser</a>", _binder(address, lesson.repo_path), other]
    bar = "\n".join(b for b in buttons if b)
    saved = ('<p class="kit-saved">This page shows the lesson as it was saved: its boards do not respond here. '
             "To play and answer, open it in the browser.</p>" if folder == "lessons" else "")
    return (f'<div class="kit-launch" role="group" aria-label="Open this lesson">\n{bar}\n</div>\n{saved}'
            + ("" if address else _publish_note()))


def landing_page(lessons: list[Lesson], boards: list[Board], guide_pages: list[str], address: Address | None,
                 printables: int) -> str:
    """The landing page's MyST source: the three ways in (lessons, guide, printables), then every lesson.

    ``guide_pages`` are the Sphinx names of the guide's pages (for the hidden tables of contents that make the
    site's navigation); ``printables`` is the number of PDFs.

    >>> text = landing_page([Lesson("01_m", "M")], [], ["lessons/teacher_guide/README"], None, 3)
    >>> "lite/lab/index.html?path=01_m.ipynb" in text, "No Binder link yet" in text
    (True, True)
    """
    def lite(path: str) -> str:
        return f'<a class="kit-small-button kit-lite" href="{html.escape(lite_path(path))}">Open in the browser</a>'

    def binder(path: str) -> str:
        return (f'<a class="kit-small-button kit-binder" href="{html.escape(address.binder_url(path))}">Binder</a>'
                if address else "")

    rows = "\n".join(
        f"<tr><th scope=\"row\">{lesson.number}</th>"
        f"<td><a href=\"lessons/{lesson.stem}.html\">{html.escape(lesson.title)}</a></td>"
        f"<td>{lite(lesson.repo_path)} {binder(lesson.repo_path)}</td>"
        f"<td><a href=\"{GUIDE}/{lesson.stem}.html\">teacher's page</a> · "
        f"<a href=\"{GUIDE}/answers/{lesson.stem}.html\">answers</a></td></tr>"
        for lesson in lessons)
    board_rows = "\n".join(
        f"<li>{html.escape(board.title)}: {lite(board.repo_path)} {binder(board.repo_path)}</li>" for board in boards)
    published = (f'<p class="kit-address">This site: <a href="{html.escape(address.site_url)}">'
                 f"{html.escape(address.site_url)}</a> · the kit's source: "
                 f'<a href="{html.escape(address.repo_url)}">{html.escape(address.repo)}</a></p>'
                 if address else _publish_note())
    guide = [p for p in guide_pages if "/answers/" not in p]
    answers = [p for p in guide_pages if "/answers/" in p]
    toc = "".join(f"```{{toctree}}\n:caption: {caption}\n:hidden:\n\n" + "\n".join(entries) + "\n```\n\n"
                  for caption, entries in (("Lessons", [f"lessons/{lesson.stem}" for lesson in lessons]),
                                           ("Teacher guide", guide), ("Answers", answers),
                                           ("Printables", ["printables"])) if entries)
    return f"""# Fifteen-kit: the mathematics of 15

<p class="kit-lead">Seven lessons for pupils aged 13 to 15, built on four games about the number 15: magic squares,
perfect play, counting, dice and risk, strategy and search. Every lesson opens in the browser, with nothing to
install.</p>

<nav class="kit-doors" aria-label="The kit">
<a class="kit-door" href="#lessons"><span class="kit-door-title">Lessons</span>
<span>{len(lessons)} lessons to read here or open in the browser</span></a>
<a class="kit-door" href="{GUIDE}/README.html"><span class="kit-door-title">Teacher guide</span>
<span>plans, key questions, every answer</span></a>
<a class="kit-door" href="printables.html"><span class="kit-door-title">Printables</span>
<span>{printables} PDFs: worksheets, rules cards, game pieces</span></a>
</nav>

(lessons)=
## Lessons

<p>Read a lesson here (with its saved results), or open it to run it: <strong>in the browser</strong> (it runs on
the pupil's computer, even a Chromebook; the first start takes a while) or <strong>on Binder</strong> (a server
somewhere else; launch it before the lesson).</p>

<table class="kit-lessons">
<thead><tr><th scope="col">#</th><th scope="col">lesson</th><th scope="col">open it</th>
<th scope="col">for the teacher</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>

## Boards to play

<ul class="kit-boards">
{board_rows}
</ul>

## This copy of the kit

{published}

{toc}"""


def printables_page(printables: list[Printable]) -> str:
    """The printables page's MyST source: every PDF (served from the site's ``printables/``) with its pages.

    >>> print(printables_page([Printable("rules-dice", "Rules: dice", 1)]).splitlines()[-3])
    <tr><td><a href="printables/rules-dice.pdf">Rules: dice</a></td><td>1</td><td><code>rules-dice.pdf</code></td></tr>
    """
    rows = "\n".join(f'<tr><td><a href="printables/{html.escape(p.name)}.pdf">{html.escape(p.title)}</a></td>'
                     f"<td>{p.pages}</td><td><code>{html.escape(p.name)}.pdf</code></td></tr>" for p in printables)
    return f"""# Printables

Everything to print for the lessons and the unplugged games, as A4 PDF files: click one to open or download it,
then print at 100 % (actual size), so the tiles and cards come out at their size.
Worksheets and answer sheets follow the lessons; the answer sheets are for the teacher.

<table class="kit-printables">
<thead><tr><th scope="col">document</th><th scope="col">pages</th><th scope="col">file</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>
"""
