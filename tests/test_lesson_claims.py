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

from fifteen_kit.class_results import MIN_GAMES
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
from fifteen_kit.nasty15.boards import PUBLIC_BOARD
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


def _boards() -> tuple[int, int]:
    from fifteen_kit.counting import compositions, partitions_bounded

    return compositions(15, 6), partitions_bounded(15, 6)


def _most_common_sums_by_listing() -> tuple[list[int], int]:
    # the sums that the most subsets of 1..9 have, by listing all 512 subsets (no generating function)
    from collections import Counter
    from itertools import combinations

    counts = Counter(sum(s) for k in range(10) for s in combinations(range(1, 10), k))
    top = max(counts.values())
    return sorted(t for t, n in counts.items() if n == top), top


def _digit_sets_by_listing(total: int, size: int | None = None) -> int:
    # sets of different digits 1..9 with this sum (and this size), counted by listing every subset
    from itertools import combinations

    return sum(1 for k in range(10) if size in (None, k) for s in combinations(range(1, 10), k) if sum(s) == total)


def _lesson03_kit() -> dict:
    from fifteen_kit.counting import inclusion_exclusion_terms, most_common_sums, subset_sum_counts

    counts = subset_sum_counts()
    return {"tie": most_common_sums(), "symmetric": all(counts[t] == counts[45 - t] for t in range(46)),
            "subsets": sum(counts.values()), "ie": inclusion_exclusion_terms(15, 6)}


# -- lessons 02 and 03 ------------------------------------------------------------------------------------------
def _ends() -> tuple[list[int], list[int], list[int]]:
    from fifteen_kit.game_of_15.tree import games_by_length

    g = games_by_length()
    return list(g["first"]), list(g["second"]), list(g["draw"])


def _x3_in_three_brackets() -> int:
    from sympy import Poly, symbols

    x = symbols("x")
    return int(Poly((1 + x) * (1 + x**2) * (1 + x**3), x).coeff_monomial(x**3))




def _public_board_in_the_kit_set() -> bool:
    # the lesson's game draws from the kit's set of boards, and the public board is one of them
    from fifteen_kit.nasty15 import default_boards

    return any(base == PUBLIC_BOARD for base, _back in default_boards())


def _lesson_game_boards() -> int:
    from fifteen_kit.widgets import DiceBoard

    return DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=None).game.rounds


def _pair_study_deals() -> int:
    import inspect

    from fifteen_kit.widgets.fifteens import PairStudy

    return inspect.signature(PairStudy).parameters["deals"].default


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
    # the one tile of the finished starts that every winning line moves, by tracking the tile through a
    # search (lesson 06's record names the same computation as exercise 3's check)
    from fifteen_kit.widgets.workbook.lesson06 import _must_move_by_tracking

    return _must_move_by_tracking(text)


# Independent computations of the exercise answers of lessons 05 and 06 (used by the exercise table below and
# by the teacher guide's claims).
def _distinct_triples() -> int:
    # sets of three different digits 1..9 with sum 15
    from fifteen_kit.counting import digit_sets

    return digit_sets(15, 3)


def _one_each_face_sets() -> int:
    # the one-each face-card removal (10, J, Q, K) from a deck's face cards; each of its ranks in any of 4 suits
    from fifteen_kit.fifteens import removal_ranks

    (ranks,) = removal_ranks((0,) * 10 + (4,) * 4, "one-each")
    return math.prod(math.comb(4, 1) for _ in ranks)


EXERCISE_ANSWERS_05_06 = {
    # 5 + 9 and 6 + 8: 4 x 4 suit choices each; 7 + 7: two of the four sevens
    "05.q1": lambda: sum(16 if a < 14 - a else math.comb(4, 2) for a in range(5, 8)),
    # sets of three different digits with sum 15, each card in any of 4 suits
    "05.q2": lambda: _distinct_triples() * 4**3,
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
    # --- lessons 00 and 01 ---
    ("00_start_here", "Onyx has drafted 2 and 5, Ivory has drafted 1 and 3",
     (sorted(Round.parse("25/13 O").onyx), sorted(Round.parse("25/13 O").ivory)), ([2, 5], [1, 3])),
    ("00_start_here", "every row, every column and\nboth diagonals add up to 15", is_magic(MAGIC_SQUARE), True),
    ("00_start_here", "a row, a column or a diagonal of the 3×3 grid (there are 8)", len(LINES), 8),
    ("01_magic_square", "The lines are the 3 rows, the 3 columns and the 2 **diagonals**", _line_kinds(), (3, 3, 2)),
    ("01_magic_square", "all 8 lines have the same sum", len(LINES), 8),
    ("01_magic_square", "the digits 1 to 9, which\nadd up to 45", sum(DIGITS), 45),
    ("01_magic_square", "kit's boards use, 2 9 4 / 7 5 3 / 6 1 8", MAGIC_SQUARE, ((2, 9, 4), (7, 5, 3), (6, 1, 8))),
    ("01_magic_square", "line sum must be 15", magic_constant(), 15),
    ("01_magic_square", "sympy agrees that the line sum must be 15 and the centre must be 5",
     (magic_constant(), centre_value()), (15, 5)),
    ("02_perfect_play", "9 × 8 × 7 × … × 1 = 362,880 paths", math.factorial(9), 362_880),
    ("02_perfect_play", "fewer. How many?", STATS.games < math.factorial(9), True),
    ("02_perfect_play", "on drafts 5, 7 or 9 (its own 3rd, 4th or 5th draft), the second player on drafts 6 or 8, "
     "and a draw always takes all 9 drafts", _ends(), ([5, 7, 9], [6, 8], [9])),
    ("03_counting_to_15", "2 × 2 × … × 2 = 2⁹ = 512 sets", _lesson03_kit()["subsets"], 2**9),
    ("03_counting_to_15", "2⁵² sets of cards, more than four million billion", 4 * 10**15 < 2**52 < 5 * 10**15, True),
    ("03_counting_to_15", "2 × 2 × 2 = 8\nproducts", 2**3, 8),
    ("03_counting_to_15", "There are two: x³ on its own", _x3_in_three_brackets(), 2),
    ("03_counting_to_15", "1 + 2 + … + 9 = 45", sum(range(1, 10)), 45),
    ("03_counting_to_15", "so 8*y*³ says that 8 sets of *three* digits sum to 15, 2*y*² that 2\nsets of two digits do, "
     "and *y*⁵ (the number 1 is not written) that 1 set of five digits does",
     [_digit_sets_by_listing(15, k) for k in (3, 2, 5)], [8, 2, 1]),
    ("03_counting_to_15", "1 + 6 + 8 + 2 = 17 sets",
     ([_digit_sets_by_listing(15, k) for k in (5, 4, 3, 2)], _digit_sets_by_listing(15)), ([1, 6, 8, 2], 17)),
    ("03_counting_to_15", "a group of *k* stars stands for a target of *k* + 1 (we took 1\naway from every target "
     "first), and a target can be at most 6. So a group may hold at most 5 stars: a group of\n6 stars would be a "
     "target of 7",
     (max(range(1, 7)), max(range(1, 7)) - 1, 6 + 1), (6, 5, 7)),
    ("03_counting_to_15", "For example C(4, 2) = 6", math.comb(4, 2), 6),
    ("03_counting_to_15", "add up to 15 − 6 = 9", 15 - 6, 9),
    ("03_counting_to_15", "among the 14 places (9 stars + 5 bars) gives one board, so there are C(14, 5)\nways",
     (_lesson03_kit()["ie"][0][:3], 9 + 5), ((0, 1, math.comb(14, 5)), 14)),
    ("03_counting_to_15", "too big (6 ways), give it 6 stars first, and\nshare the 3 stars left among the six groups: "
     "C(8, 5) ways each", _lesson03_kit()["ie"][1][:3], (1, 6, math.comb(8, 5))),
    ("03_counting_to_15", "(that would\nneed 12 stars, and there are only 9)", len(_lesson03_kit()["ie"]), 2),
    ("03_counting_to_15", "each bracket of the generating function has five terms", len(range(0, 4 + 1)), 5),
    ("04_dice_and_risk", "the **public board** `B4 Y3 K3 W2 G2 R1`, one of the kit's boards",
     _public_board_in_the_kit_set, True),
    ("04_dice_and_risk", "a whole game has 10 boards", _lesson_game_boards, 10),
    ("05_fifteens", "the computer plays 40 deals with each", _pair_study_deals, 40),
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
    ("05_fifteens", "make 15 in only 2 ways of ranks (9 + 6 and 8 + 7)", _fifteens_sets(2)[0], 2),
    ("05_fifteens", "the **same 60 deals**", lambda: {r.games for r in _fifteens_study().values()}, {60}),
    ("05_fifteens", "such as \"36 wins out of 60 deals\" into such a range (here from 47% to 71%)",
     lambda: tuple(round(100 * v) for v in __import__("fifteen_kit.fifteens", fromlist=["wilson_interval"])
                   .wilson_interval(36, 60)), (47, 71)),
    ("05_fifteens", "If one player wins 40% of the deals and another 46%, the second wins 46 − 40 = 6 percentage "
     "points\nmore. As a change compared with the first player's wins, that is 6 / 40 = 15% more wins",
     (46 - 40, Fraction(46 - 40, 40)), (6, Fraction(15, 100))),
    ("05_fifteens", "its wins count the deals that **can be won at all**",
     lambda: _fifteens_study()["thoughtful"].unknown, 0),
    ("06_five_by_15", "the orange row starts O1 O2 O3", _counterexample(), ("won", "lost", 3, "O3")),
    ("06_five_by_15", "(3 colours, numbers 1 to 6, level 3: a shift must\nmove at least 5 tiles)",
     lambda: __import__("fifteen_kit.five_by_15", fromlist=["LEVELS"]).LEVELS[3], 5),
    ("06_five_by_15", "The run must be at least 3 tiles long at level 1, 4 at\n  level 2, 5 at level 3",
     lambda: __import__("fifteen_kit.five_by_15", fromlist=["LEVELS"]).LEVELS, {1: 3, 2: 4, 3: 5}),
]


