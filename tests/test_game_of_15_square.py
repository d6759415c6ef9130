"""The magic square, its lines and its symmetries (rulebook Law 3 and 2.5)."""

import itertools

import pytest

from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import (
    LINES,
    MAGIC_SQUARE,
    SYMMETRIES,
    WINNING_TRIPLES,
    cell_of,
    digit_at,
    fifteen_in,
    is_magic,
    line_of,
    symmetric_squares,
    triples_through,
)
from fifteen_kit.game_of_15.square import digits_of, mask_of


def test_exactly_eight_triples_sum_to_fifteen():
    brute = [t for t in itertools.combinations(range(1, 10), 3) if sum(t) == 15]
    assert list(WINNING_TRIPLES) == brute
    assert len(brute) == 8


def test_magic_square_is_the_rulebook_one_and_is_magic():
    assert MAGIC_SQUARE == ((2, 9, 4), (7, 5, 3), (6, 1, 8))
    assert is_magic(MAGIC_SQUARE)


def test_lines_are_exactly_the_triples():
    assert sorted(line.digits for line in LINES) == sorted(WINNING_TRIPLES)
    assert len({line.name for line in LINES}) == 8
    for line in LINES:
        assert tuple(sorted(digit_at(r, c) for r, c in line.cells)) == line.digits
        assert line_of(line.digits) == line


def test_digit_and_cell_are_inverse():
    for d in range(1, 10):
        assert digit_at(*cell_of(d)) == d
    for r in range(3):
        for c in range(3):
            assert cell_of(digit_at(r, c)) == (r, c)


def test_rulebook_counts_of_triples_through_each_digit():
    assert len(triples_through(5)) == 4
    assert all(len(triples_through(d)) == 3 for d in (2, 4, 6, 8))
    assert all(len(triples_through(d)) == 2 for d in (1, 3, 7, 9))


def test_two_or_four_digits_never_make_a_fifteen():
    assert fifteen_in([9, 6]) is None
    assert fifteen_in([8, 7]) is None
    assert fifteen_in([1, 2, 4, 8]) is None
    assert fifteen_in([1, 2, 4, 8, 5]) == (2, 5, 8)


def test_symmetries_form_the_dihedral_group_and_preserve_triples():
    perms = {s.permutation for s in SYMMETRIES}
    assert len(perms) == 8
    for a in SYMMETRIES:
        assert sorted(a(t) for t in WINNING_TRIPLES) == sorted(WINNING_TRIPLES)
        for b in SYMMETRIES:  # closed under composition
            composed = tuple(a(b(d)) for d in range(1, 10))
            assert composed in perms
        assert a(5) == 5  # the centre is fixed


def test_masks_round_trip():
    for r in range(0, 10):
        for combo in itertools.combinations(range(1, 10), r):
            assert digits_of(mask_of(combo)) == combo


@pytest.mark.parametrize("bad", [0, 10, -1, 5.0, "5", None, True])
def test_bad_digits_are_refused(bad):
    with pytest.raises(InvalidArgumentError):
        cell_of(bad)
    with pytest.raises(InvalidArgumentError):
        triples_through(bad)


@pytest.mark.parametrize("row,col", [(3, 0), (0, -1), ("1", 1), (1.0, 1)])
def test_bad_cells_are_refused(row, col):
    with pytest.raises(InvalidArgumentError):
        digit_at(row, col)


def test_line_of_refuses_a_non_line():
    with pytest.raises(InvalidArgumentError):
        line_of([1, 2, 12])
    with pytest.raises(InvalidArgumentError):
        line_of([1, 2, 3])


def test_is_magic_rejects_near_misses():
    assert not is_magic([[2, 9, 4], [7, 5, 3], [6, 8, 1]])
    assert not is_magic([[2, 9], [7, 5]])
    assert not is_magic([[5] * 3] * 3)
    assert all(is_magic([[s(d) for d in row] for row in MAGIC_SQUARE]) for s in SYMMETRIES)


@pytest.mark.parametrize("call", [
    lambda: line_of(None), lambda: line_of(["a", 1, 2]), lambda: fifteen_in(None), lambda: mask_of(None),
    lambda: is_magic(None), lambda: digits_of("x"), lambda: digits_of(-1), lambda: digits_of(512),
    lambda: SYMMETRIES[1](None), lambda: SYMMETRIES[1].apply_mask("x"),
])
def test_wrong_types_raise_kit_errors(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_is_magic_with_non_digits_is_false():
    assert not is_magic([[1, 2, "a"], [4, 5, 6], [7, 8, 9]])


def test_tree_helpers_validate_positions():
    from fifteen_kit.game_of_15.tree import canonical, count_games

    for call in (lambda: count_games("a", "b"), lambda: count_games(10**6, 0), lambda: canonical(None),
                 lambda: count_games(3, 1)):
        with pytest.raises(InvalidArgumentError):
            call()


def test_a_clockwise_quarter_turn_moves_the_top_left_to_the_top_right():
    clockwise = next(s for s in SYMMETRIES if s.name == "rotate 90° clockwise")
    assert clockwise.cell(0, 0) == (0, 2) and clockwise.cell(0, 2) == (2, 2)
    square = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert clockwise.turn(square) == ((7, 4, 1), (8, 5, 2), (9, 6, 3))
    turned = clockwise.turn(MAGIC_SQUARE)
    assert turned[0][2] == MAGIC_SQUARE[0][0]  # the top-left number is now top right
    # as a map of marks: a mark on the top-left cell (digit 2) moves to the top-right cell (digit 4)
    assert clockwise(MAGIC_SQUARE[0][0]) == MAGIC_SQUARE[0][2]


def test_every_symmetry_moves_cells_as_its_name_says():
    expected = {
        "identity": lambda r, c: (r, c), "rotate 90° clockwise": lambda r, c: (c, 2 - r),
        "rotate 180°": lambda r, c: (2 - r, 2 - c), "rotate 90° anticlockwise": lambda r, c: (2 - c, r),
        "flip top to bottom": lambda r, c: (2 - r, c), "flip left to right": lambda r, c: (r, 2 - c),
        "flip over the diagonal from top left": lambda r, c: (c, r),
        "flip over the diagonal from top right": lambda r, c: (2 - c, 2 - r),
    }
    assert [s.name for s in SYMMETRIES] == list(expected)
    for s in SYMMETRIES:
        for r in range(3):
            for c in range(3):
                assert s.cell(r, c) == expected[s.name](r, c), s.name


def test_symmetric_squares_are_the_eight_magic_squares():
    from fifteen_kit.counting import magic_squares

    pairs = symmetric_squares()
    assert [name for name, _ in pairs] == [s.name for s in SYMMETRIES]
    assert sorted(square for _, square in pairs) == magic_squares()
    assert dict(pairs)["rotate 90° anticlockwise"] == ((4, 3, 8), (9, 5, 1), (2, 7, 6))


@pytest.mark.parametrize("bad", [None, [[1, 2, 3]], [[1, 2], [3, 4], [5, 6]], "abc"])
def test_turn_refuses_what_is_not_a_square(bad):
    with pytest.raises(InvalidArgumentError):
        SYMMETRIES[1].turn(bad)
