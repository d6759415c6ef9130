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
from fifteen_kit.game_of_15 import WINNING_TRIPLES, Round, move_evaluations, triples_through
from fifteen_kit.game_of_15.tree import tree_statistics
from fifteen_kit.nasty15 import policy_for
from fifteen_kit.nasty15.probability import p_bust, p_valid

PUBLIC = (4, 3, 3, 2, 2, 1)
LESSONS = pathlib.Path(__file__).resolve().parents[1] / "lessons"
STATS = tree_statistics()


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


def _dice_second_board() -> str:
    # the lesson plays DiceBoard(seed=15) and then studies that game's second board
    from fifteen_kit.widgets import DiceBoard

    return DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=15).game.boards[1][0].notation()


def _kit_board_kinds() -> tuple[int, int]:
    from fifteen_kit.nasty15 import default_boards

    boards = default_boards()
    return len(boards), len({tuple(sorted((t for _, t in base.targets), reverse=True)) for base, _ in boards})


def _easiest_and_hardest() -> tuple[bool, bool]:
    from fifteen_kit.nasty15 import six_target_multisets

    order = sorted(six_target_multisets(), key=lambda kind: policy_for(kind).expected_score())
    many_ones = [kind for kind in order if kind.count(1) >= 3]
    return (all(1 not in kind for kind in order[-3:]),
            len(many_ones) == 6 and all(order.index(kind) < 7 for kind in many_ones))


def _decision_pips() -> int:
    from fifteen_kit.nasty15 import Turn

    return Turn.parse("433221 112.2. ...... R").pips


def _held_back_claims() -> tuple[bool, bool]:
    # best play keeps back a valid die of the first roll more often than not, and what it keeps back has
    # mostly large targets (3 or 4 on the public board: blue, yellow, black)
    from fifteen_kit.nasty15.studies import held_back

    found = held_back(PUBLIC)
    kept = found.kept_by_target
    return found.share > Fraction(1, 2), kept.get(3, 0) + kept.get(4, 0) > sum(kept.values()) / 2


def _optimal_beats_simple() -> bool:
    from fifteen_kit.nasty15.studies import simple_rule_values

    return policy_for(PUBLIC).expected_score() > max(simple_rule_values(PUBLIC, range(31)).values())


def _stop_positions() -> tuple[int, int, int]:
    # positions of the public board (some dice placed, about to roll) where stopping is at least as good as
    # rolling: normal rules, gambler variant, and all positions
    from itertools import product

    from fifteen_kit.nasty15 import Turn

    counts, total = [], 0
    for gambler in (False, True):
        policy, n, total = policy_for(PUBLIC, gambler), 0, 0
        for placed in product(*[[None, *range(1, t + 1)] for t in PUBLIC]):
            if 0 < sum(v is not None for v in placed) < 6:
                turn = Turn(PUBLIC, placed=placed, gambler=gambler)
                total += 1
                n += turn.stop_score() >= policy.roll_value(turn)
        counts.append(n)
    return counts[0], counts[1], total


