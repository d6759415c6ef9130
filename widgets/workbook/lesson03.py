"""Lesson 03 · Counting to 15: the values its questions name, every answer computed by the kit.

The words of its predictions, exercises and why questions are in lesson03.toml; ``NAMED`` holds every number
they show, each answer and a second computation of it.  The reveals (the table of sets by size, the chart of
subset sums, the inclusion-exclusion steps and the card table) are built here so the lesson's cells stay one
line long.

>>> [task.key for task in TASKS][:3]
['03.p1', '03.w1', '03.q1']
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from math import comb, factorial, perm
from typing import Any

from fifteen_kit.counting import (
    card_sets,
    compositions,
    compositions_by_enumeration,
    compositions_by_stars_and_bars,
    digit_sets,
    digit_sets_by_enumeration,
    inclusion_exclusion_terms,
    most_common_sums,
    partitions_bounded,
    subset_sum_counts,
)

from .core import Task
from .records import load

__all__ = ["MIDDLE", "NAMED", "TASKS", "card_table", "goal_boards", "inclusion_exclusion_table", "sets_by_size",
           "subset_sum_bars", "subset_sum_chart"]

#: The choice of prediction 03.p2 that the chart confirms: the most common sums are in the middle (its words must be
#: one of the choices in lesson03.toml).
MIDDLE = "sums in the middle, near 22"


def _markdown(text: str) -> Any:
    from IPython.display import Markdown

    return Markdown(text)


def sets_by_size(total: int = 15) -> Any:
    """Sets of different digits 1..9 summing to ``total``, counted by trying all 512 sets, by size (Markdown).

    >>> '| 3 | 8 |' in sets_by_size().data
    True
    """
    lines = [f"| digits in the set | sets summing to {total} |", "|---:|---:|"]
    lines += [f"| {k} | {digit_sets_by_enumeration(total, k)} |" for k in range(1, 10)]
    lines.append(f"| **any size** | **{digit_sets_by_enumeration(total)}** |")
    triples = [s for s in combinations(range(1, 10), 3) if sum(s) == total]
    listed = "; ".join(" + ".join(map(str, s)) for s in triples)
    return _markdown("\n".join(lines) + f"\n\nThe {len(triples)} sets of three: {listed}.")


def subset_sum_bars() -> Any:
    """A bar chart of how many of the 512 subsets of 1..9 have each sum 0..45 (a BarChart).

    Bars start at zero; the bar of 15 is vermillion and hatched, the most common sums bluish green and dotted;
    a dashed line marks the middle, 22.5.  ``subset_sum_chart`` draws it with matplotlib.

    >>> subset_sum_bars().series[0].hatches[15]
    '//'
    """
    from fifteen_kit import plotstyle
    from fifteen_kit.barchart import BarChart, Series

    counts = subset_sum_counts()
    top, _ = most_common_sums()
    colours = [plotstyle.COLOURS[0]] * len(counts)
    hatches = [""] * len(counts)
    for t in top:
        colours[t], hatches[t] = plotstyle.COLOURS[2], ".."
    colours[15], hatches[15] = plotstyle.COLOURS[1], "//"
    bars = Series(values=tuple(counts.values()), colours=tuple(colours), hatches=tuple(hatches), edge="black")
    return BarChart(x=tuple(counts), series=(bars,), title=f"All {sum(counts.values())} subsets of 1..9 by their sum",
                    xlabel="sum of the subset", ylabel="number of subsets of 1..9", ymax=max(counts.values()) + 3,
                    xticks=tuple((t, str(t)) for t in range(0, 46, 5)), line=(22.5, "the middle, 22.5"),
                    legend=(("sum 15", plotstyle.COLOURS[1], "//"),
                            ("the most common sums", plotstyle.COLOURS[2], "..")),
                    size=(9, 4.8))


def subset_sum_chart() -> Any:
    """:func:`subset_sum_bars` as a matplotlib Figure.

    >>> fig = subset_sum_chart()
    >>> float(fig.axes[0].get_ylim()[0])
    0.0
    """
    return subset_sum_bars().figure()


def _chart_and_tie() -> Any:
    from IPython.display import display

    from fifteen_kit import plotstyle

    top, n = most_common_sums()
    display(plotstyle.image(subset_sum_bars()))
    counts = subset_sum_counts()
    symmetric = all(counts[t] == counts[45 - t] for t in counts)
    return _markdown(f"The most common sums are **{', '.join(map(str, top[:-1]))} and {top[-1]}**, a tie: "
                     f"**{n}** subsets each. Sum 15 has {counts[15]}.\n\n"
                     + ("The picture is **symmetric** about 22.5 (the two halves are mirror images), and the top is "
                        f"flat: {len(top)} sums tie. " if symmetric else "")
                     + "The number 15 is not special among the sums; it is the magic constant because the *three "
                       "rows* of a magic square share the 45 equally.")


def goal_boards() -> Any:
    """The ordered goal boards counted three ways, and the count up to order (Markdown).

    >>> '1,666' in goal_boards().data
    True
    """
    ways = [("the generating function (x + x² + … + x⁶)⁶", compositions(15, 6)),
            ("stars and bars with inclusion–exclusion (explained below)", compositions_by_stars_and_bars(15, 6)),
            ("trying all 6⁶ boards", compositions_by_enumeration(15, 6))]
    lines = ["| counted by | ordered goal boards |", "|---|---:|"]
    lines += [f"| {how} | {n:,} |" for how, n in ways]
    return _markdown("\n".join(lines) + f"\n\nUp to order (only which six targets, not which colour gets which) "
                     f"there are just **{partitions_bounded(15, 6)}**.")


def inclusion_exclusion_table(total: int = 15, parts: int = 6, high: int = 6) -> Any:
    """Stars and bars with inclusion–exclusion, step by step, for ``parts`` targets 1..``high`` summing to ``total``.

    >>> print(inclusion_exclusion_table().data)  # doctest: +ELLIPSIS
    | step | ...
    """
    n = total - parts
    lines = ["| step | how many | running total |", "|---|---:|---:|"]
    running = 0
    for j, choose_parts, ways, term in inclusion_exclusion_terms(total, parts, 1, high):
        running += term
        if j == 0:
            step = (f"all ways to share {n} stars among {parts} targets: C({n + parts - 1}, {parts - 1})")
            shown = f"{ways:,}"
        else:
            sign = "subtract" if term < 0 else "add back"
            step = (f"{sign}: {j} target(s) too big, C({parts}, {j}) = {choose_parts:,} choices "
                    f"× {ways:,} ways each")
            shown = f"{'−' if term < 0 else '+'} {abs(term):,}"
        lines.append(f"| {step} | {shown} | {running:,} |")
    return _markdown("\n".join(lines))


def card_table() -> Any:
    """Sets of number cards (A..9) that sum to 15, by number of cards: rank sets and sets of real cards.

    >>> '| 5 | 27 | 5,468 |' in card_table().data
    True
    """
    lines = ["| cards in the set | sets of ranks | sets of real cards (suits count) |", "|---:|---:|---:|"]
    lines += [f"| {k} | {card_sets(k)} | {card_sets(k, with_suits=True):,} |" for k in range(2, 10)]
    lines.append(f"| **any number** | **{card_sets()}** | **{card_sets(with_suits=True):,}** |")
    return _markdown("\n".join(lines))


def _term(coefficient: int, power: int) -> str:
    # a term such as 8y³ (a coefficient 1 is not written)
    superscript = str(power).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{coefficient if coefficient != 1 else ''}y{superscript}"


def _sums_at_most(limit: int) -> int:
    return sum(n for t, n in subset_sum_counts().items() if t <= limit)


def _cards_aa445() -> tuple[int, int, int, int]:
    # C(4, 2), C(4, 2), C(4, 1) and their product: the sets of real cards with ranks A, A, 4, 4, 5
    aces, fours, fives = comb(4, 2), comb(4, 2), comb(4, 1)
    return aces, fours, fives, aces * fours * fives


def _most_common_sums_are() -> str:
    # the choice of prediction 03.p2 that the kit's most common sums bear out
    return MIDDLE if all(20 <= t <= 25 for t in most_common_sums()[0]) else "15, the magic constant"


def _coefficient_of_x16() -> str:
    # the coefficient of x¹⁶ in the digit-set polynomial, as a polynomial in y: y⁵ + 8y⁴ + 8y³ + y²
    return " + ".join(_term(digit_sets(16, k), k) for k in range(5, 1, -1))


def _orders_summing_to_16() -> int:
    # the slip of counting orders: every set of k digits summing to 16 counted k! times
    return sum(digit_sets(16, k) * factorial(k) for k in range(6))


def _ie_rows() -> list[tuple[int, int, int, int]]:
    # stars and bars with inclusion–exclusion for four dice totalling 15 (03.q4)
    return inclusion_exclusion_terms(15, 4)


# The exercises' answers computed a second, independent way (the record's check names them).
def _sets_summing_to_28_by_complements() -> int:
    # a subset sums to 28 exactly when the digits it leaves out sum to 45 - 28
    return digit_sets_by_enumeration(45 - 28)


def _sums_at_most_22_by_listing() -> int:
    return sum(1 for k in range(10) for s in combinations(range(1, 10), k) if sum(s) <= 22)


def _rolls_totalling_15_by_listing() -> int:
    return compositions_by_enumeration(15, 4)


def _aa445_card_sets_by_listing() -> int:
    # every set of five real cards (rank, suit) whose ranks are A, A, 4, 4, 5
    cards = [(rank, suit) for rank in (1, 4, 5) for suit in "CDHS"]
    return sum(1 for hand in combinations(cards, 5) if sorted(r for r, _ in hand) == [1, 1, 4, 4, 5])


#: The values the record file (lesson03.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    # kit functions a record may call with plain values: digit_sets(16), digit_sets(16, 3)
    "digit_sets": digit_sets,
    "digit_sets_by_listing": digit_sets_by_enumeration,
    # 03.p1
    "sets_summing_to_15": lambda: digit_sets_by_enumeration(15),
    "sets_summing_to_15_by_polynomial": lambda: digit_sets(15),
    "sets_by_size": sets_by_size,
    # 03.q1
    "sets_summing_to_16": lambda: digit_sets(16),
    "sets_of_three_summing_to_16": lambda: digit_sets(16, 3),
    "orders_summing_to_16": _orders_summing_to_16,
    "sets_16_of_2": lambda: digit_sets(16, 2),
    "sets_16_of_3": lambda: digit_sets(16, 3),
    "sets_16_of_4": lambda: digit_sets(16, 4),
    "sets_16_of_5": lambda: digit_sets(16, 5),
    "coefficient_of_x16": _coefficient_of_x16,
    # 03.q2
    "sets_summing_to_28": lambda: digit_sets(28),
    "sets_summing_to_28_by_complements": _sets_summing_to_28_by_complements,
    "sets_summing_to_17": lambda: digit_sets(17),
    "sets_of_three_summing_to_17": lambda: digit_sets(17, 3),
    "sets_17_of_2": lambda: digit_sets(17, 2),
    "sets_17_of_3": lambda: digit_sets(17, 3),
    "sets_17_of_4": lambda: digit_sets(17, 4),
    "sets_17_of_5": lambda: digit_sets(17, 5),
    # 03.p2
    "most_common_sums_are": _most_common_sums_are,
    "chart_and_tie": _chart_and_tie,
    # 03.q3
    "sums_at_most_22": lambda: _sums_at_most(22),
    "sums_at_most_22_by_listing": _sums_at_most_22_by_listing,
    "sums_at_most_22_but_the_empty_set": lambda: _sums_at_most(22) - 1,
    "sums_at_most_21": lambda: _sums_at_most(21),
    "subsets": lambda: 2**9,
    "subset_pairs": lambda: 2**8,
    # 03.p3
    "goal_boards_in_order": lambda: compositions(15, 6),
    "goal_boards_in_order_by_listing": lambda: compositions_by_enumeration(15, 6),
    "goal_boards": goal_boards,
    # 03.q4
    "rolls_totalling_15": lambda: compositions(15, 4),
    "rolls_totalling_15_by_listing": _rolls_totalling_15_by_listing,
    "rolls_up_to_order": lambda: partitions_bounded(15, 4),
    "rolls_without_limit": lambda: _ie_rows()[0][2],
    "rolls_one_die_too_big": lambda: _ie_rows()[1][2],
    "dice_to_choose": lambda: _ie_rows()[1][1],
    "rolls_some_die_too_big": lambda: -_ie_rows()[1][3],
    "rolls_one_die_subtracted_once": lambda: _ie_rows()[0][2] - _ie_rows()[1][2],
    "stars_for_two_dice": lambda: 2 * 6,
    # 03.p4
    "numbers_of_cards": lambda: tuple(str(k) for k in range(2, 10)),
    "cards_making_15_most_ways": lambda: str(max(range(2, 10), key=card_sets)),
    "card_table": card_table,
    # 03.q5
    "aa445_card_sets": lambda: _cards_aa445()[-1],
    "aa445_card_sets_by_listing": _aa445_card_sets_by_listing,
    "aa445_aces": lambda: _cards_aa445()[0],
    "aa445_fours": lambda: _cards_aa445()[1],
    "aa445_fives": lambda: _cards_aa445()[2],
    "aa445_added": lambda: sum(_cards_aa445()[:3]),
    "aa445_in_order": lambda: perm(4, 2) * perm(4, 2) * comb(4, 1),
    "aa445_without_the_five": lambda: _cards_aa445()[0] * _cards_aa445()[1],
}

TASKS: list[Task] = load("03", NAMED)
