"""Sign-in codes and slips of the class hub (hub/accounts.py, hub/slips.py), without a hub (issue 29, bullet 4).

The codes are random from `secrets`, long, unambiguous on paper and kept where only the teacher reads them; the
slips page carries each code once, escapes every name of a class list and refuses names that could disguise text.
"""

import collections
import doctest
import json
import math
import re
import shutil
import stat
from pathlib import Path

import pytest

import hub.accounts
import hub.slips
from fifteen_kit.errors import InvalidArgumentError
from hub.accounts import (
    CODE_ALPHABET,
    CODE_BITS,
    TEACHER_SCOPES,
    announcement,
    codes_path,
    configure,
    ensure_codes,
    new_code,
    read_codes,
    reset_page,
    sign_in_dir,
)
from hub.classroom import TEACHER, Classroom
from hub.slips import MAX_NAME, SLIPS_PER_PAGE, print_slips, read_class_list, slips_sheet, write_slips_html

CODE = re.compile(rf"[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}")


@pytest.mark.parametrize("module", [hub.accounts, hub.slips])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0


def test_codes_are_long_random_and_readable():
    codes = [new_code() for _ in range(3000)]
    assert all(CODE.fullmatch(code) for code in codes)
    assert len(set(codes)) == len(codes)
    assert not set(CODE_ALPHABET) & set("0o1liI") and len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) == 31
    assert pytest.approx(12 * math.log2(31), abs=0.01) == CODE_BITS and CODE_BITS > 59
    # every symbol turns up about equally often (36000 draws of 31 symbols: about 1161 each)
    counts = collections.Counter("".join(codes).replace("-", ""))
    assert set(counts) == set(CODE_ALPHABET)
    assert all(1000 < n < 1330 for n in counts.values()), counts


def test_codes_come_from_secrets(monkeypatch):
    drawn = []

    def choice(alphabet):
        drawn.append(alphabet)
        return alphabet[len(drawn) % len(alphabet)]

    monkeypatch.setattr(hub.accounts.secrets, "choice", choice)
    assert new_code() == "bcde-fghj-kmnp" and len(drawn) == 12


def test_codes_file_is_private_and_kept(tmp_path):
    room = Classroom(pupils=3, state=str(tmp_path / "state"))
    first = ensure_codes(room)
    assert list(first) == [TEACHER, "pupil01", "pupil02", "pupil03"] and len(set(first.values())) == 4
    assert stat.S_IMODE(codes_path(room).stat().st_mode) == 0o600
    assert stat.S_IMODE(sign_in_dir(room).stat().st_mode) == 0o700
    assert ensure_codes(room) == first == read_codes(room)  # a restart keeps every code
    bigger = Classroom(pupils=5, state=room.state)
    grown = ensure_codes(bigger)
    assert {k: grown[k] for k in first} == first and len(set(grown.values())) == 6
    assert json.loads(codes_path(room).read_text())["accounts"] == grown
    assert [p.name for p in sign_in_dir(room).iterdir()] == ["codes.json"]  # no temporary file left


def test_configure_sets_the_authenticator_accounts_and_lockout(tmp_path):
    from traitlets.config import Config

    c = Config()
    room = Classroom(pupils=2, state=str(tmp_path), lockout_after=7, lockout_seconds=30)
    configure(c, room)
    assert c.JupyterHub.authenticator_class == "hub.authenticator.ClassroomAuthenticator"
    assert c.ClassroomAuthenticator.codes_file == str(codes_path(room))
    assert (c.ClassroomAuthenticator.allowed_failed_logins, c.ClassroomAuthenticator.seconds_before_next_try) == (7, 30)
    assert c.ClassroomAuthenticator.enable_signup is False
    assert c.Authenticator.allowed_users == {TEACHER, "pupil01", "pupil02"}
    assert c.Authenticator.admin_users == set()  # the teacher's rights are the "teacher" role's
    assert c.JupyterHub.load_roles == [{"name": "teacher", "description": c.JupyterHub.load_roles[0]["description"],
                                        "scopes": TEACHER_SCOPES, "users": [TEACHER]}]
    assert "access:servers" not in TEACHER_SCOPES and "tokens" not in TEACHER_SCOPES
    assert c.JupyterHub.template_vars["announcement_login"] == announcement(room)
    assert stat.S_IMODE((sign_in_dir(room) / "slips.html").stat().st_mode) == 0o600
    assert all(code in (sign_in_dir(room) / "slips.html").read_text() for code in read_codes(room).values())