CLAIMS = [
    ("01_magic_square", "Exactly **8** sets of three digits", len(WINNING_TRIPLES), 8),
    ("01_magic_square", "**5** is in 4 sets", len(triples_through(5)), 4),
    ("01_magic_square", "the **even** digits in 3", {len(triples_through(d)) for d in (2, 4, 6, 8)}, {3}),
    ("01_magic_square", "the **odd** digits (other than 5) in 2", {len(triples_through(d)) for d in (1, 3, 7, 9)},
     {2}),
    ("01_magic_square", "There are **8** magic squares", len(magic_squares()), 8),
    ("01_magic_square", "line sum must be 15", magic_constant(), 15),
    ("01_magic_square", "its centre must be 5", centre_value(), 5),
    ("02_perfect_play", "255,168 possible games", STATS.games, 255_168),
    ("02_perfect_play", "only 5,478 positions", STATS.positions, 5_478),
    ("02_perfect_play", "(765 up to symmetry)", STATS.positions_up_to_symmetry, 765),
    ("02_perfect_play", "each of\nthe 5,478 positions", STATS.positions, 5_478),
    ("02_perfect_play", "More than half of all games are first-player wins", STATS.first_player_wins * 2 > STATS.games,
     True),
    ("02_perfect_play", "Against the **centre** only the four corners", _drawing_replies(5), 4),
    ("02_perfect_play", "to a corner 1 (the centre)", _drawing_replies(2), 1),
    ("02_perfect_play", "to an edge 4", _drawing_replies(1), 4),
    ("04_dice_and_risk", "the **public board** `B4 Y3 K3 W2 G2 R1`, the second board of the game", _dice_second_board(),
     "B4 Y3 K3 W2 G2 R1"),
    ("04_dice_and_risk", "= 1 × 1/6 + 2 × 1/6 + 2 × 4/6 = 11/6 ≈ 1.83 points",
     (p_valid(2) / 2, p_bust([2]), Fraction(1, 6) + Fraction(2, 6) + 2 * p_bust([2]), round(11 / 6, 2)),
     (Fraction(1, 6), Fraction(4, 6), Fraction(11, 6), 1.83)),
    ("04_dice_and_risk", "There are 1,666 ways to give the six colours targets", _boards(), (1666, 19)),
    ("04_dice_and_risk", "uses 15 of the 19 kinds, one board of each", _kit_board_kinds(), (15, 15)),
    ("04_dice_and_risk", "The three easiest kinds have no target 1", _easiest_and_hardest(), (True, True)),
    ("04_dice_and_risk", "(target 1, valid one roll in six)", p_valid(1), Fraction(1, 6)),
    ("04_dice_and_risk", "The first roll almost never busts", p_bust(PUBLIC) < Fraction(1, 20), True),
    ("04_dice_and_risk", "Blue 1, yellow 1, black 2 and green 2 are placed (6 pips)", _decision_pips(), 6),
    ("04_dice_and_risk", "Best play often does not", _held_back_claims(), (True, True)),
    ("04_dice_and_risk", "It beats every simple rule;", _optimal_beats_simple(), True),
    ("04_dice_and_risk", "stopping is right more often", _stop_positions(), (440, 538, 1295)),
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

def _lesson04_truths() -> tuple:
    # the kit's value of each prediction of lesson 04, as the teacher guide writes it
    from fifteen_kit.widgets.workbook import task

    def truth(key: str):
        item = task(key)
        return item.form.expect(item.truth() if callable(item.truth) else item.truth)

    values = [truth(f"04.p{k}") for k in range(1, 17)]
    values[8] = f"{float(values[8]) * 100:.1f}%"
    values[9] = f"{float(policy_for(PUBLIC).expected_score()):.2f} (nearest whole point {values[9]})"
    values[11] = f"{float(values[11]) * 100:.1f}%"
    return tuple(values)


def _exercise(key: str):
    from fifteen_kit.widgets.workbook import task

    return task(key).expected()


GUIDE_CLAIMS = [
    ("1: 8. 2: the even digits 2, 4, 6, 8. 3: 4. 4: 8 magic squares.",
     (len(WINNING_TRIPLES), sorted(d for d in range(1, 10) if len(triples_through(d)) == 3), len(magic_squares())),
     (8, [2, 4, 6, 8], 8)),
    ("after a\n  corner only the centre", _drawing_replies(2), 1),
    ("1: 17 sets of different digits", _digit_sets(15), 17),
    ("2: 3 ordered ways for two dice to show 10", _compositions(10, 2), 3),
    ("1,666 goal boards in order, 19 up to order", _boards(), (1666, 19)),
    ("1: 5/18 ≈ 0.278. 2: 50/3 ≈ 16.67. 3: 8/3 ≈ 2.67. 4: 17/6 ≈ 2.83. 5: 46/3 ≈ 15.33.",
     tuple(_exercise(f"04.q{k}") for k in range(1, 6)),
     (Fraction(5, 18), Fraction(50, 3), Fraction(8, 3), Fraction(17, 6), Fraction(46, 3))),
    ("Luke 8, Nina 15 then 24; 2/3; 5/162; 5/6; greedy; 8; 42.7%; 13.23 (nearest whole point 13); red only; "
     "79.9%; roll; close to it; 432222; stop.", _lesson04_truths(),
     (8, 15, 24, Fraction(2, 3), Fraction(5, 162), Fraction(5, 6), "greedy", 8, "42.7%",
      "13.23 (nearest whole point 13)", "red only", "79.9%", "roll", "close to it", "432222", "stop")),
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
# --- lesson 01 ---
# --- lesson 02 ---
# --- lesson 03 ---
# --- lesson 04 ---


def _count_busts(targets: list[int]) -> Fraction:
    # every roll of these dice counted: a bust when each die shows more than its target
    from itertools import product

    rolls = list(product(range(1, 7), repeat=len(targets)))
    return Fraction(sum(all(v > t for v, t in zip(roll, targets, strict=True)) for roll in rolls), len(rolls))


def _roll_blue_last(gambler: bool) -> Fraction:
    # the engine plays each face of the blue die in '433221 .32211 ...... R': place it if valid, else a bust
    from fifteen_kit.nasty15 import Turn

    start = Turn.parse("433221 .32211 ...... R" + (" gambler" if gambler else ""))
    total = Fraction(0)
    for face in range(1, 7):
        turn = start.roll_with((face, None, None, None, None, None))
        turn = turn.play("place B") if not turn.is_over else turn
        total += Fraction(turn.score, 6)
    return total


def _mini_game() -> Fraction:
    # yellow (target 3) and red (target 1), rolled once, every valid die placed; a bust scores 3 + 1
    from itertools import product

    scores = [sum(v for v, t in zip(roll, (3, 1), strict=True) if v <= t) or 4
              for roll in product(range(1, 7), repeat=2)]
    return Fraction(sum(scores), len(scores))


EXERCISE_ANSWERS.update({
    "04.q1": lambda: _count_busts([3, 2, 1]),
    "04.q2": lambda: _roll_blue_last(False),
    "04.q3": lambda: _roll_blue_last(False) - (9 + 5),
    "04.q4": _mini_game,
    "04.q5": lambda: _roll_blue_last(True),
})
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
