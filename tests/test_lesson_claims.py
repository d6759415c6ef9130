"""Every number a lesson states in its text is the number the kit computes.

Each entry: a lesson, the exact text it contains, and the kit's value that text must show.
If a lesson's wording changes, this test says which claim lost its backing.
"""

import functools
import json
import math
import pathlib
from fractions import Fraction

import pytest

from fifteen_kit.counting import centre_value, magic_constant, magic_squares
from fifteen_kit.game_of_15 import (
    DIGITS,
    LINES,
    MAGIC_SQUARE,
    WINNING_TRIPLES,
    Round,
    cell_of,
    fifteen_in,
    is_magic,
    move_evaluations,
    symmetric_squares,
    triples_through,
)
from fifteen_kit.game_of_15.tree import tree_statistics
from fifteen_kit.nasty15 import policy_for
from fifteen_kit.nasty15.probability import p_bust, p_valid

PUBLIC = (4, 3, 3, 2, 2, 1)
LESSONS = pathlib.Path(__file__).resolve().parents[1] / "lessons"
STATS = tree_statistics()


def _line_kinds() -> tuple[int, int, int]:
    names = [line.name for line in LINES]
    return (sum(n.endswith("row") for n in names), sum(n.endswith("column") for n in names),
            sum(n.startswith("diagonal") for n in names))


def _blocks(position: str) -> frozenset[int]:
    # the digits that stop the opponent's two digits from making 15 with a third (fifteen_in, not the solver)
    p = Round.parse(position)
    opponent = p.onyx if p.to_move.value == "I" else p.ivory
    return frozenset(d for d in p.pool if fifteen_in(set(opponent) | {d}))


def _free_cells() -> int:
    # unknowns minus the rank of the system's matrix (the line sum S is one of the unknowns, and it is fixed)
    from sympy import linear_eq_to_matrix

    from fifteen_kit.counting import magic_square_system

    cells, equations, S = magic_square_system()
    matrix, _ = linear_eq_to_matrix(equations, [*cells, S])
    return len(cells) + 1 - matrix.rank()


def _shifted_squares() -> list[tuple[tuple[int, ...], ...]]:
    # every magic square of 2..10: the squares of 1..9 with one added to every cell, checked line by line
    squares = [tuple(tuple(n + 1 for n in row) for row in s) for s in magic_squares()]
    assert all(len({sum(s[r][c] for r, c in line.cells) for line in LINES}) == 1 for s in squares)
    return squares


def _drawing_replies(opening: int) -> int:
    return sum(v.outcome == "draw" for v in move_evaluations(Round().play(opening)).values())


def _fifteens_sets(size: int) -> tuple[int, int]:
    from collections import Counter
    from math import comb, prod

    from fifteen_kit.fifteens import removal_ranks

    sets = [s for s in removal_ranks((0,) + (4,) * 9 + (0,) * 4) if len(s) == size]
    return len(sets), sum(prod(comb(4, n) for n in Counter(s).values()) for s in sets)


def _deals() -> int:
    # 70 different tiles and 5 identical gaps in 75 cells, times the orders of the five 1s in column 0
    from sympy import factorial

    return int(factorial(75) / factorial(5) * factorial(5))


@functools.cache
def _counterexample_search():
    from fifteen_kit.five_by_15 import PREFIX_COUNTEREXAMPLE, Position, depth_first

    p = Position.parse(PREFIX_COUNTEREXAMPLE)
    return p, depth_first(p)


def _counterexample() -> tuple[str, str, int, str]:
    from fifteen_kit.five_by_15 import depth_first

    p, won = _counterexample_search()
    from fifteen_kit.five_by_15 import Fill

    first_out = next(m for m in won.line if isinstance(m, Fill) and m.tile[0] == p.row_colour(1)
                     and p.where(m.tile) == (1, m.tile[1] - 1))
    return won.status, depth_first(p, keep_prefixes=True).status, p.sorted_prefix(1), \
        f"O{first_out.tile[1]}"


def _counterexample_line() -> list[str]:
    return [str(m) for m in _counterexample_search()[1].line]


def _loop_example_positions() -> int:
    from fifteen_kit.five_by_15 import Position, depth_first

    return depth_first(Position.parse("B1 B2 -- B3 / O1 O3 -- O2 L1")).nodes


def _digit_sets(total: int, size: int | None = None) -> int:
    from fifteen_kit.counting import digit_sets

    return digit_sets(total, size)


def _compositions(total: int, parts: int) -> int:
    from fifteen_kit.counting import compositions

    return compositions(total, parts, 1, 6)


def _boards() -> tuple[int, int]:
    from fifteen_kit.counting import compositions, partitions_bounded

    return compositions(15, 6), partitions_bounded(15, 6)


def _middle_sums() -> bool:
    from fifteen_kit.counting import subset_sum_counts

    counts = subset_sum_counts()
    return counts[22] == counts[23] == max(counts.values()) > counts[15]


