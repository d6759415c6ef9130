"""Sign-in slips: each account's name and sign-in code on a slip to cut out and hand over, ten to an A4 page.

The page is one of the kit's printables (:class:`fifteen_kit.widgets.printables.page.Sheet`, the same print style
sheet), written to ``<state>/sign-in/slips.html`` when the hub starts (:func:`write_slips_html`) and printed to
``slips.pdf`` beside it by ``make hub`` with headless Chromium (:func:`print_slips`); both readable by the teacher
only (mode 0600, folder 0700).  The first page is the teacher's own; then one slip per pupil, with their name from
the class list when there is one (:func:`read_class_list`: names are text, escaped, never markup).

``python -m hub.slips --pupils 30 --out DIR`` makes the codes and slips for a Kubernetes hub (deploy/README.md).

>>> from hub.classroom import Classroom
>>> room = Classroom(pupils=2)
>>> sheet = slips_sheet(room, {"teacher": "aaaa-bbbb-cccc", "pupil01": "dddd-eeee-ffff", "pupil02": "gggg-hhhh-jjjj"},
...                     ["Ann <b>"])
>>> len(sheet.pages), "Ann &lt;b&gt;" in sheet.html(), "Ann <b>" in sheet.html()
(2, True, False)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from html import escape
from pathlib import Path

from fifteen_kit.widgets.printables.page import Sheet, page  # type: ignore[import-not-found]  # mypy sees widgets/ as widgets

from fifteen_kit.errors import InvalidArgumentError
from hub.accounts import ensure_codes, reset_page, sign_in_dir, write_private
from hub.classroom import TEACHER, Classroom

__all__ = ["MAX_NAME", "SLIPS_PER_PAGE", "main", "print_slips", "read_class_list", "slips_sheet", "write_slips_html"]

#: Slips on one A4 page (two columns of five) and the longest name a slip prints (characters).
SLIPS_PER_PAGE = 10
MAX_NAME = 60
#: Unicode's bidirectional controls: they would turn the text around them on the slip (and in an error message).
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_CSS = """<style>
.slips { display: grid; grid-template-columns: 88mm 88mm; grid-auto-rows: 47mm; gap: 0; justify-content: center; }
.slip { padding: 2.5mm 4mm; overflow: hidden; font-size: 11pt; line-height: 1.25; }
.slip .who { font-size: 12pt; min-height: 6mm; border-bottom: 0.3mm solid #999999; margin-bottom: 1.5mm; }
.slip .mono { font-family: "DejaVu Sans Mono", monospace; font-weight: bold; }
.slip .code { display: block; font-size: 17pt; letter-spacing: 0.6mm; white-space: nowrap; margin: 0.5mm 0 0 4mm; }
.slip .url { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; overflow-wrap: anywhere; }
.slip .note { font-size: 8pt; line-height: 1.2; color: #333333; margin-top: 1mm; }
.teacher { font-size: 12pt; }
</style>"""


def read_class_list(path: Path, pupils: int) -> list[str]:
    """The pupils' names in ``path`` (UTF-8 text, one name a line, blank lines skipped), at most ``pupils`` of them.

    The n-th name goes on pupil n's slip (``pupil01`` is the first).  Names are plain text: at most
    :data:`MAX_NAME` characters, no control or direction-changing characters.  Raises InvalidArgumentError naming
    the line otherwise, or when there are more names than pupils.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     names = Path(folder) / "names.txt"
    ...     _ = names.write_text("Ann\\n\\n<b>Bob</b>\\n", encoding="utf-8")
    ...     read_class_list(names, 30)
    ['Ann', '<b>Bob</b>']
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InvalidArgumentError("the class list must be UTF-8 text", input=str(path),
                                   position=f"byte {error.start}") from None
    names = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = line.strip()
        if not name:
            continue
        bad = [ch for ch in name if unicodedata.category(ch) in ("Cc", "Cs") or ch in _BIDI]
        if bad or len(name) > MAX_NAME:
            rule = f"control character {bad[0]!r}" if bad else f"more than {MAX_NAME} characters"
            raise InvalidArgumentError(f"a name in the class list has a {rule}", input=name,
                                       position=f"{path.name} line {number}")
        names.append(name)
    if len(names) > pupils:
        raise InvalidArgumentError(f"the class list has {len(names)} names for {pupils} pupil accounts "
                                   "(make hub PUPILS=... for more accounts)", input=str(path),
                                   position=f"{path.name} line {len(text.splitlines())}")
    return names


def _text(value: str) -> str:
    """``value`` as HTML text: escaped, and ``{`` as a character reference (Sheet fills in ``{page}`` markers)."""
    return escape(value).replace("{", "&#123;")


def _slip(room: Classroom, name: str, code: str, who: str) -> str:
    """One slip's HTML: the person's name (or a line to write it on), the address, account and code."""
    person = f"<b>{_text(who)}</b>" if who else "Name:"
    return (f'<div class="cut slip"><div class="who">{person}</div>'
            f'<div>Go to <span class="url">{_text(room.url)}</span></div>'
            f'<div>Account: <span class="mono">{_text(name)}</span></div>'
            f'<div>Sign-in code: <span class="mono code">{_text(code)}</span></div>'
            '<div class="note">Type both on the login page, dashes included. This code is your password: keep '
            "the slip to yourself. Lost it? Ask your teacher.</div></div>")


def slips_sheet(room: Classroom, codes: dict[str, str], names: list[str] | None = None) -> Sheet:
    """The slips document: the teacher's page, then the pupils' slips, :data:`SLIPS_PER_PAGE` to a page.

    ``codes``: name -> code for every account of ``room``; ``names``: the class list (pupil n's name is
    ``names[n - 1]``; missing ones leave a line to write on).  Raises InvalidArgumentError if an account has no
    code or there are more names than pupils.
    """
    accounts = room.accounts()
    missing = [name for name in accounts if not codes.get(name)]
    if missing:
        raise InvalidArgumentError("every account needs a sign-in code", input=missing[:5])
    names = list(names or [])
    pupils = accounts[1:]
    if len(names) > len(pupils):
        raise InvalidArgumentError(f"{len(names)} names for {len(pupils)} pupil accounts", input=len(names))
    teacher = (f'<div class="teacher"><p>Your own account: keep this page, do not hand it out.</p>'
               f'<div class="slips" style="justify-content:start">{_slip(room, TEACHER, codes[TEACHER], "Teacher")}'
               "</div>"
               "<h2>Handing out</h2><p>Cut the pupils' slips along the dashed lines and give each pupil theirs. "
               "Nobody can take another's account: an account opens only with its own code.</p>"
               f"<h2>Wrong passwords</h2><p>{room.lockout_after} wrong passwords in a row lock an account for "
               f"{room.lockout_seconds} seconds (the login page says so).</p>"
               "<h2>Lost slip, forgotten password, locked out</h2><p>Log in as "
               f"{_text(TEACHER)} and open <code>{_text(reset_page(room, pupils[0]))}</code>, with the pupil's "
               "account name at the end: type a new password for them (8 characters or more) and tell them. "
               "This also lifts a lockout. A pupil can choose their own password at "
               f"<code>{_text(room.url)}hub/change-password</code>.</p>"
               "<p>This page and the slips are in the hub's state folder, readable by you only; a code on a slip "
               "stops working once its pupil or you set another password.</p></div>")
    pages = [page("Class hub: sign-in codes", teacher, "For the teacher only")]
    for start in range(0, len(pupils), SLIPS_PER_PAGE):
        chunk = pupils[start:start + SLIPS_PER_PAGE]
        cells = "".join(_slip(room, name, codes[name], names[start + i] if start + i < len(names) else "")
                        for i, name in enumerate(chunk))
        pages.append(page("Class hub: sign-in slips", f'<div class="slips">{cells}</div>',
                          f"{chunk[0]} to {chunk[-1]}: cut along the dashed lines"))
    pages[0] = _CSS + pages[0]
    return Sheet("sign-in-slips", "Class hub: sign-in slips", tuple(pages))


def _names(room: Classroom) -> list[str]:
    """The class list's names, or none when ``room`` has no class list."""
    return read_class_list(Path(room.class_list), room.pupils) if room.class_list else []


def write_slips_html(room: Classroom, codes: dict[str, str]) -> Path:
    """Write the slips page to ``<state>/sign-in/slips.html`` (mode 0600) and return its path.

    >>> import tempfile
    >>> from hub.accounts import ensure_codes
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     room = Classroom(pupils=2, state=folder)
    ...     write_slips_html(room, ensure_codes(room)).name
    'slips.html'
    """
    path = sign_in_dir(room) / "slips.html"
    write_private(path, slips_sheet(room, codes, _names(room)).html())
    return path


def print_slips(room: Classroom, chromium: str | None = None, timeout: float = 120) -> Path | None:
    """Print ``<state>/sign-in/slips.html`` to ``slips.pdf`` beside it (mode 0600) with headless Chromium.

    ``chromium``: the browser (default ``$KIT_CHROMIUM``, else ``/usr/bin/chromium``).  Returns the PDF's path, or
    None when there is no Chromium or it failed (the HTML page can then be printed from any browser).
    """
    source = sign_in_dir(room) / "slips.html"
    browser = chromium or os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")
    if not source.exists() or shutil.which(browser) is None:
        return None
    target = source.with_suffix(".pdf")
    with tempfile.TemporaryDirectory(prefix="slips-", dir=source.parent) as scratch:
        printed = Path(scratch) / "slips.pdf"
        try:
            subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                            "--disable-component-update", "--no-first-run", "--disable-sync",
                            f"--user-data-dir={scratch}/profile", "--no-pdf-header-footer",
                            f"--print-to-pdf={printed}", source.resolve().as_uri()],
                           capture_output=True, timeout=timeout, check=True)
        except (OSError, subprocess.SubprocessError):
            return None
        if not printed.exists():
            return None
        printed.chmod(0o600)
        os.replace(printed, target)
    return target


def main(argv: list[str] | None = None) -> int:
    """``python -m hub.slips --pupils N --out DIR [--names FILE] [--url URL]``: codes and slips for a Kubernetes hub.

    Writes ``DIR/sign-in/codes.json`` (codes already there are kept), ``slips.html`` and ``slips.pdf``; prints
    where.  Returns 0, or 1 when the PDF could not be printed (the HTML page is there).
    """
    parser = argparse.ArgumentParser(prog="python -m hub.slips", description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--out", type=Path, required=True, help="folder (readable by you only)")
    parser.add_argument("--names", default="", help="class list: one name a line, in account order")
    parser.add_argument("--url", default="https://hub.example.org/", help="the hub's address, printed on each slip")
    args = parser.parse_args(argv)
    room = Classroom(pupils=args.pupils, state=str(args.out), public_url=args.url, class_list=args.names)
    html = write_slips_html(room, ensure_codes(room))
    pdf = print_slips(room)
    print(f"sign-in codes: {sign_in_dir(room) / 'codes.json'}\nslips: {pdf or html}")
    return 0 if pdf else 1


if __name__ == "__main__":
    sys.exit(main())
