"""The links a reader clicks, written from the one address setting into marked regions of the kit's pages.

A region is the text between two HTML comments, which Markdown, JupyterLab and the published site do not show::

    <!-- links:lessons for=none -->
    ...generated text...
    <!-- /links:lessons -->

``lessons`` names the kind of text (:data:`KINDS`); ``for=`` records the address it was written for (``owner/name``
and the branch when it is not ``main``, or ``none`` where the kit has no public address yet).  Where there is no
address a region says how to publish a copy (:data:`website.address.HOW_TO_PUBLISH`), never a template.

* :func:`section` is the text of one kind for an :class:`~website.address.Address` (or ``None``); the published
  site calls :func:`render` on its copies of these pages with ``KIT_REPO`` set.
* ``python -m website.links`` rewrites every region of :data:`PAGES` for :func:`~website.address.kit_address`
  (``KIT_REPO``, else the ``origin`` remote); ``--check`` only says which are stale and exits 1 if any is.
* ``tests/test_links.py`` fails when a committed region differs from what :func:`section` writes for the address
  the region records, so the regions follow every change of the generator or of the lessons.

In ``lessons/00_start_here.ipynb`` only the markdown cell holding a region is rewritten (through nbformat; the
cell's id, every other cell and every output stay as they are).

>>> from website.address import Address
>>> text = "<!-- links:site for=none -->\\nold\\n<!-- /links:site -->\\n"
>>> print(render(text, Address.parse("school/kit")).splitlines()[0])
<!-- links:site for=school/kit -->
>>> stale(render(text, None)), stale(text)
([], ['site'])
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from fifteen_kit.errors import InvalidArgumentError
from website.address import HOW_TO_PUBLISH, ROOT, Address, kit_address

__all__ = ["KINDS", "PAGES", "lesson_titles", "main", "regions", "render", "section", "stale", "write_pages"]

#: The pages holding regions, relative to the repository's root.
PAGES = ("README.md", "lessons/teacher_guide/README.md", "lessons/teacher_guide/chromebooks.md",
         "lessons/00_start_here.ipynb")
LESSONS = ROOT / "lessons"
BADGE = "https://mybinder.org/badge_logo.svg"
#: The teacher's notebook that reads the class's results (in the site as teacher/class_results.ipynb).
CLASS_RESULTS = "lessons/teacher/class_results.ipynb"

_REGION = re.compile(r"<!-- links:(?P<kind>[a-z]+) for=(?P<addr>\S+) -->\n(?P<body>.*?)<!-- /links:(?P=kind) -->",
                     re.S)


def lesson_titles(folder: Path = LESSONS) -> dict[str, str]:
    """``{path from the repository's root: title}`` of every numbered lesson, in order, from each notebook's
    first heading (``# Lesson 01 · The magic square ...`` gives ``The magic square ...``).

    >>> titles = lesson_titles()
    >>> titles["lessons/00_start_here.ipynb"], len(titles) >= 7
    ('Start here', True)
    """
    titles = {}
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        heading = next((line for cell in cells if cell["cell_type"] == "markdown"
                        for line in "".join(cell["source"]).splitlines() if line.startswith("# ")), path.stem)
        title = heading.removeprefix("# ").split(" · ")[-1].strip()
        titles[f"lessons/{path.name}"] = title[:1].upper() + title[1:]
    return titles


def _start(address: Address | None) -> str:
    # README's first screen: the published site and Binder (make lab is written beside the region).
    if address is None:
        return ("* **The published site** (lessons to read and to run in the browser, the teacher guide and the "
                "printables; nothing to install, works on Chromebooks) and **Binder** (JupyterLab on a public "
                "server): this copy of the kit has no public address yet, so there is no link to click. "
                "[How to publish it](#publish-your-copy) takes one push and one setting.\n")
    return (f"* **The published site**, {address.site_url}: every lesson to read, *Open in the browser* "
            "(JupyterLite: Python runs in the tab; nothing to install, works on Chromebooks), the teacher guide "
            f"and the printables. Lesson 00 in the browser: [open it]({address.lite_url()}).\n"
            f"* **Binder** (JupyterLab on a public server, nothing to install): "
            f"[![Launch on Binder]({BADGE})]({address.binder_url()})\n")


def _lessons(address: Address | None) -> str:
    # A table of every lesson (and the class results notebook) with its two links.
    pages = {**lesson_titles(), CLASS_RESULTS: "Class results (the teacher's notebook)"}
    if address is None:
        rows = [f"| `{Path(p).name}` | {t} |" for p, t in pages.items()]
        return ("No links yet. " + HOW_TO_PUBLISH + " Then `python -m website.links` writes each lesson's links "
                "here.\n\n| notebook | lesson |\n|---|---|\n" + "\n".join(rows) + "\n")
    rows = [f"| `{Path(p).name}` | {t} | [open]({address.lite_url(p)}) | [open]({address.binder_url(p)}) |"
            for p, t in pages.items()]
    return ("| notebook | lesson | in the browser (JupyterLite) | on Binder |\n|---|---|---|---|\n"
            + "\n".join(rows) + "\n")


def _site(address: Address | None) -> str:
    # The Chromebook page: the two addresses a teacher hands out.
    first = "lessons/01_magic_square.ipynb"
    if address is None:
        return ("This copy of the kit has no public address yet, so this page cannot give you the link. "
                + HOW_TO_PUBLISH.removeprefix("This copy of the kit has no public address yet. ")
                + " Until then a colleague can run `make lite` and put the folder `build/lite/` on any web "
                "server of the school; the links are then that server's address followed by "
                "`lab/index.html?path=01_magic_square.ipynb` (lesson 01) or "
                "`lab/index.html?path=teacher/class_results.ipynb` (class results).\n")
    return (f"* The site (lessons to read, the guide, the printables): {address.site_url}\n"
            f"* Lesson 01 in the browser, the link to give the class: {address.lite_url(first)}\n"
            f"* Your class results notebook: {address.lite_url(CLASS_RESULTS)}\n")


_OWN_COMPUTER = (
    "* **Your own computer**: with Python 3.10 to 3.13 and `make`, run `make lab` in the kit's folder and open the "
    "printed address in a browser.\n"
    "* **Teachers**: the [teacher guide](teacher_guide/README.md) has goals, timings, answers and common "
    "misconceptions for every lesson.\n")


def _pupil(address: Address | None) -> str:
    # Lesson 00's cell: what a pupil reads (one list, so that it renders as one).
    return _pupil_online(address) + _OWN_COMPUTER


def _pupil_online(address: Address | None) -> str:
    if address is None:
        return ("* **In the browser or on Binder** (nothing to install): open the link your teacher gives you. "
                "(Teachers: this copy of the kit has no public address yet; the kit's README says how to "
                "publish it, one push and one setting.)\n")
    return (f"* **In the browser** (nothing to install; works on a Chromebook): "
            f"[open the kit in the browser]({address.lite_url()}). Your work is kept in that browser only: "
            "at the end, choose **File ▸ Download**.\n"
            f"* **Binder** (nothing to install): [open the kit on Binder]({address.binder_url()}). A Binder "
            "session is thrown away when it ends: download your notebook to keep it.\n")


#: Each kind of region and the function writing its text.
KINDS: dict[str, Callable[[Address | None], str]] = {
    "start": _start, "lessons": _lessons, "site": _site, "pupil": _pupil}


def section(kind: str, address: Address | None) -> str:
    """The text of a region of ``kind`` (one of :data:`KINDS`) for ``address`` (``None``: no public address).

    The text ends with a newline and holds no ``<owner>`` or ``<repo>`` template.

    Raises:
        InvalidArgumentError: ``kind`` is not one of :data:`KINDS`.

    >>> "mybinder.org/v2/gh/school/kit/main" in section("start", Address.parse("school/kit"))
    True
    >>> "no public address" in section("pupil", None)
    True
    """
    if kind not in KINDS:
        raise InvalidArgumentError(f"a region is one of {', '.join(KINDS)}", input=kind, position="links:")
    return KINDS[kind](address)


def _label(address: Address | None) -> str:
    if address is None:
        return "none"
    return address.repo + ("" if address.branch == "main" else f"@{address.branch}")


def _address(label: str) -> Address | None:
    if label == "none":
        return None
    repo, _, branch = label.partition("@")
    return Address.parse(repo, branch or "main")


def regions(text: str) -> list[tuple[str, Address | None, str]]:
    """``(kind, the address it records, its text)`` of every region in ``text``, in order.

    Raises:
        InvalidArgumentError: a region records an address that is not ``owner/name``.

    >>> regions("a\\n<!-- links:pupil for=a/b@dev -->\\nx\\n<!-- /links:pupil -->")
    [('pupil', Address(owner='a', name='b', branch='dev'), 'x\\n')]
    """
    return [(m["kind"], _address(m["addr"]), m["body"]) for m in _REGION.finditer(text)]


def render(text: str, address: Address | None) -> str:
    """``text`` with every region rewritten by :func:`section` for ``address``, its marker recording it.

    Raises:
        InvalidArgumentError: a region of an unknown kind.

    >>> render("no regions here", None)
    'no regions here'
    """
    def one(m: re.Match[str]) -> str:
        kind = m["kind"]
        return f"<!-- links:{kind} for={_label(address)} -->\n{section(kind, address)}<!-- /links:{kind} -->"

    return _REGION.sub(one, text)


def stale(text: str) -> list[str]:
    """The kinds of the regions in ``text`` whose text is not what :func:`section` writes for the address each
    records (empty: every region is up to date).

    >>> stale("<!-- links:site for=none -->\\nhand-edited\\n<!-- /links:site -->")
    ['site']
    """
    return [kind for kind, address, body in regions(text) if body != section(kind, address)]


def _markdown_of(path: Path) -> list[str]:
    # The texts holding regions: the file, or a notebook's markdown cells.
    if path.suffix != ".ipynb":
        return [path.read_text(encoding="utf-8")]
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def _rewrite(path: Path, address: Address | None) -> bool:
    if path.suffix != ".ipynb":
        text = path.read_text(encoding="utf-8")
        new = render(text, address)
        if new != text:
            path.write_text(new, encoding="utf-8")
        return new != text
    import nbformat

    notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    changed = False
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and _REGION.search(cell.source):
            new = render(cell.source, address)
            changed, cell.source = changed or new != cell.source, new
    if changed:
        nbformat.write(notebook, path)
    return changed


def write_pages(address: Address | None, root: Path = ROOT, check: bool = False) -> list[str]:
    """Rewrite every region of :data:`PAGES` under ``root`` for ``address``; the pages that changed (with
    ``check``, nothing is written: the pages that would change).

    Raises:
        InvalidArgumentError: a page of :data:`PAGES` holds no region (its markers were lost).
    """
    changed = []
    for page in PAGES:
        path = root / page
        texts = _markdown_of(path)
        if not any(regions(t) for t in texts):
            raise InvalidArgumentError("a page that shows links holds no <!-- links:... --> region", input=page)
        if check:
            if any(render(t, address) != t for t in texts):
                changed.append(page)
        elif _rewrite(path, address):
            changed.append(page)
    return changed


def main(argv: list[str] | None = None) -> int:
    """``python -m website.links [--check]``: rewrite (or check) the regions for the kit's address."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a region is stale")
    args = parser.parse_args(argv)
    address = kit_address()
    where = f"for {address.repo}" if address else "with no public address (KIT_REPO unset, no GitHub origin)"
    changed = write_pages(address, check=args.check)
    for page in changed:
        print(f"{page}: {'stale' if args.check else 'rewritten'} {where}")
    if not changed:
        print(f"every region is up to date {where}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
