"""fifteen_kit.counting: the magic squares from sympy agree with the symmetries of the square."""

from fifteen_kit.counting import centre_value, magic_constant, magic_squares
from fifteen_kit.game_of_15 import MAGIC_SQUARE, SYMMETRIES, is_magic


def test_magic_constant_and_centre():
    assert magic_constant() == 15 == sum(range(1, 10)) // 3
    assert centre_value() == 5


def test_the_eight_magic_squares_are_the_symmetric_images_of_one():
    squares = magic_squares()
    assert len(squares) == 8 == len(set(squares))
    assert all(is_magic(s) for s in squares)
    images = sorted(tuple(tuple(sym(d) for d in row) for row in MAGIC_SQUARE) for sym in SYMMETRIES)
    assert images == squares


def test_brute_force_agrees():
    from itertools import permutations

    brute = sorted(
        tuple(tuple(p[r * 3:r * 3 + 3]) for r in range(3))
        for p in permutations(range(1, 10))
        if p[4] == 5 and is_magic([p[0:3], p[3:6], p[6:9]])
    )
    assert brute == magic_squares()


def test_no_sympy_at_import():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import sys, fifteen_kit.counting; print('sympy' in sys.modules)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_digit_sets_generating_function_agrees_with_enumeration():
    from fifteen_kit.counting import digit_sets, digit_sets_by_enumeration

    for total in (0, 6, 15, 22, 23, 45):
        assert digit_sets(total) == digit_sets_by_enumeration(total)
        for size in range(10):
            assert digit_sets(total, size) == digit_sets_by_enumeration(total, size)
    assert digit_sets(15, 3) == 8


def test_subset_sums_are_symmetric_about_22_5():
    from fifteen_kit.counting import subset_sum_counts

    counts = subset_sum_counts()
    assert sum(counts.values()) == 2**9
    assert all(counts[t] == counts[45 - t] for t in range(46))
    assert counts[22] == counts[23] == max(counts.values())


def test_goal_board_counts_three_ways():
    from fifteen_kit.counting import (
        compositions,
        compositions_by_enumeration,
        compositions_by_stars_and_bars,
        partitions_bounded,
    )
    from fifteen_kit.nasty15 import five_target_backs, six_target_boards, six_target_multisets

    for parts, expected in ((6, 1666), (5, 651)):
        assert compositions(15, parts) == compositions_by_stars_and_bars(15, parts) == expected
        assert compositions_by_enumeration(15, parts) == expected
    assert len(six_target_boards()) == 1666 and len(five_target_backs()) == 651
    assert partitions_bounded(15, 6) == len(six_target_multisets()) == 19
    for total in range(0, 40, 3):
        assert compositions(total, 4, 1, 6) == compositions_by_stars_and_bars(total, 4, 1, 6) \
            == compositions_by_enumeration(total, 4, 1, 6)


def test_card_sets_agree_with_the_fifteens_engine():
    from collections import Counter
    from math import comb, prod

    from fifteen_kit.counting import card_sets, card_sets_by_enumeration
    from fifteen_kit.fifteens import removal_ranks

    engine = list(removal_ranks((0,) + (4,) * 9 + (0,) * 4))
    assert card_sets() == card_sets_by_enumeration() == len(engine) == 109
    with_suits = sum(prod(comb(4, n) for n in Counter(s).values()) for s in engine)
    assert card_sets(with_suits=True) == card_sets_by_enumeration(with_suits=True) == with_suits
    for size in range(2, 10):
        assert card_sets(size) == sum(1 for s in engine if len(s) == size)


def test_inclusion_exclusion_steps_add_up_and_refuse_bad_input():
    import pytest

    from fifteen_kit.counting import compositions, inclusion_exclusion_terms, most_common_sums
    from fifteen_kit.errors import InvalidArgumentError

    for total in range(0, 40):
        for parts in (2, 4, 6):
            rows = inclusion_exclusion_terms(total, parts)
            assert sum(term for *_, term in rows) == compositions(total, parts)
            assert all(term == (-1) ** j * c * ways for j, c, ways, term in rows)
    assert most_common_sums() == ([21, 22, 23, 24], 23)
    with pytest.raises(InvalidArgumentError):
        inclusion_exclusion_terms(15, 0)


def test_positions_by_drafts_add_up_to_the_reachable_positions():
    from math import comb

    from fifteen_kit.game_of_15.tree import positions_by_drafts, reachable_positions

    by_drafts = positions_by_drafts()
    assert sum(by_drafts.values()) == len(reachable_positions())
    # before anyone can have won (at most 4 drafts), every split of digits is a position
    for n in range(5):
        assert by_drafts[n] == comb(9, n) * comb(n, n // 2)
