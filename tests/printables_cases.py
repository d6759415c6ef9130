"""The page count of every printable sheet that does not depend on a lesson's text, computed from the kit's pieces
(used by tests/test_printables.py and tests/browser/test_printed_pdfs.py)."""

from math import ceil

from fifteen_kit.widgets.printables import dice, five_by_15, game_of_15, rules

from fifteen_kit.five_by_15.rules import COLOUR_LETTERS
from fifteen_kit.game_of_15 import DIGITS
from fifteen_kit.nasty15 import default_boards

FIXED_PAGES = {
    "game_of_15-tiles": ceil(len(DIGITS) / game_of_15.TILES_PER_PAGE),
    "game_of_15-plate": 1, "game_of_15-score-sheet": 1,
    "dice-goal-boards": 2 * ceil(len(default_boards()) / dice.BOARDS_PER_PAGE),
    "dice-goal-boards-light": 2 * ceil(len(default_boards()) / dice.BOARDS_PER_PAGE),
    "dice-score-pad": 1, "dice-handicap-markers": 1,
    # each colour on whole rows of tiles, so 75 tiles on 2 pages; the play area's 16 columns on two pages
    "five_by_15-tiles": ceil(len(COLOUR_LETTERS) * ceil(len(five_by_15.NUMBERS) / five_by_15.COLUMNS_PER_PAGE)
                             / five_by_15.ROWS_PER_PAGE),
    "five_by_15-exercise-sets": ceil(five_by_15.PAIRS / five_by_15.SETS_PER_PAGE),
    "five_by_15-grid": 2,
    **{f"rules-{game}": 1 for game in rules.GAMES},
}
