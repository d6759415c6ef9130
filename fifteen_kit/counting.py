"""Exact counting around 15 with sympy (imported inside the functions, never at ``import fifteen_kit``).

sympy comes with the ``counting`` extra: ``pip install 'fifteen-kit[counting]'`` (the ``lab`` extra includes it).
Without it, the functions that need sympy raise ModuleNotFoundError saying so; the ``*_by_enumeration``,
``compositions_by_stars_and_bars`` and ``partitions_bounded`` counts need only the standard library.

Each count is computed in two or three independent ways that must agree:

* sets of distinct digits 1..9 with a given sum and size -- by the generating
  function prod(1 + y x^i) and by enumeration;
* goal boards of the dice game -- ordered targets 1..6 summing to 15 are the
  coefficient of x^15 in (x + ... + x^6)^k, also found by stars and bars with
  inclusion-exclusion and by enumeration; up to order they are partitions;
* card sets of Fifteens -- multisets of ranks A..9 (at most four each) summing
  to 15, by generating function and by enumeration, with and without suits;
* the 3x3 magic squares of 1..9 from sympy's solution of the linear system,
  and why the magic constant is 15.

>>> digit_sets(15, 3)
8
>>> magic_constant()
15
>>> len(magic_squares())
8
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, permutations, product
from math import comb, prod
from typing import Any

from ._extras import require
from .errors import InvalidArgumentError

__all__ = ["MAX_LISTED", "card_sets", "card_sets_by_enumeration", "centre_value", "compositions",
           "compositions_by_enumeration", "compositions_by_stars_and_bars", "digit_set_polynomial", "digit_sets",
           "digit_sets_by_enumeration", "inclusion_exclusion_terms", "magic_constant", "magic_square_system",
           "magic_squares", "most_common_sums", "partitions_bounded", "subset_sum_counts"]


def _sympy() -> Any:
    # sympy, imported on first use; its absence is named with the extra that installs it
    return require("sympy", "counting", "fifteen_kit.counting")


_CELLS = "abcdefghi"  # the cells row by row: a b c / d e f / g h i
_LINES = ("abc", "def", "ghi", "adg", "beh", "cfi", "aei", "ceg")


def magic_square_system() -> tuple[Any, list[Any], Any]:
    """The linear system of a 3x3 magic square: ``(cells, equations, S)`` as sympy objects.

    ``cells`` are the symbols a..i row by row; each equation says a line
    (3 rows, 3 columns, 2 diagonals) sums to the magic constant ``S``; one more
    says the nine cells hold 1 + 2 + ... + 9 = 45.

    >>> cells, equations, S = magic_square_system()
    >>> len(cells), len(equations)
    (9, 9)
    """
    sympy = _sympy()
    cells = sympy.symbols(" ".join(_CELLS))
    cell = dict(zip(_CELLS, cells, strict=True))
    S = sympy.Symbol("S")
    equations = [sympy.Eq(sum(cell[c] for c in line), S) for line in _LINES]
    equations.append(sympy.Eq(sum(cells), sum(range(1, 10))))
    return cells, equations, S


def magic_constant() -> int:
    """The common line sum of any 3x3 magic square of 1..9, solved by sympy (it is 15).

    The three rows hold every digit once, so 3S = 45.

    >>> magic_constant()
    15
    """
    _, _, S = magic_square_system()
    return int(_magic_solution()[S])


def centre_value() -> int:
    """The centre cell of every 3x3 magic square of 1..9, solved by sympy (it is 5).

    The middle row, middle column and both diagonals all pass through the
    centre: together they cover every cell once and the centre three more
    times, so 4 x 15 = 45 + 3e.

    >>> centre_value()
    5
    """
    cells, _, _ = magic_square_system()
    return int(_magic_solution()[cells[4]])


def magic_squares() -> list[tuple[tuple[int, int, int], ...]]:
    """Every 3x3 magic square of the digits 1..9, as rows, in sorted order (there are 8).

    sympy solves the system for all cells in terms of two free corner cells; the
    squares are the choices of those two digits that give nine different digits 1..9.

    >>> magic_squares()[0]
    ((2, 7, 6), (9, 5, 1), (4, 3, 8))
    """
    cells, _, _ = magic_square_system()
    a, c = cells[0], cells[2]
    solution = _magic_solution()
    out: list[tuple[tuple[int, int, int], ...]] = []
    for va, vc in permutations(range(1, 10), 2):
        values = []
        for symbol in cells:
            expr = symbol if symbol in (a, c) else solution[symbol]
            values.append(expr.subs({a: va, c: vc}))
        if all(v.is_integer for v in values) and sorted(int(v) for v in values) == list(range(1, 10)):
            d = [int(v) for v in values]
            out.append(((d[0], d[1], d[2]), (d[3], d[4], d[5]), (d[6], d[7], d[8])))
    return sorted(out)


@lru_cache(maxsize=1)
def _magic_solution() -> dict[Any, Any]:
    # the system solved once by sympy: every cell but the corners a and c, and S, in terms of a and c
    # (S = 15 and the centre e = 5 come out as plain numbers; the other cells depend on a and c)
    cells, equations, S = magic_square_system()
    solution: dict[Any, Any] = _sympy().solve(equations, [*cells[1:2], *cells[3:], S], dict=True)[0]
    return solution


def _whole(value: object, lo: int, hi: int, what: str) -> int:
    # a whole number lo..hi (not a bool), else InvalidArgumentError naming it
    from . import _check

    return _check.whole(value, lo, hi, what)


# -- sets of distinct digits -----------------------------------------------------------------------
@lru_cache(maxsize=1)
def digit_set_polynomial() -> Any:
    """The generating function prod_{i=1..9} (1 + y x^i), expanded: x counts the sum, y the size.

    >>> import sympy
    >>> x, y = sympy.symbols("x y")
    >>> digit_set_polynomial().coeff(x, 15).coeff(y, 3)
    8
    """
    sympy = _sympy()
    x, y = sympy.symbols("x y")
    return sympy.expand(sympy.prod([1 + y * x**i for i in range(1, 10)]))


def digit_sets(total: int, size: int | None = None) -> int:
    """How many sets of distinct digits 1..9 sum to ``total`` (with ``size`` digits, or any size), by sympy.

    Raises InvalidArgumentError for a total outside 0..45 or a size outside 0..9.

    >>> digit_sets(15), digit_sets(15, 2)
    (17, 2)
    """
    _sympy()
    _whole(total, 0, 45, "the total")
    by_size = _digit_sets_by_size(total)
    if size is None:
        return sum(by_size.values())
    _whole(size, 0, 9, "the number of digits")
    return by_size.get(size, 0)


@lru_cache(maxsize=46)  # one entry per total 0..45
def _digit_sets_by_size(total: int) -> dict[int, int]:
    # {size: count} of the sets summing to total: the coefficient of x^total in prod (1 + y x^i), found by a
    # truncated product (one factor at a time, every power of x above total dropped: they never come back down)
    # (sympy's sparse polynomial ring: milliseconds, where expanding the whole product takes a few tenths of a second)
    sympy = _sympy()
    ring, x, y = sympy.ring("x,y", sympy.ZZ)
    product = ring.one
    for i in range(1, 10):
        product = ring({m: c for m, c in (product * (1 + y * x**i)).items() if m[0] <= total})
    return {m[1]: int(c) for m, c in product.items() if m[0] == total}


def digit_sets_by_enumeration(total: int, size: int | None = None) -> int:
    """The same count as :func:`digit_sets`, by listing every set (no sympy).

    >>> digit_sets_by_enumeration(15, 3)
    8
    """
    _whole(total, 0, 45, "the total")
    sizes = range(10) if size is None else [_whole(size, 0, 9, "the number of digits")]
    return sum(1 for k in sizes for s in combinations(range(1, 10), k) if sum(s) == total)


def subset_sum_counts() -> dict[int, int]:
    """For every total 0..45, how many subsets of 1..9 have that sum (all 512 subsets counted once).

    The counts are symmetric about 22.5 (a subset and its complement have sums t and 45 - t).

    >>> counts = subset_sum_counts()
    >>> sum(counts.values()), counts[15] == counts[30]
    (512, True)
    """
    sympy = _sympy()
    x = sympy.Symbol("x")
    poly = sympy.Poly(1, x)
    for i in range(1, 10):  # multiplied out one factor at a time as polynomials (5x sooner than expanding)
        poly = poly * sympy.Poly(1 + x**i, x)
    return {t: int(poly.coeff_monomial(x**t)) for t in range(46)}


def most_common_sums() -> tuple[list[int], int]:
    """The sums that the most subsets of 1..9 have, and how many subsets each: a four-way tie in the middle.

    >>> most_common_sums()
    ([21, 22, 23, 24], 23)
    """
    counts = subset_sum_counts()
    top = max(counts.values())
    return [t for t, n in counts.items() if n == top], top


# -- goal boards: compositions and partitions ---------------------------------------------------------
def _composition_args(total: object, parts: object, low: object, high: object, max_parts: int = 20) -> None:
    # the accepted ranges, checked in this order: parts 1..max_parts, low 0..20, high low..20, total 0..400
    _whole(parts, 1, max_parts, "the number of parts")
    smallest = _whole(low, 0, 20, "the smallest part")
    _whole(high, smallest, 20, "the largest part")
    _whole(total, 0, 400, "the total")


def compositions(total: int = 15, parts: int = 6, low: int = 1, high: int = 6) -> int:
    """Ordered ways to write ``total`` as ``parts`` numbers from ``low`` to ``high``, by generating function.

    The coefficient of x^total in (x^low + ... + x^high)^parts.  Dice goal boards: 1,666 base sides
    (six targets 1..6 summing to 15) and 651 back sides (five targets).

    The power is built as a *truncated* product with sympy polynomials: multiply by one factor at a time
    and drop every power of x above ``total`` (they can never come back down), so even the largest
    accepted call takes milliseconds (bench/bench_limits.py).

    Accepted: ``parts`` 1..20, ``low`` 0..20, ``high`` ``low``..20, ``total`` 0..400.
    Raises InvalidArgumentError for anything else.

    >>> compositions(15, 6), compositions(15, 5)
    (1666, 651)
    """
    sympy = _sympy()
    _composition_args(total, parts, low, high)
    x = sympy.Symbol("x")
    factor = sympy.Poly(sum(x**k for k in range(low, high + 1)), x)
    power = sympy.Poly(1, x)
    for _ in range(parts):
        power = power * factor
        if power.degree() > total:  # drop the terms above x^total
            power = sympy.Poly.from_list(power.all_coeffs()[-(total + 1):], x)
    return int(power.coeff_monomial(x**total))


def inclusion_exclusion_terms(total: int = 15, parts: int = 6, low: int = 1,
                              high: int = 6) -> list[tuple[int, int, int, int]]:
    """The steps of stars and bars with inclusion-exclusion, one row per number j of parts forced too big.

    Shift every part down by ``low``: the parts become numbers 0..(high - low) summing to
    n = total - parts * low.  Without the upper limit there are C(n + parts - 1, parts - 1) ways (n stars and
    parts - 1 bars in a row: choose which places hold the bars).  Row j counts the ways in which j chosen parts
    are too big (each given high - low + 1 stars first): ``(j, C(parts, j), ways, signed term)`` where the
    signed term is (-1)^j C(parts, j) * ways.  Rows whose ways are 0 are left out; the terms add up to
    :func:`compositions_by_stars_and_bars`.  C(n, k), "n choose k", is the number of ways to choose k things
    from n (``math.comb``).

    Accepts the same ranges as :func:`compositions` and raises InvalidArgumentError outside them.

    Goal boards (six targets 1..6 summing to 15): 2002 ways without the limit, minus 6 x 56 = 336 with one
    target above 6:

    >>> inclusion_exclusion_terms(15, 6)
    [(0, 1, 2002, 2002), (1, 6, 56, -336)]
    """
    _composition_args(total, parts, low, high)
    n = total - parts * low
    width = high - low + 1
    return [(j, comb(parts, j), comb(n - j * width + parts - 1, parts - 1),
             (-1) ** j * comb(parts, j) * comb(n - j * width + parts - 1, parts - 1))
            for j in range(parts + 1) if n - j * width >= 0]


def compositions_by_stars_and_bars(total: int = 15, parts: int = 6, low: int = 1, high: int = 6) -> int:
    """The same count by stars and bars with inclusion-exclusion over the parts that exceed ``high``.

    Shift every part down by ``low``; then sum over j parts forced above the cap:
    sum_j (-1)^j C(parts, j) C(n - j(high - low + 1) + parts - 1, parts - 1), with n = total - parts*low
    (the rows of :func:`inclusion_exclusion_terms`).

    Accepts the same ranges as :func:`compositions` and raises InvalidArgumentError outside them.

    >>> compositions_by_stars_and_bars(15, 6)
    1666
    """
    return sum(term for *_, term in inclusion_exclusion_terms(total, parts, low, high))


#: The most tuples :func:`compositions_by_enumeration` tries (about a second here; bench/bench_limits.py).
MAX_LISTED = 1_000_000


def compositions_by_enumeration(total: int = 15, parts: int = 6, low: int = 1, high: int = 6) -> int:
    """The same count by trying every tuple (fine for dice-sized problems).

    Accepted: ``parts`` 1..8 and the ranges of :func:`compositions`, with at most :data:`MAX_LISTED` tuples
    to try, that is (high - low + 1) ** parts <= 1,000,000 (six dice: 46,656; seven: 279,936).
    Raises InvalidArgumentError otherwise.

    >>> compositions_by_enumeration(15, 5)
    651
    """
    _composition_args(total, parts, low, high, max_parts=8)
    tuples = (high - low + 1) ** parts
    if tuples > MAX_LISTED:
        raise InvalidArgumentError(f"listing would try {tuples:,} tuples, more than {MAX_LISTED:,}; "
                                   "use compositions() instead", input=(total, parts, low, high))
    return sum(1 for t in product(range(low, high + 1), repeat=parts) if sum(t) == total)


def partitions_bounded(total: int = 15, parts: int = 6, low: int = 1, high: int = 6) -> int:
    """Ways up to order: multisets of ``parts`` numbers in ``low..high`` summing to ``total`` (19 goal boards).

    Counted by building the multisets one value at a time (how many copies of ``low``, then of ``low + 1``,
    ...), keeping only the number of ways to reach each (parts used, sum so far): a dynamic programme that
    takes milliseconds for every accepted argument.

    Accepted: ``parts`` 1..20 and the ranges of :func:`compositions`; raises InvalidArgumentError otherwise.

    >>> partitions_bounded(15, 6)
    19
    """
    _composition_args(total, parts, low, high)
    # ways[k][s]: multisets of k values from those seen so far with sum s (s <= total)
    ways = [[0] * (total + 1) for _ in range(parts + 1)]
    ways[0][0] = 1
    for value in range(low, high + 1):
        for k in range(1, parts + 1):  # ascending k: reuse this value any number of times
            row, prev = ways[k], ways[k - 1]
            for s in range(value, total + 1):
                row[s] += prev[s - value]
    return ways[parts][total]


# -- Fifteens card sets ----------------------------------------------------------------------------------------
def card_sets(size: int | None = None, with_suits: bool = False) -> int:
    """Sets of number cards (A..9, four suits) summing to 15, by generating function.

    Without suits: multisets of ranks, at most four of each, the coefficient of x^15 y^size in
    prod_r (1 + y x^r + y^2 x^2r + y^3 x^3r + y^4 x^4r).  With suits each rank used k times
    can be chosen in C(4, k) ways, so the factor becomes sum_k C(4, k) y^k x^kr.
    Only sets of two or more cards count (a single card never makes 15 anyway).

    ``size`` is None (any size) or 0..15 (no set of 16 or more cards sums to 15); ``with_suits`` is True or
    False.  Raises InvalidArgumentError otherwise.

    >>> card_sets(2), card_sets(2, with_suits=True), card_sets()
    (2, 32, 109)
    """
    from . import _check

    if size is not None:
        _whole(size, 0, 15, "the number of cards")
    _check.flag(with_suits, "with_suits")
    sympy = _sympy()
    y = sympy.Symbol("y")
    by_sum = _card_polynomial(with_suits)
    if size is None:
        return int(by_sum.subs(y, 1))
    return int(sympy.Poly(by_sum, y).coeff_monomial(y**size)) if by_sum != 0 else 0


@lru_cache(maxsize=2)
def _card_polynomial(with_suits: bool) -> Any:
    # the coefficient of x^15 in prod_r sum_k (C(4, k) or 1) y^k x^(k r): a polynomial in y.  A truncated
    # product of sympy polynomials: after each factor, the powers of x above 15 are dropped (they never matter)
    sympy = _sympy()
    x, y = sympy.symbols("x y")
    product_so_far = sympy.Poly(1, x, y)
    for r in range(1, 10):
        factor = sympy.Poly(sum((comb(4, k) if with_suits else 1) * y**k * x**(k * r) for k in range(5)), x, y)
        product_so_far = sympy.Poly.from_dict(
            {m: c for m, c in (product_so_far * factor).terms() if m[0] <= 15}, x, y)
    return sympy.Add(*(c * y**m[1] for m, c in product_so_far.terms() if m[0] == 15))


def card_sets_by_enumeration(size: int | None = None, with_suits: bool = False) -> int:
    """The same count as :func:`card_sets` by listing every rank multiset that sums to 15.

    The listing picks ranks in ascending order (at most four of each) and abandons a partial set as soon as
    its sum passes 15, so it lists only the 109 sets that make 15 and the partial sets leading to them.
    ``size`` and ``with_suits`` as in :func:`card_sets`; raises InvalidArgumentError otherwise.

    >>> card_sets_by_enumeration(3), card_sets_by_enumeration(3, with_suits=True)
    (13, 612)
    """
    from . import _check

    if size is not None:
        _whole(size, 0, 15, "the number of cards")
    _check.flag(with_suits, "with_suits")
    found: list[tuple[int, ...]] = []

    def extend(rank: int, chosen: list[int], total: int) -> None:
        if total == 15:
            found.append(tuple(chosen))
            return
        for r in range(rank, 10):
            if total + r > 15:
                return
            if chosen.count(r) < 4:
                chosen.append(r)
                extend(r, chosen, total + r)
                chosen.pop()

    extend(1, [], 0)
    total = 0
    for ranks in found:
        if len(ranks) >= 2 and (size is None or len(ranks) == size):
            counts = Counter(ranks)
            total += prod(comb(4, n) for n in counts.values()) if with_suits else 1
    return total
