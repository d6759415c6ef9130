"""The printable materials' HTML (fast: no browser): page counts computed from the kit, worksheets without answers,
answer sheets and rules cards from their one source.  tests/browser/test_printables.py prints them to PDF."""

import re
from html import escape, unescape

import pytest
from fifteen_kit.widgets.printables import (
    BUILDERS,
    answer_sheet,
    dice,
    five_by_15,
    game_of_15,
    rules,
    rules_card,
    sheets,
    worksheet,
)
from fifteen_kit.widgets.workbook import LESSONS, Exercise, Player, Predict, Why, answers, tasks
from fifteen_kit.widgets.workbook.paper import on_paper
from printables_cases import FIXED_PAGES

from fifteen_kit.answers import Choice
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.five_by_15.rules import COLOUR_LETTERS
from fifteen_kit.game_of_15 import DIGITS
from fifteen_kit.nasty15 import default_boards


def test_every_material_of_the_issue_is_built():
    expected = set(FIXED_PAGES) | {f"lesson-{n}-{kind}" for n in LESSONS for kind in ("worksheet", "answers")}
    assert set(BUILDERS) == expected


@pytest.mark.parametrize("name", sorted(FIXED_PAGES))
def test_page_counts_follow_from_the_pieces(name):
    (sheet,) = sheets(name)
    assert sheet.name == name and len(sheet.pages) == FIXED_PAGES[name]
    html = sheet.html()
    assert html.count('<section class="page">') == FIXED_PAGES[name]
    assert f"page {FIXED_PAGES[name]} of {FIXED_PAGES[name]}" in html


def test_the_pieces_are_all_there():
    assert game_of_15.tiles().html().count("<svg") == len(DIGITS)
    assert five_by_15.tiles().html().count("<svg") == len(COLOUR_LETTERS) * len(five_by_15.NUMBERS)
    boards = dice.goal_boards().html()
    for base, back in default_boards():
        assert base.notation() in boards and back.notation() in boards
    assert boards.count("W ≤ ?") == len(default_boards())  # every back shows the marker's place


def _outside_questions(html):
    # the worksheet's text without its questions, choice options, headings, labels and footers
    html = re.sub(r'<span class="q">.*?</span></div>|<div class="choices">.*?</div>', "", html, flags=re.S)
    html = re.sub(r'<h1>.*?</h1>|<p class="sub">.*?</p>|<footer>.*?</footer>|<span class="label">.*?</span>'
                  r"|<title>.*?</title>|<style>.*?</style>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("lesson", LESSONS)
def test_worksheets_ask_every_question_and_show_no_answer(lesson):
    sheet = worksheet(lesson)
    html = sheet.html()
    paper = on_paper(lesson)
    for item in tasks(lesson):
        assert paper.tasks[item.key].words[:60] in unescape(html), item.key
    # the rules in brief, the words and the tallies hold numbers of their own ("1 to 9"), but no answer
    boxes = r'(?s)<div class="(?:brief|note)">.*?</div>|<table class="sheet (?:words|tally)">.*?</table>'
    brief = re.findall(boxes, html)
    said = " ".join(re.sub(r"<[^>]+>", " ", b) for b in brief)
    rest = _outside_questions(re.sub(boxes + r"|<h2>.*?</h2>|<svg\b.*?</svg>|<figcaption.*?</figcaption>", "", html))
    assert not re.search(r"\d", rest), f"lesson {lesson}: a number outside the questions: {rest!r}"
    for item in tasks(lesson):
        if not isinstance(getattr(item, "form", None), Choice) and not isinstance(item, (Why, Player)):
            shown = item.renderings() if isinstance(item, Exercise) else [item.form.show(item.expected())]
            for text in shown:
                pattern = rf"(?<![\w.]){re.escape(text)}(?![\w.])"
                assert isinstance(item, Predict) or not re.search(pattern, rest), (item.key, text)
                assert len(text) < 2 or not re.search(pattern, said), (item.key, text)
        for text in (getattr(item, "solution", ""), getattr(item, "model", "")):
            if text and not callable(text):
                assert text[:40] not in html, item.key


@pytest.mark.parametrize("lesson", ["00", "01"])
def test_answer_sheets_print_the_answer_key(lesson):
    html = answer_sheet(lesson).html()
    for entry in answers(lesson):
        assert escape(entry.answer, quote=False) in html or entry.kind == "why", entry.key
        assert entry.key in html


def test_rules_cards_have_a_picture_and_a_worked_example():
    for game in rules.GAMES:
        card = rules_card(game).html()
        assert rules.rules_text(game) and "<h2>An example</h2>" in card and card.count("<svg") >= 1, game
        text = re.sub(r"<svg\b.*?</svg>|<style>.*?</style>", "", card, flags=re.S)
        for card_rule in rules.CARDS[game].rules:
            words = re.sub(r"[*`]", "", card_rule).split()[:5]
            assert " ".join(words) in " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split()), (game, card_rule)


def test_bad_names_are_refused():
    for call in (lambda: worksheet("7"), lambda: answer_sheet("99"), lambda: rules_card("chess"),
                 lambda: sheets("no-such-sheet"), lambda: dice.goal_boards([("x", "y")])):
        with pytest.raises(InvalidArgumentError):
            call()
