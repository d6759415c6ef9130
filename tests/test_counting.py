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
