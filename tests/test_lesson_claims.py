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


@functools.cache
def _fifteens_study():
    # the lesson's study, computed here directly: every player on the same 60 deals of seed 2026
    from fifteen_kit.fifteens import study

    return {row.player: row for row in study(("random", "fewest", "most", "options", "thoughtful"), games=60,
                                               seed=2026)}


@functools.cache
def _fifteens_rule_study():
    from fifteen_kit.fifteens import study

    return {row.player: row for row in study(("options", "thoughtful"), games=60, seed=2026, face_rule="one-each")}


def _apart(a, b) -> bool:
    # two study rows whose 95% ranges do not overlap
    return a.low > b.high or b.low > a.high


@functools.cache
def _search_race():
    from fifteen_kit.five_by_15 import Position, best_first, depth_first

    deals = [Position.deal(seed, level=3) for seed in range(10)]
    return [(depth_first(d, budget=10_000), best_first(d, budget=10_000)) for d in deals]


def _race_claim() -> tuple[bool, bool, bool]:
    race = _search_race()
    decided = [sum(r[i].status != "unknown" for r in race) for i in (0, 1)]
    only_depth = any(d.status != "unknown" and b.status == "unknown" for d, b in race)
    never_longer = all(len(b.line) <= len(d.line) for d, b in race if d.status == b.status == "won")
    return decided[1] > decided[0], only_depth, never_longer


@functools.cache
def _levels():
    from fifteen_kit.five_by_15 import compare_players

    return {level: compare_players(level, deals=10, budget=20_000, first_seed=100) for level in (1, 2, 3)}


def _simple_play_loops() -> bool:
    # "almost always ends in a loop": at least nine in ten games of greedy and random end in a loop
    games = [_levels()[level][name] for level in (1, 2, 3) for name in ("greedy", "random")]
    return 10 * sum(g["loop"] for g in games) >= 9 * sum(sum(g.values()) for g in games)


def _solver_wins_most() -> bool:
    return all(2 * _levels()[level]["solver"]["won"] > 10 for level in (1, 2, 3))


def _reachable(text: str) -> int:
    # breadth-first over the kit's positions, counting each position once
    from fifteen_kit.five_by_15 import Position

    start = Position.parse(text)
    seen, frontier = {start.notation()}, [start]
    while frontier:
        frontier = [p.play(m) for p in frontier for m in p.legal_moves()]
        frontier = [p for p in frontier if p.notation() not in seen and not seen.add(p.notation())]
    return len(seen)


def _tile_that_must_move(text: str) -> str:
    # the one tile of the finished starts that every winning line moves: for each such tile, can the sorted
    # position be reached by moves after which the tile still stands where it stood?
    from fifteen_kit.five_by_15 import COLOUR_LETTERS, Position

    start = Position.parse(text)
    candidates = [(start.row_colour(r), n) for r in range(start.colours) for n in range(2, start.sorted_prefix(r) + 1)]
    must = []
    for tile in candidates:
        home = start.where(tile)
        seen, frontier, won = {start.notation()}, [start], False
        while frontier and not won:
            step = []
            for p in frontier:
                for m in p.legal_moves():
                    q = p.play(m)
                    if q.where(tile) == home and q.notation() not in seen:
                        seen.add(q.notation())
                        step.append(q)
                        won = won or q.is_won
            frontier = step
        if not won:
            must.append(f"{COLOUR_LETTERS[tile[0]]}{tile[1]}")
    (tile,) = must
    return tile


# Independent computations of the exercise answers of lessons 05 and 06 (used by the exercise table below and
# by the teacher guide's claims).
def _one_each_face_sets() -> int:
    # the one-each face-card removal (10, J, Q, K) from a deck's face cards; each of its ranks in any of 4 suits
    from fifteen_kit.fifteens import removal_ranks

    (ranks,) = removal_ranks((0,) * 10 + (4,) * 4, "one-each")
    return math.prod(math.comb(4, 1) for _ in ranks)


