"""The site's generated pages (website/pages.py) without Sphinx: links from the one address setting, how to
publish where there is none, titles escaped, printables read from make printables' manifest."""

from __future__ import annotations

import json

import pytest

from fifteen_kit.errors import InvalidArgumentError
from website.address import HOW_TO_PUBLISH, Address, lite_path
from website.pages import (
    Board,
    Lesson,
    landing_page,
    launch_bar,
    lessons_in,
    printables_in,
    printables_page,
)

LESSONS = [Lesson("00_start_here", "Start here"), Lesson("01_magic_square", "Magic square")]
ADDRESS = Address.parse("some-school/fifteen-kit")


def test_without_an_address_pages_say_how_to_publish_and_show_no_binder_link():
    bar = launch_bar("lessons/01_magic_square", LESSONS, None)
    assert "mybinder" not in bar and "kit-binder" not in bar
    assert HOW_TO_PUBLISH.split(".")[0] in bar.replace("&#x27;", "'")
    landing = landing_page(LESSONS, [Board("dice", "Dice")], [], None, 0)
    assert "mybinder" not in landing and "<owner>" not in landing and "No Binder link yet" in landing


def test_with_an_address_every_button_comes_from_it():
    bar = launch_bar("lessons/01_magic_square", LESSONS, ADDRESS)
    assert f'href="{ADDRESS.binder_url("lessons/01_magic_square.ipynb")}"' in bar
    assert f'href="../{lite_path("lessons/01_magic_square.ipynb")}"' in bar
    assert 'href="../lessons/teacher_guide/01_magic_square.html"' in bar
    landing = landing_page(LESSONS, [Board("dice", "Dice")], [], ADDRESS, 26)
    assert ADDRESS.binder_url("play/dice.ipynb") in landing and ADDRESS.site_url in landing
    assert launch_bar("lessons/teacher_guide/answers/01_magic_square", LESSONS, ADDRESS) == ""
    assert launch_bar("lessons/99_nothing", LESSONS, ADDRESS) == ""


def test_hostile_titles_are_shown_as_text():
    evil = "<script>alert(1)</script>"
    landing = landing_page([Lesson("01_x", evil)], [Board("b", evil)], [], ADDRESS, 1)
    assert "<script>" not in landing and "&lt;script&gt;" in landing
    assert "<script>" not in printables_page(printables_in_fake(evil))


def printables_in_fake(title):
    from website.pages import Printable
    return [Printable("x", title, 1)]


def test_printables_follow_the_manifest(tmp_path):
    with pytest.raises(InvalidArgumentError, match="make printables"):
        printables_in(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps({"rules-dice": 1, "lesson-01-answers": 3}))
    with pytest.raises(InvalidArgumentError, match=r"rules-dice\.pdf"):
        printables_in(tmp_path)
    for name in ("rules-dice", "lesson-01-answers"):
        (tmp_path / f"{name}.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "rules-dice.html").write_text("<title>Rules &amp; more</title>")
    assert [(p.name, p.title, p.pages) for p in printables_in(tmp_path)] == [
        ("rules-dice", "Rules & more", 1), ("lesson-01-answers", "Lesson 01: answer sheet", 3)]


def test_lessons_are_found_in_order_with_their_titles(tmp_path):
    with pytest.raises(InvalidArgumentError):
        lessons_in(tmp_path)
    for stem, title in (("01_b", "# Lesson 01 · *B*"), ("00_a", "intro\n# A")):
        (tmp_path / f"{stem}.ipynb").write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": title}]}))
    assert lessons_in(tmp_path) == [Lesson("00_a", "A"), Lesson("01_b", "Lesson 01 · B")]