CLAIMS = [
    # --- lessons 00 and 01 ---
    ("00_start_here", "Onyx has drafted 2 and 5, Ivory has drafted 1 and 3",
     (sorted(Round.parse("25/13 O").onyx), sorted(Round.parse("25/13 O").ivory)), ([2, 5], [1, 3])),
    ("00_start_here", "every row, every column and\nboth diagonals add up to 15", is_magic(MAGIC_SQUARE), True),
    ("00_start_here", "a row, a column or a diagonal of the 3×3 grid (there are 8)", len(LINES), 8),
    ("01_magic_square", "The lines are the 3 rows, the 3 columns and the 2 **diagonals**", _line_kinds(), (3, 3, 2)),
    ("01_magic_square", "all 8 lines have the same sum", len(LINES), 8),
    ("01_magic_square", "the digits 1 to 9, which\nadd up to 45", sum(DIGITS), 45),
    ("01_magic_square", "kit's boards use, 2 9 4 / 7 5 3 / 6 1 8", MAGIC_SQUARE, ((2, 9, 4), (7, 5, 3), (6, 1, 8))),
    ("01_magic_square", "Exactly **8** sets of three digits", len(WINNING_TRIPLES), 8),
    ("01_magic_square", "as many as the 8 lines of a 3×3 grid", len(LINES), 8),
    ("01_magic_square", "There are **8** magic squares", len(magic_squares()), 8),
    ("01_magic_square", "they are all one square turned or flipped",
     sorted(square for _, square in symmetric_squares()) == magic_squares(), True),
    ("01_magic_square", "line sum must be 15", magic_constant(), 15),
    ("01_magic_square", "its centre must be 5", centre_value(), 5),
    ("01_magic_square", "sympy agrees that the line sum must be 15 and the centre must be 5",
     (magic_constant(), centre_value()), (15, 5)),
    ("02_perfect_play", "255,168 possible games", STATS.games, 255_168),
    ("02_perfect_play", "only 5,478 positions", STATS.positions, 5_478),
    ("02_perfect_play", "(765 up to symmetry)", STATS.positions_up_to_symmetry, 765),
    ("02_perfect_play", "each of\nthe 5,478 positions", STATS.positions, 5_478),
    ("02_perfect_play", "More than half of all games are first-player wins", STATS.first_player_wins * 2 > STATS.games,
     True),
    ("02_perfect_play", "Against the **centre** only the four corners", _drawing_replies(5), 4),
    ("02_perfect_play", "to a corner 1 (the centre)", _drawing_replies(2), 1),
    ("02_perfect_play", "to an edge 4", _drawing_replies(1), 4),
    ("04_dice_and_risk", "**t of the 6 faces**", [p_valid(t) * 6 for t in range(1, 7)], list(range(1, 7))),
    ("04_dice_and_risk", "a roll busts 5 times\nout of 6", p_bust([1]), Fraction(5, 6)),
    ("04_dice_and_risk", "it expects 13.2299 points per turn", round(float(policy_for(PUBLIC).expected_score()), 4),
     13.2299),
    ("04_dice_and_risk", "2: (3/6)·(5/6) = 5/12", p_bust([3, 1]), Fraction(5, 12)),
    ("03_counting_to_15", "there are 8 triples of digits with sum 15", _digit_sets(15, 3), 8),
    ("03_counting_to_15", "(1,666 ordered, 19 up to order)", _boards(), (1666, 19)),
    ("03_counting_to_15", "1: 17. 2: 3 (4+6, 5+5, 6+4)", (_digit_sets(15), _compositions(10, 2)), (17, 3)),
    ("03_counting_to_15", "the middle sums 22 and 23 are", _middle_sums(), True),
    ("05_fifteens", "Only 2 rank pairs make 15", _fifteens_sets(2)[0], 2),
    ("05_fifteens", "1: 2 (9+6, 8+7). 2: 32.", _fifteens_sets(2), (2, 32)),
    ("06_five_by_15", "There are 75! deals of 5x15", _deals(), math.factorial(75)),
    ("06_five_by_15", "the orange row starts O1 O2 O3", _counterexample(), ("won", "lost", 3, "O3")),
    ("06_five_by_15", "its second move takes **O3**", _counterexample_line()[1].split()[0], "O3"),
]


