"""Issue 33, printables that print right (fast tier, no browser): the goal boards' places front and back, the
toner-light boards' greyscale contrast.  tests/browser/test_printed_goal_boards.py measures the printed pages."""

import re

import pytest
from fifteen_kit.widgets.printables import dice

from fifteen_kit.nasty15.boards import COLOURS, Colour
from fifteen_kit.svg import LIGHT_TINT, _tint, dice_goal_board


def _luminance(colour: str) -> float:
    # WCAG relative luminance of ``#rrggbb``: what a greyscale print keeps of a colour
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21), the same in greyscale."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("slot", range(dice.BOARDS_PER_PAGE))
def test_a_back_card_is_its_front_mirrored(slot):
    left, top = dice.card_place(slot, False)
    back_left, back_top = dice.card_place(slot, True)
    assert top == back_top and back_left == dice.PAGE_WIDTH_MM - left - dice.CARD_MM[0]
    assert top + dice.CARD_MM[1] <= 297 - 14  # above the footer
    assert dice.card_place(slot, True, left=10.0)[0] == dice.PAGE_WIDTH_MM - 10.0 - dice.CARD_MM[0]


def test_every_page_places_its_cards_at_the_same_places():
    places = [re.findall(r'class="cut card" style="position:absolute;left:([\d.]+)mm;top:([\d.]+)mm', p)
              for p in dice.goal_boards().pages]
    assert all(p == places[0] for p in places) and len(places[0]) == dice.BOARDS_PER_PAGE


def test_light_dice_read_in_greyscale():
    """Pips on every light die face: contrast at least 7 (WCAG AAA) in greyscale; each die carries its letter."""
    board = dice_goal_board((2, 4, 2, 2, 4, 1), light=True)
    for colour in COLOURS:
        face = "#d4d4d4" if colour is Colour.BLACK else _tint(colour.hex, LIGHT_TINT)
        assert face in board or colour is Colour.RED  # red's target 1 here: its face shows no letter
        assert contrast(face, "#1f1f24") >= 7, (colour, contrast(face, "#1f1f24"))
        assert f'font-weight="bold" fill="#8c8c8c">{colour.value}</text>' in board  # its letter in its place
        assert f">{colour.value} ≤ " in board
    assert contrast("#8c8c8c", "#ffffff") >= 3  # the places' large letters (WCAG large text)
    assert "#2b3a4a" not in board


def test_the_dark_boards_are_unchanged_in_colour():
    board = dice_goal_board((4, 3, 3, 2, 2, 1))
    assert "#2b3a4a" in board and all(c.hex in board for c in COLOURS)


def test_five_by_15_tiles_are_big_enough_for_fingers():
    from fifteen_kit.widgets.printables import five_by_15

    from fifteen_kit.five_by_15.rules import COLOUR_LETTERS

    assert 24 <= five_by_15.CELL_MM <= 26
    html = five_by_15.tiles().html()
    assert html.count("<svg") == len(COLOUR_LETTERS) * 15 and len(five_by_15.tiles().pages) == 2
    # the letter's and the number's font size in mm: a fraction of the 48-unit tile drawn CELL_MM - 1 mm wide
    mm = (five_by_15.CELL_MM - 1) / 48
    letter = float(re.search(r'font-size="([\d.]+)" font-weight="bold" fill="[^"]+">B<', html).group(1)) * mm
    number = float(re.search(r'font-size="([\d.]+)" font-weight="bold" fill="[^"]+">1<', html).group(1)) * mm
    assert letter >= 5 and number >= 10, (letter, number)
    assert html.count('stroke-dasharray') == 0 and html.count('class="cut"') == 75


def test_exercise_sets_hold_every_tile_of_lesson_06s_exercises():
    from fifteen_kit.widgets.printables import five_by_15
    from fifteen_kit.widgets.workbook.lesson06 import FROZEN_EXAMPLE, TINY

    from fifteen_kit.errors import InvalidArgumentError
    from fifteen_kit.five_by_15 import Position

    colours, numbers = five_by_15.exercise_set()
    kit = {(c, n) for c, ns in zip(colours, numbers, strict=True) for n in ns}
    for text in (TINY, FROZEN_EXAMPLE):
        used = {cell for row in Position.parse(text).grid for cell in row if cell}
        assert used <= kit, text
    assert len(kit) == 15
    sheet = five_by_15.exercise_sets()
    assert len(sheet.pages) == 4 and sheet.html().count("<svg") == 14 * 15  # a class of 28: 14 pairs, 4 pages
    for bad in (0, 101, 2.5, "14"):
        with pytest.raises(InvalidArgumentError):
            five_by_15.exercise_sets(bad)


#: What a pupil's rules card must not say: the engine's parameter names and code, its own jargon.
PROGRAMMER = re.compile(r'\w+="|``|<code>|seeded|\bcoin flip\b|\bNone\b|\bTrue\b|\bFalse\b|\d\.\.\d|\bRNG\b'
                        r"| -- |\bL1\b|\bnotation\b|\(Law \d|\b\d\.\d\.?\d?\b(?! ?[×x])")


@pytest.mark.parametrize("game", ["game_of_15", "dice", "fifteens", "five_by_15"])
def test_rules_cards_speak_to_pupils(game):
    from html import unescape

    from fifteen_kit.widgets.printables import rules, rules_card

    html = rules_card(game).html()
    text = unescape(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<svg\b.*?</svg>|<style>.*?</style>|<title>.*?</title>",
                                                   "", html)))
    assert not PROGRAMMER.search(text), (game, PROGRAMMER.search(text))
    assert len(re.findall(r"\bplayers?\b", text.split("Aim:")[0])) == 1, game  # the number of players, once
    picture, steps = rules.example(game)
    assert picture.startswith("<svg") and picture in html and 2 <= len(steps) <= 8
    assert all(unescape(step) in " ".join(text.split()) for step in steps), game


def test_the_dice_example_is_scored_by_the_engine():
    from fifteen_kit.widgets.printables import rules

    from fifteen_kit.nasty15.boards import PUBLIC_BOARD
    from fifteen_kit.nasty15.rules import Turn

    turn = Turn.start(PUBLIC_BOARD).roll_with((5, 2, 6, 1, 3, 1)).play("place Y R").play("roll")
    turn = turn.roll_with((3, None, 2, 2, 6, None)).play("place B K W").play("stop")
    assert f"= {turn.score}." in rules.example("dice")[1][-1]