def _markdown(lesson: str) -> str:
    # the lesson's text: its markdown cells, and the words its predictions show after the guess (``after``)
    from fifteen_kit.widgets.workbook.records import records

    nb = json.loads((LESSONS / f"{lesson}.ipynb").read_text())
    after = [str(r.fields["after"]) for r in records(lesson[:2]) if "after" in r.fields]
    return "\n".join(["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"] + after)


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


def test_every_lesson_ends_with_hand_in_your_results():
    # issue 19: the last two cells hand the pupil's results in; the pooled experiments record what they need
    for path in sorted(LESSONS.glob("0[0-9]_*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        heading, export = "".join(cells[-2]["source"]), "".join(cells[-1]["source"])
        assert heading.startswith("## Hand in your results") and "Save my results" in heading, path.name
        assert "download" in heading and "code" in heading, f"{path.name}: say how to hand in (file or code)"
        assert export.strip().endswith(f'export_results("{path.name[:2]}")'), path.name
    code = {}
    for lesson in ("04", "05"):
        cells = json.loads(next(LESSONS.glob(f"{lesson}_*.ipynb")).read_text())["cells"]
        code[lesson] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert 'seed=None, key="04.game"' in code["04"]  # every pair its own dice, the score recorded
    assert 'PairStudy("05.pool")' in code["05"]  # every pair its own deals, the wins recorded


def _corner_formulas() -> tuple[str, ...]:
    # the bottom row g, h, i as sympy writes it in terms of the top corners a and c (lesson 01's solve)
    from sympy import solve

    from fifteen_kit.counting import magic_square_system

    cells, equations, S = magic_square_system()
    _a, b, _c, d, e, f, g, h, i = cells
    solution = solve(equations, [b, d, e, f, g, h, i, S])
    return tuple(str(solution[cell]) for cell in (g, h, i))


GUIDE = LESSONS / "teacher_guide"  # the teacher guide: README.md (the index), a page per lesson, answers/


def _guide_folder_text() -> str:
    # every page of the guide, with runs of white space made one space (a claim may wrap anywhere)
    return " ".join(" ".join(p.read_text().split()) for p in sorted(GUIDE.rglob("*.md")))


def _spaced(text: str) -> str:
    return " ".join(text.split())


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


def _guide_02() -> tuple:
    from fifteen_kit.game_of_15.puzzles import puzzles
    from fifteen_kit.game_of_15.tree import positions_by_drafts

    return (STATS.games_by_length[5], positions_by_drafts()[3], math.perm(9, 3),
            max(STATS.games_by_length, key=STATS.games_by_length.get),
            _drawing_replies(5), _drawing_replies(2), _drawing_replies(1),
            tuple(sorted(d for d, v in move_evaluations(Round().play(3)).items() if v.outcome == "draw")),
            [puzzles(n, count=1, seed=s)[0].solutions for n, s in ((1, 17), (2, 5), (3, 6))])


def _guide_03() -> tuple:
    from fifteen_kit.counting import (
        card_sets,
        compositions,
        digit_sets,
        inclusion_exclusion_terms,
        most_common_sums,
        partitions_bounded,
        subset_sum_counts,
    )

    ie6, ie4 = inclusion_exclusion_terms(15, 6), inclusion_exclusion_terms(15, 4)
    return (digit_sets(15), digit_sets(16), digit_sets(28), digit_sets(17), most_common_sums(),
            subset_sum_counts()[15], sum(n for t, n in subset_sum_counts().items() if t <= 22),
            compositions(15, 6), (ie6[0][3], -ie6[1][3]), partitions_bounded(15, 6), (ie4[0][3], -ie4[1][3]),
            compositions(15, 4), max(range(2, 10), key=card_sets), math.comb(4, 2) ** 2 * math.comb(4, 1))


GUIDE_CLAIMS = [
    # --- lessons 00 and 01 ---
    ("Onyx, at once with 8 (2 + 5 + 8 = 15). Try it: the line 2, 4, 9; Ivory must draft 4 (it blocks 2 + 9 + 4).",
     (_blocks("25/13 I"), next(sorted(t) for t in WINNING_TRIPLES if {2, 9} <= set(t)), _blocks("29/5 I")),
     (frozenset({8}), [2, 4, 9], frozenset({4}))),
    ("predictions\n  (the kit's values): 8 triples; 5 is in the most triples (4); the corners hold the\n  even digits "
     "2, 4, 6, 8; 2 cells are still free once the line sum and centre are known; 8 magic squares;\n  8 symmetries",
     (len(WINNING_TRIPLES), len(triples_through(5)), max(len(triples_through(d)) for d in DIGITS if d != 5),
      sorted(d for d in DIGITS if len(triples_through(d)) == 3), _free_cells(), len(magic_squares()),
      len(symmetric_squares())),
     (8, 4, 3, [2, 4, 6, 8], 2, 8, 8)),
    ("1: the bottom row is 4 9 2 (the square 8 1 6 / 3 5 7 / 4 9 2). 2: 18 (2 + 3 + … + 10 = 54 shared by three "
     "rows). 3: 3, 5, 7, 9. 4: the bottom middle cell (digit 1).",
     (next(s for s in magic_squares() if s[0][0] == 8 and s[0][2] == 6), sum(_shifted_squares()[0][0]),
      sum(range(2, 11)), sorted({s[0][0] for s in _shifted_squares()}), cell_of(1), _blocks("68/5 I")),
     (((8, 1, 6), (3, 5, 7), (4, 9, 2)), 18, 54, [3, 5, 7, 9], (2, 1), frozenset({1}))),
    ("3 rows × S = 45, so S = 15.\"", 45 // 3, magic_constant()),
    ("4 × 15 = 45 + 3 × centre.\"", (4 * 15 - 45) // 3, centre_value()),
    ("g = 10 − c, h = a + c − 5, i = 10 − a", _corner_formulas(), ("10 - c", "a + c - 5", "10 - a")),
    # --- lesson 02 ---
    ("8 × 6 × 6 × 5 = 1,440 games; positions after three drafts, 252 (against 504 orders of drafting); the most "
     "common\n  length, 9 drafts; perfect play, a draw; replies that hold the draw: to the centre 4 (the corners), "
     "after a\n  corner only the centre, to an edge 4, to the edge 3 the digits 4, 5, 7 and 8. Puzzles: 1: 2 or 4; "
     "2: 2 or 6;\n  3: 2 or 5", _guide_02(),
     (8 * 6 * 6 * 5, 252, 504, 9, 4, 1, 4, (4, 5, 7, 8), [(2, 4), (2, 6), (2, 5)])),
    ("first the winning set (8 choices)", len(WINNING_TRIPLES), 8),
    # --- lesson 03 ---
    ("17 sets of different digits (any\n  size) sum to 15; 18 sum to 16; 19 subsets sum to 28 (complements: as many "
     "as sum to 17); the most common sums are\n  21, 22, 23 and 24, a tie at 23 subsets each (15 has 17); 256 "
     "subsets have a sum of 22 or less, half of 512, the\n  empty set included; 1,666 ordered goal boards, 2002 − 336 "
     "by inclusion–exclusion, 19 up to order; four dice\n  total 15 in 364 − 224 = 140 ordered ways; 5 cards make 15 "
     "in the most ways; the cards A, A, 4, 4, 5 can be chosen\n  in 6 × 6 × 4 = 144 ways.", _guide_03(),
     (17, 18, 19, 19, ([21, 22, 23, 24], 23), 17, 256, 1666, (2002, 336), 19, (364, 224), 140, 5, 144)),
    ("(2 sets of two digits, 8 of three, 6 of four, 1 of five)", [_digit_sets_by_listing(15, k) for k in (2, 3, 4, 5)],
     [2, 8, 6, 1]),
    ("there are only 2⁹ = 512 sets to check", _lesson03_kit()["subsets"], 2**9),
    ("\"8: each bracket gives two choices, 2 × 2 × 2.\" *Which of them make x³?* \"x³ alone, and x · x²: the sets {3} "
     "and {1, 2}.\"", (2**3, _x3_in_three_brackets()), (8, 2)),
    ("\"45 − 15 = 30, because all nine digits make 45.\"", (sum(range(1, 10)) - 15, sum(range(1, 10))), (30, 45)),
    ("the chart peaks in the middle; sums 21 to 24 tie", _lesson03_kit()["tie"][0], [21, 22, 23, 24]),
    ("(1 + x)(1 + x²) first (4 products)", 2**2, 4),
    ("what do the tiles left on the table make? (30, since all nine make 45.)", sum(range(1, 10)) - 15, 30),
    ("the class finds all 19 kinds", _boards()[1], 19),
    ("In 8y³x¹⁵ the power of x is the *sum* (15), the power of y the *size* (3) and the coefficient, the number in "
     "front, *how many* sets (8)", _digit_sets_by_listing(15, 3), 8),
    ("1,666 goal boards in order, 19 up to order", _boards(), (1666, 19)),
    # --- lessons 04 to 06: their pages are checked by GUIDE_CLAIMS_04_06 (below), every number of them ---
]


@pytest.mark.parametrize(("text", "computed", "stated"), GUIDE_CLAIMS, ids=[c[0][:40] for c in GUIDE_CLAIMS])
def test_teacher_guide_matches_the_kit(text, computed, stated):
    assert _spaced(text) in _guide_folder_text(), f"the teacher guide no longer says {text!r}"
    if isinstance(computed, tuple):
        computed = tuple(c() if callable(c) else c for c in computed)
    computed = computed() if callable(computed) else computed  # slow studies are computed only here
    assert computed == stated


def test_teacher_guide_covers_every_lesson():
    index = (GUIDE / "README.md").read_text()
    for path in sorted(LESSONS.glob("0*.ipynb")):
        number = path.name[:2]
        page = GUIDE / f"{path.stem}.md"
        assert page.exists(), f"no teacher's page for lesson {number}: {page.name}"
        assert page.read_text().startswith(f"# Lesson {number} "), page.name
        assert f"`{path.name}`" in index, f"the guide's Binder links miss {path.name}"
        assert f"]({path.stem}.md)" in index and f"](answers/{path.stem}.md)" in index, f"the index misses {number}"


# Dice counted by hand, for the guide's claims below.
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


# -- the teacher guide's notes on lessons 04, 05 and 06 (lessons/teacher_guide/NN_*.md) -----------------------------
# Each row: the guide's file, a text it contains (compared with runs of white space made one space), the kit's
# value and the value the text states. Every number in these files is covered by a row, or is one of the plan's
# minutes, a task or lesson name, or a teaching choice listed in NOT_KIT_NUMBERS (test below).
GUIDE_DIR = GUIDE
GUIDE_FILES_04_06 = {"04": "04_dice_and_risk.md", "05": "05_fifteens.md", "06": "06_five_by_15.md"}


def _page_text(lesson: str) -> str:
    return " ".join((GUIDE_DIR / GUIDE_FILES_04_06[lesson]).read_text().split())


def _fr(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _d(x, places: int = 2) -> str:
    return f"{float(x):.{places}f}"


def _simple(name: str) -> Fraction:
    from fifteen_kit.nasty15.studies import simple_rule_values

    return simple_rule_values(PUBLIC, range(31))[name]


def _bust_product(targets) -> str:
    # "2/6 × 3/6 × ..." : the chance that each die is too high, written as the guide writes it
    return " × ".join(f"{6 - t}/6" for t in targets)


def _last_blue() -> dict:
    # exercises 2, 3 and 5: 9 pips placed on five dice, only blue (target 4) left; every number from the engine
    from fifteen_kit.widgets.workbook.lesson04 import LAST_DIE

    from fifteen_kit.nasty15 import Turn

    turn = Turn.parse(LAST_DIE)
    blue = turn.targets[0]
    mean = Fraction(sum(range(1, blue + 1)), blue)
    doubled = 2 * (turn.pips + mean)
    roll = Fraction(blue, 6) * doubled + Fraction(6 - blue, 6) * blue
    return {"pips": turn.pips, "blue": blue, "mean": mean, "doubled": doubled, "roll": roll,
            "stop": turn.stop_score(), "kit_roll": _roll_blue_last(False), "gambler": _roll_blue_last(True)}


def _mini_cases() -> list[tuple[Fraction, Fraction]]:
    # exercise 4's four cases (chance, score): yellow (3) and red (1), both valid, yellow only, red only, bust
    y, r = Fraction(3, 6), Fraction(1, 6)
    return [(y * r, 2 + 1), (y * (1 - r), Fraction(2)), ((1 - y) * r, Fraction(1)), ((1 - y) * (1 - r), 3 + 1)]


def _g04() -> dict:
    from fifteen_kit.widgets.workbook import lesson04

    from fifteen_kit.nasty15.examples import WORKED_EXAMPLES

    b = _last_blue()
    best = policy_for(PUBLIC).expected_score()
    sims = lesson04._simulated()
    mini = _mini_cases()
    q = {k: _exercise(f"04.q{k}") for k in range(1, 6)}
    return {
        "b": b, "best": best, "sims": sims, "mini": mini, "q": q, "examples": WORKED_EXAMPLES,
        "slips": {k: set(task_slips(f"04.q{k}")) for k in range(1, 6)},
    }


def task_slips(key: str) -> dict:
    from fifteen_kit.widgets.workbook import task

    slips = task(key).slips
    return slips() if callable(slips) else dict(slips)


def _stop9_mode_is_not_the_mean() -> bool:
    from fifteen_kit.nasty15.probability import score_distribution, threshold

    dist = score_distribution(PUBLIC, threshold(9))
    mean = sum((s * p for s, p in dist.items()), Fraction(0))
    return max(dist, key=dist.__getitem__) != round(mean)


def _lesson_source(lesson: str) -> str:
    nb = json.loads((LESSONS / f"{lesson}.ipynb").read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"])


G04 = functools.cache(_g04)


def _lesson_times() -> dict:
    # Run All per lesson, measured by bench/bench_lessons.py (b19-guide)
    return json.loads((LESSONS.parent / "bench" / "results" / "lesson_times.json").read_text())["lessons"]


def _run_all(lesson: str) -> float:
    return _lesson_times()[lesson]["run_all_s"]


GUIDE_CLAIMS_04_06 = [
    # --- lesson 04 ---
    ("04", "the goal board `B4 Y3 K3 W2 G2 R1`",
     lambda: __import__("fifteen_kit.nasty15.boards", fromlist=["PUBLIC_BOARD"]).PUBLIC_BOARD.notation(),
     "B4 Y3 K3 W2 G2 R1"),
    # the measured time is written into the page by bench/bench_lessons.py: the text follows the results file
    ("04", f"(**Run ▸ Run All Cells**; it takes {_run_all('04_dice_and_risk')} s of computing",
     lambda: _run_all("04_dice_and_risk") < 5, True),
    ("04", "**exact expected score** of best play: 12.44 points per board, the average of the best-play expected "
     "scores of the kit's 15 goal boards", lambda: _exact_per_board(), ("12.44", 15)),
    ("04", "The class's mean comes with a 95% range", lambda: _confidence_level(), 0.95),
    ("04", "once at least 5 games are pooled", lambda: MIN_GAMES, 5),
    ("04", "the lesson's worked example 11/6,",
     lambda: (Fraction(1, 6) * 1 + Fraction(1, 6) * 2 + Fraction(4, 6) * 2, "11/6 ≈ 1.83" in _markdown(
         "04_dice_and_risk")), (Fraction(11, 6), True)),
    ("04", "*A die has target 4. Out of six faces, how many are valid?* \"1, 2, 3 and 4: four of six, 2/3.\"",
     lambda: p_valid(4), Fraction(2, 3)),
    ("04", "*What does 'expected score 13.23' mean if no turn ever scores 13.23?*",
     lambda: (_d(G04()["best"]), G04()["best"].denominator > 1), ("13.23", True)),
    ("04", "Luke 8, Nina 15 then 24; 2/3; 5/162; 5/6; greedy; 8; 42.7%; 13.23 (nearest whole point 13); red only; "
     "79.9%; roll; close to it; 432222; stop.", _lesson04_truths,
     (8, 15, 24, Fraction(2, 3), Fraction(5, 162), Fraction(5, 6), "greedy", 8, "42.7%",
      "13.23 (nearest whole point 13)", "red only", "79.9%", "roll", "close to it", "432222", "stop")),
    ("04", "is valid (*t*/6)", lambda: all(p_valid(t) == Fraction(t, 6) for t in range(1, 7)), True),
    ("04", "\"why did a bust pay 8?\"", lambda: G04()["examples"]["bust"].score, 8),
    ("04", "and \"adding can give more than 1\"", Fraction(5, 6) + Fraction(4, 6) > 1, True),
    ("04", "circle the valid ones for target 3, and say the fraction aloud. Then two dice: draw the 6 × 6 grid",
     lambda: (p_valid(3), 6 * 6), (Fraction(1, 2), 36)),
    ("04", "dividing by 36 gives the product", lambda: _count_busts([3, 1]), Fraction(15, 36)),
    ("04", "a gambler bust pays 0", lambda: G04()["b"]["gambler"] == Fraction(4, 6) * G04()["b"]["doubled"], True),
    ("04", "with a bust worth 0:", lambda: G04()["b"]["gambler"] == Fraction(4, 6) * G04()["b"]["doubled"], True),
    ("04", "(roll the last blue die, 9 pips placed)", lambda: G04()["b"]["pips"], 9),
    ("04", "A chance above 1 is the giveaway", Fraction(1, 2) + Fraction(5, 6) > 1, True),
    ("04", "Forgetting the +5 bonus", lambda: G04()["examples"]["five dice"].score - 10, 5),
    ("04", "the +5 bonus and the doubling as usual", lambda: G04()["examples"]["five dice"].score - 10, 5),
    ("04", "Stop at 9 pips scores more on average than greedy, but lots of its turns score less than 9",
     lambda: (_simple("stop at 9 pips") > _simple("greedy"), _share_below_9() > Fraction(1, 3)), (True, True)),
    ("04", "a die with target 1 is hard to make valid", lambda: p_valid(1), Fraction(1, 6)),
    ("04", "shade \"both too high\" for targets 3 and 1; count the shaded cells (15 of 36) before writing 3/6 × 5/6",
     lambda: (_count_busts([3, 1]) * 36, _bust_product([3, 1])), (15, "3/6 × 5/6")),
    ("04", "give the split: \"blue valid (4 faces)\" and \"bust (2 faces)\"",
     lambda: (G04()["b"]["blue"], 6 - G04()["b"]["blue"]), (4, 2)),
    ("04", "the two-die board (targets adding to 4) with the largest chance of a bust, and explain why (targets 2 "
     "and 2: 16/36, against 15/36 for 3 and 1)",
     lambda: (max(((a, 4 - a) for a in range(1, 4)), key=lambda ts: p_bust(list(ts))), p_bust([2, 2]) * 36,
              p_bust([3, 1]) * 36), ((2, 2), 16, 15)),
    ("04", "04.p1: a bust pays the targets of the dice **not** placed (red 5 + yellow 3)",
     lambda: G04()["examples"]["bust"].score, 5 + 3),
    ("04", "stopping with five dice earns the bonus (10 + 5); six dice double the pips (2 × 12)",
     lambda: (G04()["examples"]["five dice"].score, G04()["examples"]["six dice"].score), (10 + 5, 2 * 12)),
    ("04", "2/6 × 3/6 × 3/6 × 4/6 × 4/6 × 5/6 = 5/162",
     lambda: (_bust_product(PUBLIC), p_bust(PUBLIC), _count_busts(list(PUBLIC))),
     ("2/6 × 3/6 × 3/6 × 4/6 × 4/6 × 5/6", Fraction(5, 162), Fraction(5, 162))),
    ("04", "about 0.031. With only red left (04.p6) a bust has chance 5/6",
     lambda: (_d(p_bust(PUBLIC), 3), p_bust([1])), ("0.031", Fraction(5, 6))),
    ("04", "the cautious rule (place every valid die, then stop) expects 446/81, about 5.51 points; greedy (never "
     "stop) about 7.54; the best threshold, stop at 8 pips, about 9.83",
     lambda: (_simple("cautious"), _d(_simple("cautious")), _d(_simple("greedy")), _best_threshold_04(),
              _d(_simple("stop at 8 pips"))), (Fraction(446, 81), "5.51", "7.54", 8, "9.83")),
    ("04", "best play expects 13.23 points, 3.40 more than the best simple rule: about 34.0 points over a game of "
     "10 boards", lambda: (_d(G04()["best"]), _d(G04()["best"] - _simple("stop at 8 pips")),
                           f"{float(10 * (G04()['best'] - _simple('stop at 8 pips'))):.1f}"),
     ("13.23", "3.40", "34.0")),
    ("04", "the simulation plays 1,500 turns; its average ends near 13.48, close to 13.23 but not on it",
     lambda: (len(G04()["sims"]), _d(Fraction(sum(G04()["sims"]), len(G04()["sims"]))),
              Fraction(sum(G04()["sims"]), len(G04()["sims"])) != G04()["best"]), (1500, "13.48", True)),
    ("04", "Luke's placed dice showed few pips (5), his two dice left had targets 5 and 3, so the bust paid 8",
     lambda: (_luke()), (5, [5, 3], 8)),
    ("04", "Of the 6 × 6 = 36 equally likely rolls of two dice", 6 * 6, 36),
    ("04", "and can exceed 1 (5/6 + 4/6)", Fraction(5, 6) + Fraction(4, 6) > 1, True),
    ("04", "1: 5/18 ≈ 0.278. 2: 50/3 ≈ 16.67. 3: 8/3 ≈ 2.67. 4: 17/6 ≈ 2.83. 5: 46/3 ≈ 15.33.",
     lambda: " ".join(f"{k}: {_fr(v)} ≈ {_d(v, 3 if k == 1 else 2)}." for k, v in G04()["q"].items()),
     "1: 5/18 ≈ 0.278. 2: 50/3 ≈ 16.67. 3: 8/3 ≈ 2.67. 4: 17/6 ≈ 2.83. 5: 46/3 ≈ 15.33."),
    ("04", "Too high: yellow on 3 faces of 6, white on 4, red on 5. Multiply: 3/6 × 4/6 × 5/6 = 60/216 = 5/18 ≈ "
     "0.278", lambda: (_bust_product([3, 2, 1]), _count_busts([3, 2, 1]) * 216, G04()["q"][1]),
     ("3/6 × 4/6 × 5/6", 60, Fraction(5, 18))),
    ("04", "the checker names the slip of adding (which gives 2, or 1); 13/18 is the chance of at least one valid "
     "die", lambda: ({2, 1, Fraction(13, 18)} <= G04()["slips"][1], 1 - p_bust([3, 2, 1]),
                     sum(Fraction(6 - t, 6) for t in (3, 2, 1)), sum(p_valid(t) for t in (3, 2, 1))),
     (True, Fraction(13, 18), 2, 1)),
    ("04", "Valid on 4 faces (2.5 pips on average), then the score is doubled: 2 × (9 + 2.5) = 23. Bust on 2 "
     "faces: blue's target, 4. Expected: 4/6 × 23 + 2/6 × 4 = 100/6 = 50/3 ≈ 16.67",
     lambda: (G04()["b"]["blue"], G04()["b"]["mean"], G04()["b"]["pips"], G04()["b"]["doubled"],
              G04()["b"]["roll"] * 6, G04()["b"]["roll"], G04()["b"]["kit_roll"]),
     (4, Fraction(5, 2), 9, 23, 100, Fraction(50, 3), Fraction(50, 3))),
    ("04", "forgetting the doubling gives 9; scoring a bust as 0 gives 46/3, which is exercise 5",
     lambda: ({9, Fraction(46, 3)} <= G04()["slips"][2], G04()["q"][5]), (True, Fraction(46, 3))),
    ("04", "Stopping scores 9 + 5 = 14 (the bonus for exactly five dice). Gain = 50/3 − 14 = 8/3 ≈ 2.67 points",
     lambda: (G04()["b"]["stop"], G04()["b"]["roll"] - G04()["b"]["stop"], G04()["q"][3]),
     (9 + 5, Fraction(8, 3), Fraction(8, 3))),
    ("04", "quoted 446/81 (about 5.51) for \"04 Q3\"; in the kit that number is the cautious rule's expected score "
     "(the reveal of 04.p7), and exercise 3's answer is 8/3. Pupils who forget the bonus get 23/3.",
     lambda: (_simple("cautious"), G04()["q"][3], Fraction(23, 3) in G04()["slips"][3]),
     (Fraction(446, 81), Fraction(8, 3), True)),
    ("04", "both valid (3/36, score 3), yellow only (15/36, 2 on average), red only (3/36, score 1), bust (15/36, "
     "score 3 + 1 = 4). Expected = (3×3 + 15×2 + 3×1 + 15×4)/36 = 102/36 = 17/6 ≈ 2.83",
     lambda: ([(c * 36, s) for c, s in G04()["mini"]], sum(c * s for c, s in G04()["mini"]) * 36, G04()["q"][4]),
     ([(3, 3), (15, 2), (3, 1), (15, 4)], 102, Fraction(17, 6))),
    ("04", "the plain average of the four scores (5/2) is the classic slip",
     lambda: (sum(s for _, s in G04()["mini"]) / 4, Fraction(5, 2) in G04()["slips"][4]), (Fraction(5, 2), True)),
    ("04", "4/6 × 23 = 92/6 = 46/3 ≈ 15.33, still more than the 14 of stopping",
     lambda: (Fraction(4, 6) * G04()["b"]["doubled"] * 6, G04()["b"]["gambler"], G04()["b"]["stop"]),
     (92, Fraction(46, 3), 14)),
    ("04", "\"Yellow is too high half the time and red five times in six, so a bust is 1/2 + 5/6.\"",
     lambda: (p_bust([3]), p_bust([1])), (Fraction(1, 2), Fraction(5, 6))),
    ("04", "42.7% of 'stop at 9 pips' turns score below 9 even though the rule averages more than greedy (04.p9). "
     "No single turn of best play scores 13.23.",
     lambda: (f"{float(_share_below_9()) * 100:.1f}%", _simple("stop at 9 pips") > _simple("greedy"),
              G04()["best"].denominator > 1, _d(G04()["best"])), ("42.7%", True, True, "13.23")),
    ("04", "the most common score is not the average", _stop9_mode_is_not_the_mean, True),
    ("04", "A simulation of 1,500 turns estimates the exact value",
     lambda: __import__("fifteen_kit.widgets.workbook.lesson04", fromlist=["SIMULATED"]).SIMULATED, 1500),
    ("04", "Best play keeps back at least one valid die in 79.9% of first rolls with a valid die, mostly dice with "
     "large targets", lambda: (f"{float(_held_back_share_04()) * 100:.1f}%", _held_back_claims()[1]),
     ("79.9%", True)),
    ("04", "a bust scores the 15 of all six targets", lambda: (sum(PUBLIC), len(PUBLIC)), (15, 6)),
    ("04", "(about 9: 300 × 5/162)", lambda: round(30 * 10 * p_bust(PUBLIC)), 9),
    ("04", "about 19 pairs in 20 land within about 1.5 points of 5.51 with their 20 turns; a class of 15 pairs (300 "
     "turns) lands within about 0.4", lambda: (round(20 * _confidence_level()), _cautious_margin(20, 1),
                                               _cautious_margin(15 * 20, 1), _d(_simple("cautious"))),
     (19, 1.5, 0.4, "5.51")),
    ("04", "the kit's exact expected score of the cautious rule, 446/81 ≈ 5.51",
     lambda: (_simple("cautious"), _d(_simple("cautious"))), (Fraction(446, 81), "5.51")),
]


def _exact_per_board() -> tuple[str, int]:
    # a game's boards are drawn from the kit's set, each as likely as any other: the mean of best play's values
    from fifteen_kit.nasty15 import default_boards

    values = [policy_for(tuple(t for _, t in base.targets)).expected_score() for base, _ in default_boards()]
    return _d(sum(values, Fraction(0)) / len(values)), len(values)


def _cautious_margin(turns: int, places: int) -> float:
    # 1.96 standard errors of the average of `turns` cautious turns on the public board, from the exact distribution
    from statistics import NormalDist

    from fifteen_kit.nasty15.probability import score_distribution

    dist = score_distribution(PUBLIC, "cautious")
    mean = sum((s * p for s, p in dist.items()), Fraction(0))
    variance = sum(((s - mean) ** 2 * p for s, p in dist.items()), Fraction(0))
    z = NormalDist().inv_cdf(0.5 + _confidence_level() / 2)
    return round(z * math.sqrt(variance / turns), places)


def _share_below_9() -> Fraction:
    from fifteen_kit.widgets.workbook.lesson04 import _share_below

    return _share_below(9)


def _best_threshold_04() -> int:
    from fifteen_kit.widgets.workbook.lesson04 import _best_threshold

    return _best_threshold()


def _held_back_share_04() -> Fraction:
    from fifteen_kit.nasty15.studies import held_back

    return held_back(PUBLIC).share


def _luke() -> tuple[int, list[int], int]:
    # the bust example: the pips Luke placed, the targets of the two dice he rolled last, and his score
    from fifteen_kit.nasty15.examples import WORKED_EXAMPLES

    luke = WORKED_EXAMPLES["bust"]
    targets = dict(luke.board.targets)
    placed = luke.steps[1].colours
    first = luke.steps[0].faces
    pips = sum(first[[c for c, _ in luke.board.targets].index(c)] for c in placed)
    left = sorted((t for c, t in luke.board.targets if c not in placed), reverse=True)
    assert all(targets[c] >= 1 for c in placed)
    return pips, left, luke.score


def _w(wins: int, deals: int) -> str:
    from fifteen_kit.fifteens import wilson_interval

    low, high = wilson_interval(wins, deals)
    return f"{low:.0%} to {high:.0%} | {100 * (high - low):.1f} points"


def _rate_points(a, b) -> str:
    return f"{a.rate:.1%} − {b.rate:.1%} = {100 * (a.rate - b.rate):.1f} percentage points"


def _confidence_level() -> float:
    # the level of the kit's default Wilson interval, from its z
    import inspect
    from statistics import NormalDist

    from fifteen_kit.fifteens import wilson_interval

    z = inspect.signature(wilson_interval).parameters["z"].default
    return round(2 * NormalDist().cdf(z) - 1, 4)


def _s(player: str):
    return _fifteens_study()[player]


def _paired_05() -> tuple[int, int]:
    a, b = _s("fewest").results, _s("options").results
    return (sum(x == "won" and y != "won" for x, y in zip(a, b, strict=True)),
            sum(y == "won" and x != "won" for x, y in zip(a, b, strict=True)))


def _rank_sets_05() -> tuple[int, int, int]:
    from fifteen_kit.widgets.workbook.lesson05 import card_pairs, rank_set_table

    table = rank_set_table()
    return sum(sets for sets, _ in table.values()), table[2][0], card_pairs(15)


GUIDE_CLAIMS_04_06 += [
    # --- lesson 05 ---
    ("05", "95%", _confidence_level, 0.95),
    ("05", "one of the 19 or the unlucky one", lambda: round(20 * _confidence_level()), 19),
    ("05", "that is the 1 in 20", lambda: round(20 * (1 - _confidence_level())), 1),
    ("05", "about 1 in 20 ranges misses", lambda: round(20 * (1 - _confidence_level())), 1),
    ("05", "catch the true rate 19 times in 20", lambda: round(20 * _confidence_level()), 19),
    ("05", "who know percentages and \"4 × 4 ways\" for choosing two things", lambda: _rank_sets_05()[2] // 2, 4 * 4),
    ("05", "count the sets of cards that make 15, first by ranks, then with suits (4 × 4, and \"2 of the four "
     "sevens\")", lambda: (_rank_sets_05()[2] // 2, math.comb(4, 2), _target_05()), (16, 6, 15)),
    ("05", "The study of 60 deals runs when a pupil locks the guess", lambda: _games_05(), 60),
    ("05", "the class can say what one study of 60 deals could not", lambda: _games_05(), 60),
    ("05", f"(**Run ▸ Run All Cells**; it takes {_run_all('05_fifteens')} s of computing",
     lambda: _run_all("05_fifteens") < 5, True),
    ("05", "\"find cards that make 15\"", lambda: _target_05(), 15),
    ("05", "Remove cards that add up to 15", lambda: _target_05(), 15),
    ("05", "a number line from 0% to 100%",
     lambda: (_w(0, 60).split(" to ")[0], _w(60, 60).split(" to ")[1].split(" |")[0]), ("0%", "100%")),
    ("05", "a rate near 5 in 6 has a range about 5 points wide", lambda: round(_width(750, 900)), 5),
    ("05", "about 19 in 20 of their ranges would catch the true win rate**, and about 1 in 20 would miss it",
     lambda: (round(20 * _confidence_level()), 20 - round(20 * _confidence_level())), (19, 1)),
    ("05", "The method catches the fish 19 throws in 20", lambda: round(20 * _confidence_level()), 19),
    ("05", "| 60 | 72% to 91% | 18.7 points |", lambda: (_w(50, 60), _games_05()), ("72% to 91% | 18.7 points", 60)),
    ("05", "| 240 | 78% to 88% | 9.4 points |", lambda: _w(200, 240), "78% to 88% | 9.4 points"),
    ("05", "| 900 | 81% to 86% | 4.9 points |", lambda: _w(750, 900), "81% to 86% | 4.9 points"),
    ("05", "a strategy that wins 5 deals in 6", lambda: (Fraction(_s("fewest").wins, 60), _w(50, 60)),
     (Fraction(5, 6), "72% to 91% | 18.7 points")),
    ("05", "Four times the deals about halves the width",
     lambda: round(_width(50, 60) / _width(200, 240), 1), 2.0),
    ("05", "\"one pair could only say 'somewhere between 72% and 91%'; the whole class can say 'between 81% and "
     "86%'.", lambda: (_w(50, 60), _w(750, 900)), ("72% to 91% | 18.7 points", "81% to 86% | 4.9 points")),
    ("05", "9 + 6 is 4 × 4 = 16 pairs of cards", lambda: _rank_sets_05()[2] // 2, 16),
    ("05", "*Most won 6 of 60 and fewest 50 of 60. Are we sure fewest is better?* \"Yes: their ranges are "
     "far apart", lambda: (_s("most").wins, _s("fewest").wins, _apart(_s("most"), _s("fewest"))), (6, 50, True)),
    ("05", "*The solver won 59 of 60 and fewest 50 of 60. Is that 15% more wins?* \"It is 15.0 "
     "percentage points; as a share of fewest's wins it is 18% more wins.",
     lambda: (_s("thoughtful").wins, _s("fewest").wins, f"{100 * (_s('thoughtful').rate - _s('fewest').rate):.1f}",
              f"{(_s('thoughtful').wins - _s('fewest').wins) / _s('fewest').wins:.0%}"), (59, 50, "15.0", "18%")),
    ("05", "`study(games=600, seed=1)`", lambda: _study_accepts(games=600, seed=1), True),
    ("05", "(From the table: about 900 deals; the width shrinks like one over the square root",
     lambda: (_width(750, 900) < 5 < _width(200, 240), round(_width(50, 60) / _width(750, 900), 1)), (True, 3.8)),
    ("05", "why does one-each give 256 removals instead of 4",
     lambda: (_one_each_face_sets(), _face_sets_05("four-of-a-kind")), (256, 4)),
    ("05", "every player on the same 60 deals of seed 2026", lambda: (_games_05(), _seed_05()), (60, 2026)),
    ("05", "05.p1: **109** sets of ranks make 15 (2 of them with two cards: 9 + 6 and 8 + 7). With suits chosen "
     "there are many more: 32 two-card sets alone.", _rank_sets_05, (109, 2, 32)),
    ("05", "05.p2: **fewest** wins the most of the 60 deals (50), options 49, random 33, most 6.",
     lambda: tuple(_s(p).wins for p in ("fewest", "options", "random", "most")), (50, 49, 33, 6)),
    ("05", "Fewest and options are far above random and most (their ranges do not overlap), but their own ranges "
     "overlap.", lambda: (all(_apart(_s(a), _s(b)) for a in ("fewest", "options") for b in ("random", "most")),
                          _apart(_s("fewest"), _s("options"))), (True, False)),
    ("05", "05.p3: **59** of the 60 deals can be won at all (the thoughtful solver, which sees the stock). Against "
     "fewest: 98.3% − 83.3% = 15.0 percentage points, or 9 extra wins out of 50: 18% more wins.",
     lambda: (_s("thoughtful").wins, _rate_points(_s("thoughtful"), _s("fewest")),
              _s("thoughtful").wins - _s("fewest").wins, _s("fewest").wins),
     (59, "98.3% − 83.3% = 15.0 percentage points", 9, 50)),
    ("05", "05.p4: **more often**: under the one-each face-card rule the options player wins 59 of 60 (range 91% to "
     "100%), against 49 of 60 (70% to 89%) under four of a kind; the ranges do not overlap.",
     lambda: (_fifteens_rule_study()["options"].wins, f"{_fifteens_rule_study()['options'].low:.0%}",
              f"{_fifteens_rule_study()['options'].high:.0%}", _s("options").wins, f"{_s('options').low:.0%}",
              f"{_s('options').high:.0%}", _fifteens_rule_study()["options"].low > _s("options").high),
     (59, "91%", "100%", 49, "70%", "89%", True)),
    ("05", "fewest won 5 deals that options lost, options won 4 that fewest lost", _paired_05, (5, 4)),
    ("05", "**Exercise 1: 38** two-card removals make 14. Rank pairs 5 + 9 and 6 + 8: 4 × 4 = 16 each; 7 + 7: "
     "choose 2 of the four sevens, 6 ways. 16 + 16 + 6 = 38.",
     lambda: (EXERCISE_ANSWERS_05_06["05.q1"](), sorted((a, 14 - a) for a in range(5, 8)), math.comb(4, 2)),
     (38, [(5, 9), (6, 8), (7, 7)], 6)),
    ("05", "48 (4 × 4 for the sevens) is the usual slip", lambda: 48 in task_slips("05.q1"), True),
    ("05", "**Exercise 2: 512** three-card removals with three different ranks: the 8 rank sets (9 5 1, 9 4 2, "
     "8 6 1, 8 5 2, 8 4 3, 7 6 2, 7 5 3, 6 5 4, the lines of the magic square) times 4 × 4 × 4 = 64 suit choices.",
     lambda: (EXERCISE_ANSWERS_05_06["05.q2"](), sorted((tuple(sorted(t, reverse=True)) for t in WINNING_TRIPLES),
                                                        reverse=True)),
     (512, [(9, 5, 1), (9, 4, 2), (8, 6, 1), (8, 5, 2), (8, 4, 3), (7, 6, 2), (7, 5, 3), (6, 5, 4)])),
    ("05", "**Exercise 3: cannot tell from this study.** Fewest won 50 of 60 (range 72% to 91%), options 49 of 60 "
     "(range 70% to 89%). Every true rate from 72% to 89% fits both results",
     lambda: (EXERCISE_ANSWERS_05_06["05.q3"](), _s("fewest").wins, f"{_s('fewest').low:.0%}",
              f"{_s('fewest').high:.0%}", _s("options").wins, f"{_s('options').low:.0%}",
              f"{_s('options').high:.0%}"),
     ("cannot tell from this study", 50, "72%", "91%", 49, "70%", "89%")),
    ("05", "**Exercise 4: 256** one-each face sets: 4 × 4 × 4 × 4 suit choices (under four of a kind there are only "
     "4).", lambda: (EXERCISE_ANSWERS_05_06["05.q4"](), 4**4, _face_sets_05("four-of-a-kind")), (256, 256, 4)),
    ("05", "The counts of part 2 (109 sets, 38, 512, 256) are exact",
     lambda: (_rank_sets_05()[0], *(EXERCISE_ANSWERS_05_06[k]() for k in ("05.q1", "05.q2", "05.q4"))),
     (109, 38, 512, 256)),
    ("05", "The solver's 59 of 60 is exact for these 60 deals", lambda: (_s("thoughtful").wins, _games_05()), (59, 60)),
    ("05", "**\"15.0% more wins.\"** The difference of two percentages is in percentage points (15.0); as a share of "
     "the wins it is 18% more (05.p3).",
     lambda: (f"{100 * (_s('thoughtful').rate - _s('fewest').rate):.1f}",
              f"{(_s('thoughtful').wins - _s('fewest').wins) / _s('fewest').wins:.0%}"), ("15.0", "18%")),
    ("05", "deal 16 cards face up in a 4 × 4 tableau", lambda: _tableau_size(), 16),
    ("05", "deal a 4 × 4 tableau", lambda: _tableau_size(), 16),
    ("05", "one standard 52-card deck", lambda: len(__import__("fifteen_kit.fifteens", fromlist=["deck"]).deck()), 52),
    ("05", "(ace = 1)", lambda: min(c.rank for c in __import__("fifteen_kit.fifteens", fromlist=["deck"]).deck()), 1),
    ("05", "or all four cards of one rank from 10, J, Q, K",
     lambda: sorted({c.rank for c in __import__("fifteen_kit.fifteens", fromlist=["deck"]).deck() if c.rank >= 10}),
     [10, 11, 12, 13]),
    ("05", "if the pairs are numbered 1 to 15 and each plays 40 deals with each strategy: the class pools 600 deals "
     "per strategy. Options wins 488 (81.3%, range 78% to 84%) and fewest 453 (75.5%, range 72% to 79%): options is "
     "now ahead, the other way round from the lesson's 60 deals, and the two ranges only just overlap",
     lambda: _class_of_15(), (600, "488 (81.3%, range 78% to 84%)", "453 (75.5%, range 72% to 79%)", True, True)),
    ("05", "Random wins 57.2% and most 13.5%, far apart from everything else",
     lambda: (_pooled_15()["random"][2], _pooled_15()["most"][2], _far_apart_15()), ("57.2%", "13.5%", True)),
    ("05", "deal 5 in pairs", lambda: "FifteensBoard(seed=5, key=" in _lesson_source("05_fifteens"), True),
]


def _games_05() -> int:
    from fifteen_kit.widgets.workbook.lesson05 import GAMES

    return GAMES


def _seed_05() -> int:
    from fifteen_kit.widgets.workbook.lesson05 import SEED

    return SEED


def _width(wins: int, deals: int) -> float:
    from fifteen_kit.fifteens import wilson_interval

    low, high = wilson_interval(wins, deals)
    return 100 * (high - low)


def _study_accepts(**kwargs) -> bool:
    import inspect

    from fifteen_kit.fifteens import study

    inspect.signature(study).bind(**kwargs)
    return True


def _face_sets_05(rule: str) -> int:
    from fifteen_kit.widgets.workbook.lesson05 import face_sets

    return face_sets(rule)


@functools.cache
def _pooled_15() -> dict[str, tuple[int, int, str, float, float]]:
    # a class of pairs numbered 1 to 15, each playing 40 deals of its own (the pair number as the seed) with each
    # strategy, pooled: wins, deals, rate, and the 95% Wilson range of the rate
    from fifteen_kit.fifteens import study, wilson_interval

    totals: dict[str, list[int]] = {}
    for pair in range(1, 16):
        for row in study(("random", "fewest", "most", "options"), games=40, seed=pair, processes=1):
            wins, deals = totals.setdefault(row.player, [0, 0])
            totals[row.player] = [wins + row.wins, deals + row.games]
    return {p: (w, n, f"{w / n:.1%}", *wilson_interval(w, n)) for p, (w, n) in totals.items()}


def _class_of_15() -> tuple:
    pooled = _pooled_15()

    def said(p: str) -> str:
        w, _n, rate, low, high = pooled[p]
        return f"{w} ({rate}, range {low:.0%} to {high:.0%})"

    options, fewest = pooled["options"], pooled["fewest"]
    lesson_order = _s("fewest").wins > _s("options").wins
    return (options[1], said("options"), said("fewest"), lesson_order and options[0] > fewest[0],
            options[3] <= fewest[4] and options[3] > fewest[4] - 0.01)


def _far_apart_15() -> bool:
    pooled = _pooled_15()
    ranges = {p: (v[3], v[4]) for p, v in pooled.items()}
    return all(ranges[a][1] < ranges[b][0] or ranges[b][1] < ranges[a][0]
               for a in ("random", "most") for b in ranges if b != a)


def _target_05() -> int:
    # every set of ranks the game removes (A..9, a full deck) adds up to the same number
    from fifteen_kit.fifteens import removal_ranks

    (total,) = {sum(ranks) for ranks in removal_ranks((0,) + (4,) * 9 + (0,) * 4)}
    return total


def _gaps_of_a_deal() -> int:
    from fifteen_kit.five_by_15 import Position

    return Position.deal(1).notation().count("--")


def _tableau_size() -> int:
    from fifteen_kit.fifteens import Position

    return len(Position.deal(1).tableau)


def _race_06() -> tuple[int, int, int]:
    race = _search_race()
    return (sum(d.status != "unknown" for d, _ in race), sum(b.status != "unknown" for _, b in race),
            sum(d.status != "unknown" and b.status == "unknown" for d, b in race))


def _counterexample_second_move() -> str:
    return _counterexample_line()[1].split()[0]


def _notation_without_level(text: str) -> str:
    return text.rsplit(" L", 1)[0]


def _five(name: str):
    import fifteen_kit.five_by_15 as five

    return getattr(five, name)


def _dfs(position):
    return _five("depth_first")(position)


def _lesson06(name: str):
    from fifteen_kit.widgets.workbook import lesson06

    return getattr(lesson06, name)


GUIDE_CLAIMS_04_06 += [
    # --- lesson 06 ---
    ("06", "75! has **110** digits", lambda: len(str(math.factorial(75))), 110),
    ("06", f"(**Run ▸ Run All Cells**; it takes {_run_all('06_five_by_15')} s of computing, measured: "
     "[README.md](README.md#ways-of-running-a-class)). The part 3 comparison of the solver with simple play "
     "(30 full games, half a minute to play) is stored in the kit, so its cell answers at once",
     lambda: (_run_all("06_five_by_15") < 5, _study_06()), (True, (30, True))),
    ("06", "nothing in the lesson plays the 30 games again unless a pupil asks for other deals "
     "(`compare_players(level, first_seed=200)`, about a second per deal)",
     lambda: (_study_06(), "compare_players(level, first_seed=200)" in _lesson_source("06_five_by_15")),
     ((30, True), True)),
    ("06", "75! read as \"75 times 74 times … times 1\"", _deals, math.factorial(75)),
    ("06", "*Why is the number of deals 75! and not something smaller?*", _deals, math.factorial(75)),
    ("06", "after B2 moves, the only legal move takes it straight back",
     lambda: (_lesson06("LOOP_MOVE").split()[0], _lesson06("_loop_status")()), ("B2", "a loop")),
    ("06", "ask what happens to the 1s", lambda: _full_deal_columns()[0], 0),
    ("06", "only freezing B3 makes it lost", lambda: (EXERCISE_ANSWERS_05_06["06.q3"](),
                                                    _lesson06("can_win_without_moving")(
                                                        _five("Position").parse(_lesson06("FROZEN_EXAMPLE")), "B3")),
     ("B3", False)),
    ("06", "the gap B3 leaves", EXERCISE_ANSWERS_05_06["06.q3"], "B3"),
    ("06", "The rows take the colours of their 1s; the cells the 1s left are the gaps", lambda: _gaps_of_a_deal(), 5),
    ("06", "\"The 70 other tiles are all different and the gaps are alike; with the 1s in any order in column 0 it "
     "comes to 75!\"", lambda: (5 * 15 - 5, _lesson06("deal_count")(5, 15)), (70, math.factorial(75))),
    ("06", "the small table (3 colours, tiles 1 to 6)",
     lambda: "FiveBy15Board(seed=3, colours=3, numbers=6, key=" in _lesson_source("06_five_by_15"), True),
    ("06", "06.p2: the small deal (3 colours, tiles 1 to 6, level 3) reaches **395** positions, the start included; "
     "none is sorted, so it is proved lost.",
     lambda: (_lesson06("SMALL_LOST").colours, _lesson06("SMALL_LOST").size,
              _dfs(_lesson06("SMALL_LOST")).nodes,
              _dfs(_lesson06("SMALL_LOST")).status),
     (3, 6, 395, "lost")),
    ("06", "06.p4: **best-first** decides more deals with 10,000 positions each: 7 of 10 against 4 of 10 for "
     "depth-first; but depth-first decides one deal best-first does not, and where both won, best-first's line was "
     "never longer.", lambda: (_lesson06("RACE_BUDGET"), _race_06(), _race_claim()), (10_000, (4, 7, 1),
                                                                                       (True, True, True))),
    ("06", "The winning line's second move takes O3 out of the orange row's finished start.",
     lambda: (_counterexample_second_move(), _counterexample()[3]), ("O3", "O3")),
    ("06", "06.p6: the solver wins **10** of the 10 level-1 deals (20,000 positions each). Simple play almost always "
     "ends in a loop: greedy won 1 of the 10 level-1 deals and none at levels 2 and 3; random won none.",
     lambda: (_levels()[1]["solver"]["won"], _lesson06("LEVEL_BUDGET"), _simple_play_loops(),
              [_levels()[level]["greedy"]["won"] for level in (1, 2, 3)],
              [_levels()[level]["random"]["won"] for level in (1, 2, 3)]), (10, 20_000, True, [1, 0, 0], [0, 0, 0])),
    ("06", "**Exercise 1: 68 digits.** 4 colours and tiles 1 to 13: the same reasoning as 75! gives 52! deals, and "
     "`len(str(factorial(52)))` is 68.", lambda: (EXERCISE_ANSWERS_05_06["06.q1"](),
                                                  _lesson06("deal_count")(4, 13) == math.factorial(52)), (68, True)),
    ("06", "pupils who count 52!/4! (forgetting the orders of the 1s) get a number with fewer digits",
     lambda: len(str(math.factorial(52) // math.factorial(4))) < len(str(math.factorial(52))), True),
    ("06", "**Exercise 2: 11 positions**, the start included.", EXERCISE_ANSWERS_05_06["06.q2"], 11),
    ("06", "**Exercise 3: B3**, the only tile of a finished start", EXERCISE_ANSWERS_05_06["06.q3"], "B3"),
    ("06", "The solver wins every level-1 deal of the lesson that simple play loses.",
     lambda: _levels()[1]["solver"]["won"] == sum(_levels()[1]["solver"].values()), True),
    ("06", "There are 75! deals, a number with 110 digits", lambda: len(str(math.factorial(75))), 110),
    ("06", "\"simple play won 1 of 10\" is a measurement on 10 deals",
     lambda: (_levels()[1]["greedy"]["won"], sum(_levels()[1]["greedy"].values())), (1, 10)),
    ("06", "the 75 printed tiles", lambda: 5 * 15, 75),
    ("06", "the 5 × 16 grid", lambda: (5, _full_deal_columns()[1] + 1), (5, 16)),
    ("06", "column 0 for the 1s, columns 1 to 15 for play", lambda: _full_deal_columns(), (0, 15)),
    ("06", "lay them in the 5 × 15 play area; take the five 1s out, shuffle them and put them in column 0",
     lambda: _full_deal_columns(), (0, 15)),
    ("06", "shift a run that ends in 15, at least 3 tiles long at level 1",
     lambda: _five("LEVELS")[1], 3),
    ("06", "exercise 2's six tiles `B1 O3 B2 B3 / O1 -- O2 --`",
     lambda: (_notation_without_level(_lesson06("TINY")), _lesson06("TINY").count("B") + _lesson06("TINY").count("O")),
     ("B1 O3 B2 B3 / O1 -- O2 --", 6)),
    ("06", "never writing a position twice: 11 positions", EXERCISE_ANSWERS_05_06["06.q2"], 11),
    ("06", "lay out the counterexample (2 colours, tiles 1 to 6, `B1 O6 B3 B4 B5 -- O4 / O1 O2 O3 O5 -- B2 B6`) and "
     "try to win it without moving O1 O2 O3",
     lambda: (_counterexample_search()[0].colours, _counterexample_search()[0].size,
              _notation_without_level(_five("PREFIX_COUNTEREXAMPLE")),
              _counterexample()[2]), (2, 6, "B1 O6 B3 B4 B5 -- O4 / O1 O2 O3 O5 -- B2 B6", 3)),
    ("06", "pairs try to win it without moving O1 O2 O3", lambda: _counterexample()[2], 3),
    ("06", "exercise 2's six printed tiles (or six paper squares) on a 2 × 4 grid",
     lambda: tuple(len(row.split()) for row in _notation_without_level(_lesson06("TINY")).split(" / ")), (4, 4)),
    ("06", "start with 3! and 4! on paper", lambda: (math.factorial(3), math.factorial(4)), (6, 24)),
    ("06", "(like `B1 O3 B2 B3 / O1 -- O2 --`)", lambda: _notation_without_level(_lesson06("TINY")),
     "B1 O3 B2 B3 / O1 -- O2 --"),
    ("06", "`depth_first(Position.deal(seed, level=3, colours=3, size=6))`",
     lambda: "Position.deal(1, level=3, colours=3, size=6)" in _lesson_source("06_five_by_15"), True),
]


def _study_06() -> tuple[int, bool]:
    # the games lesson 06's comparison plays (3 levels x 10 deals x the solver and two players: 30 full deals),
    # and whether the kit stores exactly that comparison (so its cell and the 06.p6 reveal answer at once)
    from fifteen_kit.widgets.workbook import lesson06

    from fifteen_kit.five_by_15._study import STUDY, STUDY_ARGS, STUDY_DEALS

    stored = STUDY_ARGS == (lesson06.LEVEL_BUDGET, 100, 5, 15) and all(len(STUDY[k]) == STUDY_DEALS
                                                                         for k in (1, 2, 3))
    return 3 * STUDY_DEALS, stored


def _full_deal_columns() -> tuple[int, int]:
    # where the 1s stand (column 0) and how many play columns follow, on a full deal
    from fifteen_kit.five_by_15 import Position

    p = Position.deal(1)
    ones = {p.where((r, 1)) for r in range(5)}
    return ({c for _, c in ones}.pop(), len(p.notation().split(" / ")[0].split()) - 1)


# Numbers in the notes that are not the kit's: ages, the class's choices, the plans' minutes (checked below) and
# one outside fact (mybinder.org's FAQ: sessions with more than 10 minutes of inactivity are shut down).
NOT_KIT_NUMBERS = {
    "04": ["**13-15 year-olds** (Year 9-10, Grade 8-9)", "Able 12-year-olds", "plays 20 turns", "so 20 turns take",
           "*Pool 20 turns*",
           "in a class of 30 playing 10 turns each", "allow 5 minutes", "(max 4 min away from the screen)",
           "plan (13-15 year-olds"],
    "05": ["**13-15 year-olds** (Year 9-10, Grade 8-9)", "A script for 13-year-olds", "allow 5 minutes",
           "plan (13-15 year-olds"],
    "06": ["**14-15 year-olds** (Year 10, Grade 9), and able 13-year-olds", "allow 5 minutes",
           "plan (14-15 year-olds"],
}
_STRUCTURE = [
    r"\b0\d\.[pqw]\d+(?:-(?:0\d\.)?[pqw]?\d+)?",  # task keys and ranges: 04.p1, 04.p11-p14
    r"\b0\d_[a-z_0-9]+(?:\.md|\.ipynb)?",  # lesson files
    r"[Ll]essons? 0\d(?:-0\d)?",
    r"(?:[Kk]ey questions?|[Ee]xercises?(?:\*\*)?|[Pp]arts?|[Ee]xamples?) \d(?:(?:-| and | to |, )\d)*",
    r"answer_key\(\"0\d\"\)",
    r"<!-- plan (?:45|50|extension):.*?<!-- /plan -->",  # the plans, from plans.toml (tests/test_plans.py)
    r"\b(?:45|50)-minute",  # the lengths of a lesson the notes plan for
    r"\bminutes? \d+(?:-\d+)?",  # a reference to the plan's rows
    r"results-0\d-\S*",  # the export's file name (lesson number)
    r"`[a-z_0-9-]+\.pdf`",  # a printed sheet (test_teacher_guide_04_06_printables checks the names)
    r"\b5x15\b",  # the game's name
    r"\| \d+-\d+ \|",  # a plan row's minutes (test_teacher_guide_04_06_plans checks them)
    r"\(\d+ minutes\)",  # an unplugged step's minutes (checked with the plans)
]


def _unclaimed_numbers(lesson: str) -> list[str]:
    import re

    raw = re.sub(r"^\d+\. ", " ", (GUIDE_DIR / GUIDE_FILES_04_06[lesson]).read_text(), flags=re.M)  # list items
    text = " ".join(raw.split())
    for claim in [c[1] for c in GUIDE_CLAIMS_04_06 if c[0] == lesson] + NOT_KIT_NUMBERS[lesson]:
        text = text.replace(" ".join(claim.split()), " ")
    for pattern in _STRUCTURE:
        text = re.sub(pattern, " ", text, flags=re.M)
    return re.findall(r"[^\s]*\d[^\s]*", text)


@pytest.mark.parametrize(("lesson", "text", "computed", "stated"), GUIDE_CLAIMS_04_06,
                         ids=[f"{c[0]}:{c[1][:40]}" for c in GUIDE_CLAIMS_04_06])
def test_teacher_guide_04_06_matches_the_kit(lesson, text, computed, stated):
    assert " ".join(text.split()) in _page_text(lesson), f"{GUIDE_FILES_04_06[lesson]} no longer says {text!r}"
    computed = computed() if callable(computed) else computed
    assert computed == stated


@pytest.mark.parametrize("lesson", sorted(GUIDE_FILES_04_06))
def test_teacher_guide_04_06_every_number_is_checked(lesson):
    for phrase in NOT_KIT_NUMBERS[lesson]:
        assert " ".join(phrase.split()) in _page_text(lesson), f"not in the notes any more: {phrase!r}"
    assert _unclaimed_numbers(lesson) == [], f"{GUIDE_FILES_04_06[lesson]}: numbers with no test"


@pytest.mark.parametrize("lesson", sorted(GUIDE_FILES_04_06))
def test_teacher_guide_04_06_plans(lesson):
    # the plan's rows follow each other minute by minute from 0 to 45; the unplugged steps fill a lesson
    import re

    raw = (GUIDE_DIR / GUIDE_FILES_04_06[lesson]).read_text()
    plan = raw.split("## The 45-minute plan")[1].split("\n## ")[0]
    rows = [(int(a), int(b)) for a, b in re.findall(r"^\| (\d+)-(\d+) \|", plan, flags=re.M)]
    assert rows[0][0] == 0 and rows[-1][1] == 45
    assert all(a < b for a, b in rows) and all(rows[i][1] == rows[i + 1][0] for i in range(len(rows) - 1))
    unplugged = raw.split("## Unplugged")[1]
    assert sum(int(m) for m in re.findall(r"\((\d+) minutes\)", unplugged)) == 45
    # the parts of every page, in the order of the guide's index (lessons/teacher_guide/README.md)
    headings = [line for line in raw.splitlines() if line.startswith("## ")]
    order = ["## Why this lesson", "## For whom", "## Pupils will be able to", "## Before the lesson",
             "## The 45-minute plan", "## If a Binder session drops", "## The 50-minute variant", "## Key questions",
             "## Possible support", "## Possible extension", "## Answers", "## Common misconceptions", "## Unplugged"]
    found = [next(h for h in headings if h.startswith(part)) for part in order]
    assert found == sorted(found, key=headings.index), f"{GUIDE_FILES_04_06[lesson]}: parts out of order"
    launch = next(line for line in plan.splitlines() if line.startswith("| 0-"))
    for way in ("Binder", "JupyterLite", "school server", "JupyterLab", "Run All"):
        assert way in launch, f"{GUIDE_FILES_04_06[lesson]}: the launch row does not mention {way}"
    assert f"](answers/{GUIDE_FILES_04_06[lesson]})" in raw, "no link to the lesson's answer page"


@pytest.mark.parametrize("lesson", sorted(GUIDE_FILES_04_06))
def test_teacher_guide_04_06_printables(lesson):
    # every PDF a page names is one that `make printables` writes (fifteen_kit.widgets.printables, issue 19)
    import re

    printables = pytest.importorskip("fifteen_kit.widgets.printables")
    named = re.findall(r"`([a-z_0-9-]+)\.pdf`", (GUIDE_DIR / GUIDE_FILES_04_06[lesson]).read_text())
    assert named and set(named) <= set(printables.BUILDERS), sorted(set(named) - set(printables.BUILDERS))
    assert {f"lesson-{lesson}-worksheet", f"lesson-{lesson}-answers"} <= set(named)
