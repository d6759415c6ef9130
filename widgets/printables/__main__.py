"""``python -m fifteen_kit.widgets.printables DIR``: every sheet as HTML in DIR/html/ and as a PDF in DIR/.

DIR/manifest.json lists each PDF's name and its number of pages (the tests compare the PDFs with it).

Each HTML page is printed by headless Chromium through Playwright (Debian's Chromium at ``--chromium``, by
default ``$KIT_CHROMIUM`` or ``/usr/bin/chromium``; Playwright's own browser download is not used).  Before
printing, every page is measured: a page whose content is taller than its A4 sheet stops the build, naming it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from . import sheets

__all__ = ["main"]

_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync"]
_OVERFLOW = """() => [...document.querySelectorAll('section.page')]
    .map((p, i) => [i + 1, p.scrollHeight - p.clientHeight, p.scrollWidth - p.clientWidth])
    .filter(([, h, w]) => h > 1 || w > 1)"""


def main(argv: list[str] | None = None) -> int:
    """Write every sheet's HTML and PDF into the folder given; 0 when every page fits its sheet."""
    parser = argparse.ArgumentParser(prog="python -m fifteen_kit.widgets.printables")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these sheets (names as in BUILDERS)")
    parser.add_argument("--chromium", default=os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    start = time.monotonic()
    html_dir = args.folder / "html"
    html_dir.mkdir(parents=True, exist_ok=True)
    problems = []
    every = sheets(*(args.only or ()))
    listed = args.folder / "manifest.json"
    manifest = json.loads(listed.read_text(encoding="utf-8")) if args.only and listed.exists() else {}
    manifest.update({sheet.name: len(sheet.pages) for sheet in every})
    listed.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=_ARGS)
        try:
            page = browser.new_page()
            for sheet in every:
                source = html_dir / f"{sheet.name}.html"
                source.write_text(sheet.html(), encoding="utf-8")
                page.goto(source.resolve().as_uri())
                page.emulate_media(media="print")
                for number, tall, wide in page.evaluate(_OVERFLOW):
                    problems.append(f"{sheet.name}: page {number} overflows by {tall} px down, {wide} px across")
                page.pdf(path=str(args.folder / f"{sheet.name}.pdf"), prefer_css_page_size=True,
                         print_background=True)
                print(f"{sheet.name}.pdf: {len(sheet.pages)} page{'s' if len(sheet.pages) > 1 else ''}")
        finally:
            browser.close()
    print(f"{len(every)} PDF files in {args.folder} ({time.monotonic() - start:.0f} s)")
    for problem in problems:
        print("overflow:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
