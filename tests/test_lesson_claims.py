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
    from fifteen_kit.nasty15.boards import PUBLIC_BOARD

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
    ("01_magic_square", "Exactly **8** sets of three digits", len(WINNING_TRIPLES), 8),
    ("01_magic_square", "as many as the 8 lines of a 3×3 grid", len(LINES), 8),
    ("01_magic_square", "There are **8** magic squares", len(magic_squares()), 8),
    ("01_magic_square", "they are all one square turned or flipped",
     sorted(square for _, square in symmetric_squares()) == magic_squares(), True),
    ("01_magic_square", "line sum must be 15", magic_constant(), 15),
    ("01_magic_square", "its centre must be 5", centre_value(), 5),
    ("01_magic_square", "sympy agrees that the line sum must be 15 and the centre must be 5",
     (magic_constant(), centre_value()), (15, 5)),
    ("02_perfect_play", "9 × 8 × 7 × … × 1 = 362,880 paths", math.factorial(9), 362_880),
    ("02_perfect_play", "fewer. How many?", STATS.games < math.factorial(9), True),
    ("02_perfect_play", "on drafts 5, 7 or 9 (its own 3rd, 4th or 5th draft), the second player on drafts 6\nor 8, "
     "and a draw always takes all 9 drafts", _ends(), ([5, 7, 9], [6, 8], [9])),
    ("02_perfect_play", "against the centre opening only the corners hold the draw", _drawing_replies(5), 4),
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
    ("03_counting_to_15", "the most common sums are a\n  four-way tie in the middle", _lesson03_kit()["tie"],
     ([21, 22, 23, 24], 23)),
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
    ("04_dice_and_risk", "Play a game of 10 boards against the computer", _lesson_game_boards, 10),
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
    ("04_dice_and_risk", "It beats every simple rule;", _optimal_beats_simple(), True),
    ("04_dice_and_risk", "stopping is right more often", _stop_positions(), (440, 538, 1295)),
    ("05_fifteens", "Only 2 rank pairs make 15", _fifteens_sets(2)[0], 2),
    ("05_fifteens", "make 15 in only 2 ways of ranks (9 + 6 and 8 + 7)", _fifteens_sets(2)[0], 2),
    ("05_fifteens", "the **same 60 deals**", lambda: {r.games for r in _fifteens_study().values()}, {60}),
    ("05_fifteens", "In our 60 deals fewest and options won far more often than random and most",
     lambda: all(_apart(_fifteens_study()[a], _fifteens_study()[b]) and _fifteens_study()[a].wins >
                 _fifteens_study()[b].wins for a in ("fewest", "options") for b in ("random", "most")), True),
    ("05_fifteens", "this study cannot say: their ranges overlap",
     lambda: _apart(_fifteens_study()["fewest"], _fifteens_study()["options"]), False),
    ("05_fifteens", "such as \"36 wins out of 60 deals\" into such a range (here from 47% to 71%)",
     lambda: tuple(round(100 * v) for v in __import__("fifteen_kit.fifteens", fromlist=["wilson_interval"])
                   .wilson_interval(36, 60)), (47, 71)),
    ("05_fifteens", "If one player wins 50% of the deals and another 59%, the second wins 59 − 50 = 9 percentage "
     "points\nmore. As a change compared with the first player's wins, that is 9 / 50 = 18% more wins",
     (59 - 50, Fraction(59 - 50, 50)), (9, Fraction(18, 100))),
    ("05_fifteens", "its wins count the deals that **can be won at all**",
     lambda: _fifteens_study()["thoughtful"].unknown, 0),
    ("06_five_by_15", "There are 75! deals of 5x15", _deals(), math.factorial(75)),
    ("06_five_by_15", "the orange row starts O1 O2 O3", _counterexample(), ("won", "lost", 3, "O3")),
    ("06_five_by_15", "(3 colours, numbers 1 to 6, level 3: a shift must\nmove at least 5 tiles)",
     lambda: __import__("fifteen_kit.five_by_15", fromlist=["LEVELS"]).LEVELS[3], 5),
    ("06_five_by_15", "where both won its winning lines were never longer", _race_claim, (True, True, True)),
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
    ("8 × 6 × 6 × 5 = 1,440 games; positions after three drafts, 252 (against 504 orders of drafting); the most "
     "common\n  length, 9 drafts; perfect play, a draw; replies that hold the draw: to the centre 4 (the corners), "
     "after a\n  corner only the centre, to an edge 4, to the edge 3 the digits 4, 5, 7 and 8. Puzzles: 1: 2 or 4; "
     "2: 2 or 6;\n  3: 2 or 5", _guide_02(),
     (8 * 6 * 6 * 5, 252, 504, 9, 4, 1, 4, (4, 5, 7, 8), [(2, 4), (2, 6), (2, 5)])),
    ("17 sets of different digits (any\n  size) sum to 15; 18 sum to 16; 19 subsets sum to 28 (complements: as many "
     "as sum to 17); the most common sums are\n  21, 22, 23 and 24, a tie at 23 subsets each (15 has 17); 256 "
     "subsets have a sum of 22 or less, half of 512, the\n  empty set included; 1,666 ordered goal boards, 2002 − 336 "
     "by inclusion–exclusion, 19 up to order; four dice\n  total 15 in 364 − 224 = 140 ordered ways; 5 cards make 15 "
     "in the most ways; the cards A, A, 4, 4, 5 can be chosen\n  in 6 × 6 × 4 = 144 ways.", _guide_03(),
     (17, 18, 19, 19, ([21, 22, 23, 24], 23), 17, 256, 1666, (2002, 336), 19, (364, 224), 140, 5, 144)),
    ("1,666 goal boards in order, 19 up to order", _boards(), (1666, 19)),
    ("1: 5/18 ≈ 0.278. 2: 50/3 ≈ 16.67. 3: 8/3 ≈ 2.67. 4: 17/6 ≈ 2.83. 5: 46/3 ≈ 15.33.",
     tuple(_exercise(f"04.q{k}") for k in range(1, 6)),
     (Fraction(5, 18), Fraction(50, 3), Fraction(8, 3), Fraction(17, 6), Fraction(46, 3))),
    ("Luke 8, Nina 15 then 24; 2/3; 5/162; 5/6; greedy; 8; 42.7%; 13.23 (nearest whole point 13); red only; "
     "79.9%; roll; close to it; 432222; stop.", _lesson04_truths(),
     (8, 15, 24, Fraction(2, 3), Fraction(5, 162), Fraction(5, 6), "greedy", 8, "42.7%",
      "13.23 (nearest whole point 13)", "red only", "79.9%", "roll", "close to it", "432222", "stop")),
    ("Exercise 1: 38 two-card removals make 14 (16 + 16 + 6", EXERCISE_ANSWERS_05_06["05.q1"], 38),
    ("Exercise 2: 512 three-card removals with three different ranks (the 8", (EXERCISE_ANSWERS_05_06["05.q2"],
                                                                              _distinct_triples), (512, 8)),
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
EXERCISE_ANSWERS["00.q1"] = lambda: next(set(t) for t in WINNING_TRIPLES if {2, 9} <= set(t))
# --- lesson 01 ---
EXERCISE_ANSWERS["01.q1"] = lambda: next(s for s in magic_squares() if s[0][0] == 8 and s[0][2] == 6)[2]
EXERCISE_ANSWERS["01.q2"] = lambda: sum(_shifted_squares()[0][0])
EXERCISE_ANSWERS["01.q3"] = lambda: {s[r][c] for s in _shifted_squares() for r, c in ((0, 0), (0, 2), (2, 0), (2, 2))}
EXERCISE_ANSWERS["01.q4"] = lambda: {(2, 1): "bottom middle"}[cell_of(next(iter(_blocks("68/5 I"))))]
# --- lesson 02 ---