EXERCISE_ANSWERS_05_06 = {
    # 5 + 9 and 6 + 8: 4 x 4 suit choices each; 7 + 7: two of the four sevens
    "05.q1": lambda: sum(16 if a < 14 - a else math.comb(4, 2) for a in range(5, 8)),
    # sets of three different digits with sum 15, each card in any of 4 suits
    "05.q2": lambda: _digit_sets(15, 3) * 4**3,
    # the 95% ranges of fewest and options overlap
    "05.q3": lambda: ("cannot tell from this study"
                      if not _apart(_fifteens_study()["fewest"], _fifteens_study()["options"]) else "the higher"),
    "05.q4": _one_each_face_sets,
    # 4 colours x 13 tiles: (4*13)!/4! * 4! = 52!
    "06.q1": lambda: len(str(math.factorial(52))),
    "06.q2": lambda: _reachable("B1 O3 B2 B3 / O1 -- O2 -- L1"),
    "06.q3": lambda: _tile_that_must_move("G1 B5 G2 G5 G4 G3 / O1 O2 O4 -- -- O3 / B1 B2 B3 O5 -- B4 L1"),
}


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
    ("05_fifteens", "make 15 in only 2 ways of ranks (9 + 6 and 8 + 7)", _fifteens_sets(2)[0], 2),
    ("05_fifteens", "the **same 60 deals**", lambda: {r.games for r in _fifteens_study().values()}, {60}),
    ("05_fifteens", "as for most and fewest, the\ndifference is real",
     lambda: _apart(_fifteens_study()["most"], _fifteens_study()["fewest"]), True),
    ("05_fifteens", "In our 60 deals fewest and options won far more often than random and most",
     lambda: all(_apart(_fifteens_study()[a], _fifteens_study()[b]) and _fifteens_study()[a].wins >
                 _fifteens_study()[b].wins for a in ("fewest", "options") for b in ("random", "most")), True),
    ("05_fifteens", "this study cannot say: their ranges overlap",
     lambda: _apart(_fifteens_study()["fewest"], _fifteens_study()["options"]), False),
    ("05_fifteens", "For the options player the two ranges do not overlap: under the one-each rule it wins clearly",
     lambda: _apart(_fifteens_study()["options"], _fifteens_rule_study()["options"])
     and _fifteens_rule_study()["options"].wins > _fifteens_study()["options"].wins, True),
    ("05_fifteens", "For the thoughtful solver both rules give ranges near the top that overlap",
     lambda: (_apart(_fifteens_study()["thoughtful"], _fifteens_rule_study()["thoughtful"]),
              min(_fifteens_study()["thoughtful"].low, _fifteens_rule_study()["thoughtful"].low) > 0.9), (False, True)),
    ("05_fifteens", "its wins count the deals that **can be won at all**",
     lambda: _fifteens_study()["thoughtful"].unknown, 0),
    ("06_five_by_15", "There are 75! deals of 5x15", _deals(), math.factorial(75)),
    ("06_five_by_15", "the orange row starts O1 O2 O3", _counterexample(), ("won", "lost", 3, "O3")),
    ("06_five_by_15", "its second move takes **O3**", _counterexample_line()[1].split()[0], "O3"),
    ("06_five_by_15", "(3 colours, numbers 1 to 6, level 3: a shift must\nmove at least 5 tiles)",
     lambda: __import__("fifteen_kit.five_by_15", fromlist=["LEVELS"]).LEVELS[3], 5),
    ("06_five_by_15", "Best-first decided more deals here, but not every deal that depth-first decided", _race_claim,
     (True, True, True)),
    ("06_five_by_15", "where both won its winning lines were never longer", _race_claim, (True, True, True)),
    ("06_five_by_15", "Simple play almost always ends in a loop", _simple_play_loops, True),
    ("06_five_by_15", "while the solver wins most deals", _solver_wins_most, True),
    ("06_five_by_15", "The run must be at least 3 tiles long at level 1, 4 at\n  level 2, 5 at level 3",
     lambda: __import__("fifteen_kit.five_by_15", fromlist=["LEVELS"]).LEVELS, {1: 3, 2: 4, 3: 5}),
]


