"""Build the published site (``make site``): one static folder that a school opens from one link, or offline.

Run by ``make site`` with the tools of ``website/requirements.txt`` (in ``.venv-site``)::

    python -m website.build --output build/site --lite build/lite --printables build/printables \
        --lessons build/site-lessons

It stages the sources in a temporary folder (the lessons as ``make site`` has just executed them into
``--lessons``, the teacher guide as it is in the repository, plus the landing and printables pages of
:mod:`website.pages`), runs Sphinx on them with ``website/conf.py``
(a fresh build every time, warnings are errors), then adds the JupyterLite site (``make lite``) as ``lite/`` and
the PDFs (``make printables``) as ``printables/``.  The Binder links come from :mod:`website.address`
(``KIT_REPO``); the folder is what ``.github/workflows/publish.yml`` deploys to GitHub Pages.

Why executed copies: a lesson's page shows its boards as they were saved, drawn by the widgets' HTML manager from
the notebook's saved widget state, which git does not keep (:mod:`website.notebooks`); ``make site-lessons``
(a dependency of ``make site``) runs each lesson with nbconvert, which saves that state, into the build folder.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fifteen_kit.errors import InvalidArgumentError

from .address import kit_address
from .assets import vendor
from .pages import GUIDE, boards_in, landing_page, lessons_in, printables_in, printables_page, title_of

__all__ = ["build", "stage"]

ROOT = Path(__file__).resolve().parent.parent
WEBSITE = ROOT / "website"


def _guide_pages(guide: Path) -> list[str]:
    """The guide's pages as Sphinx names: its README, the lessons' pages, any other page, then the answers."""
    names = sorted(p.stem for p in guide.glob("*.md"))
    ordered = ["README"] * ("README" in names) + [n for n in names if n[:2].isdigit()] + [
        n for n in names if n != "README" and not n[:2].isdigit()]
    answers = sorted(p.stem for p in (guide / "answers").glob("*.md") if p.stem != "index")
    index = [f"{GUIDE}/answers/index"] if (guide / "answers" / "index.md").exists() else []
    return [f"{GUIDE}/{n}" for n in ordered] + index + [f"{GUIDE}/answers/{n}" for n in answers]


def _index_folders(guide: Path) -> None:
    """Give each folder the guide links to (``[answers](answers/)``, which GitHub shows as a listing) a page
    listing its pages, and point those links at it."""
    for page in guide.rglob("*.md"):
        text = page.read_text(encoding="utf-8")

        def to_index(m: re.Match[str], page: Path = page) -> str:
            folder = page.parent / m.group(1)
            if not folder.is_dir():
                return m.group(0)
            index = folder / "index.md"
            if not index.exists():
                entries = "\n".join(f"- [{title_of(p.read_text(encoding='utf-8'), p.stem)}]({p.name})"
                                     for p in sorted(folder.glob("*.md")) if p.name != "index.md")
                index.write_text(f"# {folder.name.capitalize()}\n\n{entries}\n", encoding="utf-8")
            return f"]({m.group(1)}/index.md)"

        new = re.sub(r"\]\(([\w./-]+?)/\)", to_index, text)
        if new != text:
            page.write_text(new, encoding="utf-8")


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _executed_lessons(folder: Path) -> list[Path]:
    """The numbered lessons in ``folder``, each checked to hold the widget state its saved boards are drawn from.

    Raises InvalidArgumentError when a lesson of the repository is missing there, or a widget view's model is not
    in its notebook's saved state (the lessons as git keeps them have none: ``make site-lessons`` executes them).
    """
    found = {p.name: p for p in folder.glob("[0-9][0-9]_*.ipynb")} if folder.is_dir() else {}
    for name in sorted(p.name for p in (ROOT / "lessons").glob("[0-9][0-9]_*.ipynb")):
        if name not in found:
            raise InvalidArgumentError("a lesson is missing: run `make site-lessons` first", input=str(folder / name),
                                       position="--lessons")
        notebook = json.loads(found[name].read_text(encoding="utf-8"))
        state = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        views = [out["data"][WIDGET_VIEW].get("model_id") for cell in notebook["cells"]
                 for out in cell.get("outputs", []) if WIDGET_VIEW in out.get("data", {})]
        missing = [view for view in views if view not in state]
        if missing:
            raise InvalidArgumentError(
                f"{len(missing)} of its {len(views)} widget views have no saved widget state, so the site could not "
                "draw them: give --lessons the lessons as `make site-lessons` executes them", input=name,
                position="--lessons")
    return [found[name] for name in sorted(found)]


def stage(source: Path, printables: Path, executed: Path) -> None:
    """Write the site's Sphinx sources into the empty folder ``source``, the lessons from ``executed``.

    Raises InvalidArgumentError when the lessons (executed, with their widget state) or the printables' manifest
    are missing.
    """
    lessons = source / "lessons"
    lessons.mkdir(parents=True)
    for notebook in _executed_lessons(executed):
        shutil.copy2(notebook, lessons / notebook.name)
    shutil.copytree(ROOT / GUIDE, source / GUIDE, ignore=shutil.ignore_patterns("*.ipynb", ".*"))
    _index_folders(source / GUIDE)
    sheets = printables_in(printables)
    extra = source / "_extra" / "printables"
    extra.mkdir(parents=True)
    for sheet in sheets:
        shutil.copy2(printables / f"{sheet.name}.pdf", extra / f"{sheet.name}.pdf")
    static = source / "_static"
    static.mkdir()
    for name in ("kit.css", "kit-widgets.js"):
        shutil.copy2(WEBSITE / name, static / name)
    vendor(static)
    (source / "printables.md").write_text(printables_page(sheets), encoding="utf-8")
    (source / "index.md").write_text(
        landing_page(lessons_in(lessons), boards_in(ROOT / "play"), _guide_pages(source / GUIDE), kit_address(),
                     len(sheets)), encoding="utf-8")


def build(output: Path, lite: Path, printables: Path, lessons: Path) -> None:
    """Build the whole site into ``output`` (replaced): Sphinx's pages, ``lite/`` and ``printables/``; the lessons'
    pages from the executed copies in ``lessons``.

    Raises InvalidArgumentError when the JupyterLite site or the executed lessons are missing; Sphinx's errors (or
    warnings) stop it.
    """
    if not (lite / "index.html").exists():
        raise InvalidArgumentError("no JupyterLite site here: run `make lite` first", input=str(lite),
                                   position="--lite")
    address = kit_address()
    print(f"site: Binder links for {address.repo if address else 'no public address (pages say how to publish)'}")
    with tempfile.TemporaryDirectory(prefix="kit-site-") as tmp:
        source, html, doctrees = Path(tmp, "src"), Path(tmp, "html"), Path(tmp, "doctrees")
        stage(source, printables, lessons)
        env = {**os.environ, "KIT_SITE_SOURCE": str(source)}
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-E", "-a", "-W", "--keep-going", "-q",
                        "-j", "auto", "-d", str(doctrees), "-c", str(WEBSITE), str(source), str(html)],
                       check=True, env=env)
        shutil.copytree(lite, html / "lite", ignore=shutil.ignore_patterns(".*"))
        (html / ".nojekyll").touch()  # GitHub Pages would hide _static/ and _sources/ from a Jekyll build
        shutil.rmtree(output, ignore_errors=True)
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(html, output)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--lite", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--printables", type=Path, default=ROOT / "build" / "printables")
    parser.add_argument("--lessons", type=Path, default=ROOT / "build" / "site-lessons",
                        help="the lessons executed with their widget state (make site-lessons)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    build(args.output.resolve(), args.lite.resolve(), args.printables.resolve(), args.lessons.resolve())
    files = [p for p in args.output.rglob("*") if p.is_file()]
    pages = [p for p in files if p.suffix == ".html" and "lite" not in p.relative_to(args.output).parts[:1]]
    size = sum(p.stat().st_size for p in files)
    print(f"site: {args.output} -- {len(pages)} pages besides lite/, {len(files)} files, {size / 2**20:.1f} MiB, "
          f"built in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