def _first_wins_on_draft_5_by_listing() -> int:
    # every order of five drafts in which the first player's three digits (drafts 1, 3, 5) make 15
    from itertools import permutations

    return sum(1 for p in permutations(range(1, 10), 5) if p[0] + p[2] + p[4] == 15)


def _positions_after_three_by_listing() -> int:
    from itertools import permutations

    return len({(frozenset((a, c)), b) for a, b, c in permutations(range(1, 10), 3)})


def _drawing_replies_by_symmetry(opening: int) -> frozenset[int]:
    # turn the square so that the edge 1 goes to ``opening``, and carry the replies to 1 along (no new solve)
    from fifteen_kit.game_of_15.square import SYMMETRIES, digits_of, mask_of

    (turn,) = [s for s in SYMMETRIES if s.apply_mask(mask_of([1])) == mask_of([opening])][:1]
    held = [d for d, v in move_evaluations(Round().play(1)).items() if v.outcome == "draw"]
    return frozenset(digits_of(turn.apply_mask(mask_of(held))))


def _winning_drafts(drafts: int, seed: int) -> frozenset[int]:
    # the digits after which the opponent, to move, loses within the puzzle's drafts (a solve of each reply)
    from fifteen_kit.chance import make_rng
    from fifteen_kit.game_of_15 import evaluate
    from fifteen_kit.game_of_15.puzzles import puzzle_positions

    position = make_rng(seed).sample(puzzle_positions(drafts), 1)[0]
    after = {d: position.play(d) for d in position.pool}
    return frozenset(d for d, p in after.items()
                     if p.winner is not None or (evaluate(p).outcome == "loss" and evaluate(p).plies <= 2 * drafts - 2))


EXERCISE_ANSWERS["02.q1"] = _first_wins_on_draft_5_by_listing
EXERCISE_ANSWERS["02.q2"] = _positions_after_three_by_listing
EXERCISE_ANSWERS["02.q3"] = lambda: _drawing_replies_by_symmetry(3)
EXERCISE_ANSWERS["02.q4"] = lambda: _winning_drafts(1, 17)
EXERCISE_ANSWERS["02.q5"] = lambda: _winning_drafts(2, 5)
EXERCISE_ANSWERS["02.q6"] = lambda: _winning_drafts(3, 6)
# --- lesson 03 ---


def _cards_aa445_by_listing() -> int:
    # every set of five real cards (rank, suit) whose ranks are A, A, 4, 4, 5
    from itertools import combinations

    cards = [(rank, suit) for rank in (1, 4, 5) for suit in "CDHS"]
    return sum(1 for hand in combinations(cards, 5) if sorted(r for r, _ in hand) == [1, 1, 4, 4, 5])


def _subsets_at_most_by_listing(limit: int) -> int:
    from itertools import combinations

    return sum(1 for k in range(10) for s in combinations(range(1, 10), k) if sum(s) <= limit)


def _lesson03_by_listing(key: str) -> int:
    from fifteen_kit.counting import compositions_by_enumeration, digit_sets_by_enumeration

    return {"03.q1": lambda: digit_sets_by_enumeration(16),
            "03.q2": lambda: digit_sets_by_enumeration(45 - 28),  # complements: as many as sum to 17
            "03.q3": lambda: _subsets_at_most_by_listing(22),
            "03.q4": lambda: compositions_by_enumeration(15, 4),
            "03.q5": _cards_aa445_by_listing}[key]()


for _key in ("03.q1", "03.q2", "03.q3", "03.q4", "03.q5"):
    EXERCISE_ANSWERS[_key] = functools.partial(_lesson03_by_listing, _key)
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