def _markdown(lesson: str) -> str:
    nb = json.loads((LESSONS / f"{lesson}.ipynb").read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize(("lesson", "text", "computed", "stated"), CLAIMS, ids=[c[1][:40] for c in CLAIMS])
def test_lesson_text_matches_the_kit(lesson, text, computed, stated):
    assert text in _markdown(lesson), f"{lesson} no longer says {text!r}"
    computed = computed() if callable(computed) else computed  # slow studies are computed only here
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
    ("1: 8. 2: the even digits 2, 4, 6, 8. 3: 4. 4: 8 magic squares.",
     (len(WINNING_TRIPLES), sorted(d for d in range(1, 10) if len(triples_through(d)) == 3), len(magic_squares())),
     (8, [2, 4, 6, 8], 8)),
    ("after a\n  corner only the centre", _drawing_replies(2), 1),
    ("1: 17 sets of different digits", _digit_sets(15), 17),
    ("2: 3 ordered ways for two dice to show 10", _compositions(10, 2), 3),
    ("1,666 goal boards in order, 19 up to order", _boards(), (1666, 19)),
    ("1: 1/6. 2: 5/12.", (p_valid(1), p_bust([3, 1])), (Fraction(1, 6), Fraction(5, 12))),
    ("Exercise 1: 38 two-card removals make 14 (16 + 16 + 6", EXERCISE_ANSWERS_05_06["05.q1"], 38),
    ("Exercise 2: 512 three-card removals with three different ranks (the 8", (EXERCISE_ANSWERS_05_06["05.q2"],
                                                                              _digit_sets(15, 3)), (512, 8)),
    ("Exercise 3: cannot tell from this study", EXERCISE_ANSWERS_05_06["05.q3"], "cannot tell from this study"),
    ("Exercise 4: 256 one-each face sets", EXERCISE_ANSWERS_05_06["05.q4"], 256),
    ("Exercise 1: 68 digits (52 tiles: 52!)", EXERCISE_ANSWERS_05_06["06.q1"], 68),
    ("Exercise 2: 11 positions, the start included", EXERCISE_ANSWERS_05_06["06.q2"], 11),
    ("Exercise 3: B3, the only tile", EXERCISE_ANSWERS_05_06["06.q3"], "B3"),
    ("depth-first decides one that best-first does not", lambda: sum(
        d.status != "unknown" and b.status == "unknown" for d, b in _search_race()), 1),
]


@pytest.mark.parametrize(("text", "computed", "stated"), GUIDE_CLAIMS, ids=[c[0][:40] for c in GUIDE_CLAIMS])
def test_teacher_guide_matches_the_kit(text, computed, stated):
    assert text in GUIDE.read_text(), f"the teacher guide no longer says {text!r}"
    if isinstance(computed, tuple):
        computed = tuple(c() if callable(c) else c for c in computed)
    computed = computed() if callable(computed) else computed  # slow studies are computed only here
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
# --- lesson 05 ---
EXERCISE_ANSWERS.update({k: v for k, v in EXERCISE_ANSWERS_05_06.items() if k.startswith("05")})
# --- lesson 06 ---
EXERCISE_ANSWERS.update({k: v for k, v in EXERCISE_ANSWERS_05_06.items() if k.startswith("06")})


def test_every_exercise_answer_is_computed_by_the_kit():
    from fifteen_kit.widgets.workbook import Exercise, tasks

    exercises = {t.key: t for t in tasks() if isinstance(t, Exercise)}
    assert sorted(exercises) == sorted(EXERCISE_ANSWERS), "each exercise needs an independent computation here"
    for key, task in exercises.items():
        computed = EXERCISE_ANSWERS[key]
        computed = computed() if callable(computed) else computed
        assert task.expected() == task.form.expect(computed), key
        assert callable(task.answer), f"{key}: the answer must be computed by the kit when asked, not typed"