def test_lockout_settings_are_checked():
    for bad in ({"lockout_after": 0}, {"lockout_seconds": 0}, {"lockout_after": 101}):
        with pytest.raises(ValueError, match="lockout"):
            Classroom(**bad)
    assert Classroom.from_env(Classroom(lockout_seconds=9, class_list="/x").to_env()).lockout_seconds == 9
    with pytest.raises(ValueError, match="not an account"):
        reset_page(Classroom(pupils=2), "pupil03")


def _codes(room):
    return {name: new_code() for name in room.accounts()}


def test_slips_carry_each_code_once_ten_to_a_page():
    room = Classroom(pupils=30)
    codes = _codes(room)
    sheet = slips_sheet(room, codes)
    assert len(sheet.pages) == 1 + math.ceil(30 / SLIPS_PER_PAGE)
    html = sheet.html()
    for name, code in codes.items():
        assert html.count(code) == 1, name
    assert codes[TEACHER] in sheet.pages[0] and not any(codes[TEACHER] in p for p in sheet.pages[1:])
    for number, page in enumerate(sheet.pages[1:]):
        assert page.count('class="cut slip"') == SLIPS_PER_PAGE
        assert f"pupil{number * 10 + 1:02d}" in page
    assert room.url in html and reset_page(room, "pupil01") in html
    with pytest.raises(InvalidArgumentError, match="code"):
        slips_sheet(room, {k: v for k, v in codes.items() if k != "pupil07"})


HOSTILE = ['<script>alert("pwned")</script>', "Ann & <b>Bob</b>", "\"'><img src=x onerror=alert(1)>",
           "{page}", "Zoë Ångström-Łukasiewicz"]


def test_hostile_names_are_escaped_text(tmp_path):
    room = Classroom(pupils=5)
    html = slips_sheet(room, _codes(room), HOSTILE).html()
    assert "<script>" not in html and "<img" not in html and "<b>Bob" not in html and "onerror=alert(1)>" not in html
    assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;" in html
    assert "Ann &amp; &lt;b&gt;Bob&lt;/b&gt;" in html
    assert "Zoë Ångström-Łukasiewicz" in html
    assert "<b>&#123;page}</b>" in html  # shown as typed, not taken for the sheet's page-number marker


def test_class_list_from_a_file(tmp_path):
    names = tmp_path / "names.txt"
    names.write_text("\n".join(["Ann", "", "  Bob  ", *HOSTILE[:2]]) + "\n", encoding="utf-8")
    assert read_class_list(names, 5) == ["Ann", "Bob", *HOSTILE[:2]]
    with pytest.raises(InvalidArgumentError, match="4 names for 3 pupil accounts"):
        read_class_list(names, 3)
    for bad, rule in [("Ann\x1b[2J", "control character"), ("Ann\u202eevil", "control character"),
                      ("x" * (MAX_NAME + 1), "more than")]:
        names.write_text(f"Bob\n{bad}\n", encoding="utf-8")
        with pytest.raises(InvalidArgumentError, match=rule) as error:
            read_class_list(names, 5)
        assert "names.txt line 2" in str(error.value)
    names.write_bytes(b"Ann\n\xff\xfe\n")
    with pytest.raises(InvalidArgumentError, match="UTF-8"):
        read_class_list(names, 5)
    names.write_text("Ann\nBob\n", encoding="utf-8")
    room = Classroom(pupils=2, state=str(tmp_path / "state"), class_list=str(names))
    page = write_slips_html(room, ensure_codes(room)).read_text()
    assert "<b>Ann</b>" in page and "<b>Bob</b>" in page


@pytest.mark.skipif(shutil.which("/usr/bin/chromium") is None, reason="Chromium prints the PDF (make test installs it)")
def test_slips_print_to_a_private_pdf(tmp_path):
    room = Classroom(pupils=12, state=str(tmp_path / "state"))
    write_slips_html(room, ensure_codes(room))
    pdf = print_slips(room)
    assert pdf == sign_in_dir(room) / "slips.pdf"
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", data)) == 3
    assert stat.S_IMODE(pdf.stat().st_mode) == 0o600
    assert sorted(p.name for p in sign_in_dir(room).iterdir()) == ["codes.json", "slips.html", "slips.pdf"]
    assert print_slips(room, chromium=str(Path(tmp_path) / "no-such-browser")) is None
