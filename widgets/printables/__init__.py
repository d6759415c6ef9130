"""Printable and unplugged materials (``make printables``): the games on paper, rules cards, worksheets.

Every document is a :class:`Sheet` of A4 pages of HTML, drawn with the kit's own pictures
(:mod:`fifteen_kit.svg`), so the paper pieces look like the boards.  ``python -m fifteen_kit.widgets.printables
DIR`` writes each sheet's HTML and prints it to ``DIR/<name>.pdf`` with headless Chromium (Playwright).

* Game of 15: the number tiles, the reference plate, a match score sheet (:mod:`.game_of_15`);
* the "15" dice game: every goal board front and back (also toner-light), a score pad, the handicap markers
  (:mod:`.dice`);
* 5x15: the 75 tiles, a small set per pair for lesson 06's exercises, the play area (:mod:`.five_by_15`);
* a rules card per game, in the engine's words (:mod:`.rules`);
* per lesson a worksheet and an answer sheet (:mod:`.lessons`).

>>> len(BUILDERS), next(iter(BUILDERS))
(30, 'game_of_15-tiles')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from fifteen_kit import _check

from . import dice, five_by_15, game_of_15
from .lessons import answer_sheet, worksheet
from .page import Sheet
from .rules import GAMES, rules_card

__all__ = ["BUILDERS", "GAMES", "Sheet", "answer_sheet", "dice", "five_by_15", "game_of_15", "rules_card", "sheets",
           "worksheet"]


def _builders() -> dict[str, Callable[[], Sheet]]:
    from ..workbook import LESSONS

    out: dict[str, Callable[[], Sheet]] = {
        "game_of_15-tiles": game_of_15.tiles, "game_of_15-plate": game_of_15.plate,
        "game_of_15-score-sheet": game_of_15.score_sheet, "dice-goal-boards": dice.goal_boards,
        "dice-goal-boards-light": partial(dice.goal_boards, light=True),
        "dice-score-pad": dice.score_pad, "dice-handicap-markers": dice.markers,
        "five_by_15-tiles": five_by_15.tiles, "five_by_15-exercise-sets": five_by_15.exercise_sets,
        "five_by_15-grid": five_by_15.grid}
    for game in GAMES:
        out[f"rules-{game}"] = partial(rules_card, game)
    for lesson in LESSONS:
        out[f"lesson-{lesson}-worksheet"] = partial(worksheet, lesson)
        out[f"lesson-{lesson}-answers"] = partial(answer_sheet, lesson)
    return out


#: Every printable sheet's name (its PDF's file name without ``.pdf``) and the function that builds it, in
#: the order of the teacher guide's list.  Answer sheets compute every answer of their lesson (lesson 06's take a
#: while); the others are quick.
BUILDERS: dict[str, Callable[[], Sheet]] = _builders()


def sheets(*names: str) -> tuple[Sheet, ...]:
    """The printable sheets named (names from :data:`BUILDERS`), or every one when no name is given.

    Raises InvalidArgumentError for a name that is not in BUILDERS.

    >>> [s.name for s in sheets("rules-dice")]
    ['rules-dice']
    """
    chosen = list(BUILDERS) if not names else [
        _check.choice(name, tuple(BUILDERS), "a sheet's name") for name in _check.items(names, 100, "names")]
    return tuple(BUILDERS[name]() for name in chosen)