def _markdown(lesson: str) -> str:
    nb = json.loads((LESSONS / f"{lesson}.ipynb").read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize(("lesson", "text", "computed", "stated"), CLAIMS, ids=[c[1][:40] for c in CLAIMS])
def test_lesson_text_matches_the_kit(lesson, text, computed, stated):
    assert text in _markdown(lesson), f"{lesson} no longer says {text!r}"
    assert computed == stated


def test_every_lesson_has_the_same_shape():
    for path in sorted(LESSONS.glob("0[1-9]_*.ipynb")):
        md = _markdown(path.stem)
        for part in ("**Goal.**", "**Time.**", "Play first", "Discover", "mathematics", "Exercises", "## Summary"):
            assert part in md, f"{path.name} lacks {part!r}"
        # teacher material lives in the teacher guide, never in a pupil's notebook
        assert "Teacher notes" not in md and "Answers:" not in md, f"{path.name} shows teacher notes or answers"


GUIDE = LESSONS / "teacher_guide.md"

GUIDE_CLAIMS = [
    # --- lessons 00 and 01 ---
    ("at\n  once with 8 (2 + 5 + 8 = 15). Try it: Ivory must draft 4 (it blocks 2 + 9 + 4).",
     (_blocks("25/13 I"), _blocks("29/5 I")), (frozenset({8}), frozenset({4}))),
    ("Predictions (the kit's values): 8 triples; 5 is in the most triples (4); the corners hold the\n  even digits "
     "2, 4, 6, 8; 2 cells are still free once the line sum and centre are known; 8 magic squares;\n  8 symmetries",
     (len(WINNING_TRIPLES), len(triples_through(5)), max(len(triples_through(d)) for d in DIGITS if d != 5),
      sorted(d for d in DIGITS if len(triples_through(d)) == 3), _free_cells(), len(magic_squares()),
      len(symmetric_squares())),
     (8, 4, 3, [2, 4, 6, 8], 2, 8, 8)),
    ("1: the bottom row is 4 9 2 (the square 8 1 6 / 3 5 7 / 4 9 2).\n  2: 18 (2 + 3 + … + 10 = 54 shared by three "
     "rows). 3: 3, 5, 7, 9. 4: the bottom middle cell (digit 1).",
     (next(s for s in magic_squares() if s[0][0] == 8 and s[0][2] == 6), sum(_shifted_squares()[0][0]),
      sum(range(2, 11)), sorted({s[0][0] for s in _shifted_squares()}), cell_of(1), _blocks("68/5 I")),
     (((8, 1, 6), (3, 5, 7), (4, 9, 2)), 18, 54, [3, 5, 7, 9], (2, 1), frozenset({1}))),
    ("after a\n  corner only the centre", _drawing_replies(2), 1),
    ("1: 17 sets of different digits", _digit_sets(15), 17),
    ("2: 3 ordered ways for two dice to show 10", _compositions(10, 2), 3),
    ("1,666 goal boards in order, 19 up to order", _boards(), (1666, 19)),
    ("1: 1/6. 2: 5/12.", (p_valid(1), p_bust([3, 1])), (Fraction(1, 6), Fraction(5, 12))),
    ("1: 2 rank pairs (9 + 6 and 8 + 7). 2: 32 two-card removals.", _fifteens_sets(2), (2, 32)),
    ("1: 110 digits (the number of deals is 75!). 2: O3. 3: 3 positions.",
     (len(str(_deals())), _counterexample()[3], _loop_example_positions()), (110, "O3", 3)),
]


@pytest.mark.parametrize(("text", "computed", "stated"), GUIDE_CLAIMS, ids=[c[0][:40] for c in GUIDE_CLAIMS])
def test_teacher_guide_matches_the_kit(text, computed, stated):
    assert text in GUIDE.read_text(), f"the teacher guide no longer says {text!r}"
    assert computed == stated


def test_teacher_guide_covers_every_lesson():
    guide = GUIDE.read_text()
    for path in sorted(LESSONS.glob("0*.ipynb")):
        number = path.name[:2]
        assert f"## Lesson {number}" in guide, f"no teacher notes for lesson {number}"
        assert f"`{path.name}`" in guide, f"the guide's Binder links miss {path.name}"


# Every exercise's answer, computed independently of the workbook (a different kit call or a plain count).
# Each lesson's rows are in its own section; a workbook exercise missing here fails the test below.
EXERCISE_ANSWERS: dict[str, object] = {}
# --- lesson 00 ---
EXERCISE_ANSWERS["00.q1"] = lambda: next(set(t) for t in WINNING_TRIPLES if {2, 9} <= set(t))
# --- lesson 01 ---
EXERCISE_ANSWERS["01.q1"] = lambda: next(s for s in magic_squares() if s[0][0] == 8 and s[0][2] == 6)[2]
EXERCISE_ANSWERS["01.q2"] = lambda: sum(_shifted_squares()[0][0])
EXERCISE_ANSWERS["01.q3"] = lambda: {s[r][c] for s in _shifted_squares() for r, c in ((0, 0), (0, 2), (2, 0), (2, 2))}
EXERCISE_ANSWERS["01.q4"] = lambda: {(2, 1): "bottom middle"}[cell_of(next(iter(_blocks("68/5 I"))))]
# --- lesson 02 ---
# --- lesson 03 ---
# --- lesson 04 ---
# --- lesson 05 ---
# --- lesson 06 ---


def test_every_exercise_answer_is_computed_by_the_kit():
    from fifteen_kit.widgets.workbook import Exercise, tasks

    exercises = {t.key: t for t in tasks() if isinstance(t, Exercise)}
    assert sorted(exercises) == sorted(EXERCISE_ANSWERS), "each exercise needs an independent computation here"
    for key, task in exercises.items():
        computed = EXERCISE_ANSWERS[key]
        computed = computed() if callable(computed) else computed
        assert task.expected() == task.form.expect(computed), key
        assert callable(task.answer), f"{key}: the answer must be computed by the kit when asked, not typed"
