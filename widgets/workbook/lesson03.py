"""Lesson 03 · Counting to 15: its predictions, exercises and why questions, every answer computed by the kit.

The reveals (the table of sets by size, the chart of subset sums, the inclusion-exclusion steps and the card
table) are built here so the lesson's cells stay one line long.

>>> [task.key for task in TASKS][:3]
['03.p1', '03.w1', '03.q1']
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

from fifteen_kit.answers import Choice, Number
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

from .core import Exercise, Predict, Why

__all__ = ["MIDDLE", "TASKS", "card_table", "goal_boards", "inclusion_exclusion_table", "sets_by_size",
           "subset_sum_bars", "subset_sum_chart"]

#: The Choice of prediction 03.p2 that the chart confirms: the most common sums are in the middle.
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


def _four_dice() -> str:
    rows = inclusion_exclusion_terms(15, 4)
    return (f"Shift every die down by 1: four numbers 0..5 that sum to 15 − 4 = 11. Stars and bars: 11 stars and "
            f"3 bars in 14 places, C(14, 3) = {rows[0][2]}. A die is too big when its shifted number is 6 or more; "
            f"give one chosen die 6 stars first, then share the other 5 stars: C(8, 3) = {rows[1][2]} ways, and "
            f"there are {rows[1][1]} dice to choose: {rows[1][1]} × {rows[1][2]} = {-rows[1][3]}. Two dice too big "
            f"would need {2 * 6} stars, more than 11: nothing to add back. "
            f"{rows[0][2]} − {-rows[1][3]} = **{compositions(15, 4)}**.")


TASKS = [
    Predict("03.p1", "Predict: how many sets of different digits 1..9, of any size, sum to 15? (Lesson 01 found the "
            "sets of three; now sets of two, four, five … digits count too.)", Number(),
            truth=lambda: digit_sets_by_enumeration(15), reveal=sets_by_size, unit="sets"),
    Why("03.w1", "Why does the coefficient of x¹⁵ in (1 + x)(1 + x²)(1 + x³)···(1 + x⁹) count the sets of different "
        "digits that sum to 15?",
        model="Multiplying out picks one term from every bracket: 1 (leave digit i out) or x to the power i (take "
              "digit i). So every set of digits gives exactly one product, and because multiplying powers of x adds "
              "the exponents, that product is x to the power (the sum of the set). Collecting equal powers adds 1 "
              "for every set: the coefficient of x¹⁵ is the number of sets with sum 15.",
        points=["Each bracket: digit out (1) or in (x to the power of the digit).",
                "One product per set; exponents add, so the power is the set's sum.",
                "Collecting terms counts the sets with each sum."]),
    Exercise("03.q1", "How many sets of different digits 1..9 (any size) sum to 16?", Number(),
             answer=lambda: digit_sets(16), transfer=True,
             slips={digit_sets(16, 3): "Those are the sets of three digits. Sets of two, four and five digits "
                                       "count too.",
                    digit_sets(15): "That is the count for 15. Which coefficient do you need for 16?",
                    sum(digit_sets(16, k) * [1, 1, 2, 6, 24, 120][k] for k in range(6)):
                        "You counted orders: 7 + 9 and 9 + 7 are the same set."},
             hint="You need the coefficient of x¹⁶, with every power of y added together. Change 15 to 16 in the "
                  "cell with poly.coeff(x, 15) and run it; or list the sets by size, largest digit first.",
             solution=lambda: ("Sets by size: " + ", ".join(f"{digit_sets(16, k)} of {k} digits" for k in range(2, 6))
                               + f". In all {' + '.join(str(digit_sets(16, k)) for k in range(2, 6))} = "
                               f"**{digit_sets(16)}**. (The coefficient of x¹⁶ is "
                               + " + ".join(_term(digit_sets(16, k), k) for k in range(5, 1, -1))
                               + "; put y = 1.)")),
    Exercise("03.q2", "How many subsets of 1..9 sum to 28? (A subset is a set of some of the digits 1..9.)",
             Number(), answer=lambda: digit_sets(28), transfer=True,
             slips={digit_sets(15): "That is the count for 15. Which total do the digits *left out* have?",
                    digit_sets(16): "The digits left out sum to 45 − 28. Check the subtraction.",
                    digit_sets(17, 3): "Those are only the sets of three digits summing to 17; sets of any size "
                                       "count."},
             hint="All nine digits sum to 45. A subset sums to 28 exactly when the digits it leaves out (its "
                  "complement) sum to 45 − 28 = 17. Sets summing to 17 are smaller and easier to list.",
             solution=lambda: ("Complements: a subset sums to 28 exactly when the digits it leaves out sum to "
                               "45 − 28 = 17. Sets summing to 17, by size: "
                               + ", ".join(f"{digit_sets(17, k)} of {k} digits" for k in range(2, 6))
                               + f". In all **{digit_sets(17)}**, so {digit_sets(28)} subsets sum to 28.")),
    Predict("03.p2", "Predict: which sums do the most subsets of 1..9 have?",
            Choice(("small sums, near 0", "15, the magic constant", MIDDLE, "large sums, near 45")),
            truth=lambda: MIDDLE if all(20 <= t <= 25 for t in most_common_sums()[0]) else "15, the magic constant",
            reveal=_chart_and_tie),
    Why("03.w2", "Why do exactly as many subsets of 1..9 sum to s as sum to 45 − s?",
        model="Pair every subset with its complement, the digits it leaves out. All nine digits sum to 45, so if a "
              "subset sums to s its complement sums to 45 − s. Every subset has exactly one complement, and the "
              "complement of the complement is the subset again, so the pairing matches the subsets with sum s one "
              "to one with the subsets with sum 45 − s.",
        points=["The complement: the digits left out.", "1 + 2 + … + 9 = 45, so the sums are s and 45 − s.",
                "The pairing is one to one, so the two counts are equal."]),
    Exercise("03.q3", "How many subsets of 1..9 have a sum of 22 or less? (Count the empty set, with sum 0.)",
             Number(), answer=lambda: _sums_at_most(22), transfer=True,
             slips={_sums_at_most(22) - 1: "The empty set (no digits, sum 0) is a subset too.",
                    512: "512 is every subset; only the sums of 22 or less count.",
                    _sums_at_most(21): "Sum 22 itself counts too (22 or less)."},
             hint="Pair each subset with its complement: one of the two sums is 22 or less, the other 23 or more.",
             solution=lambda: ("Each subset and its complement have sums s and 45 − s. No sum is 22.5, so exactly "
                               f"one of the two is 22 or less. The {2 ** 9} subsets fall into {2 ** 8} pairs, one "
                               f"small sum in each: **{_sums_at_most(22)}** (the empty set included).")),
    Predict("03.p3", "Predict: a goal board gives the six dice targets from 1 to 6 that add up to 15, one per "
            "colour. How many different goal boards are there, when it matters which colour gets which target?",
            Number(), truth=lambda: compositions(15, 6), reveal=goal_boards, unit="boards"),
    Exercise("03.q4", "Four dice are rolled one after another. In how many ordered ways can they total 15? "
             "(Use inclusion–exclusion, or list them.)", Number(), answer=lambda: compositions(15, 4),
             transfer=True,
             slips={partitions_bounded(15, 4): "That counts the totals up to order (3, 4, 4, 4 once). In order, "
                                               "3, 4, 4, 4 and 4, 3, 4, 4 are different rolls.",
                    inclusion_exclusion_terms(15, 4)[0][2]: "Some of those ways give a die more than 6: subtract them.",
                    inclusion_exclusion_terms(15, 4)[0][2] - inclusion_exclusion_terms(15, 4)[1][2]:
                        "Each of the four dice can be the one that is too big: subtract 4 × 56."},
             hint="Shift each die down by 1: four numbers 0..5 summing to 11. Count all ways with stars and bars, "
                  "then subtract the ways where a chosen die gets 6 or more.",
             solution=_four_dice),
    Predict("03.p4", "Predict: Fifteens cards A (ace, 1) to 9, four suits. Which number of cards makes 15 in the "
            "most ways?", Choice(tuple(str(k) for k in range(2, 10))),
            truth=lambda: str(max(range(2, 10), key=card_sets)), reveal=card_table),
    Exercise("03.q5", "How many sets of real cards have the ranks A, A, 4, 4, 5 (two aces, two 4s and a 5, sum 15)?",
             Number(), answer=lambda: _cards_aa445()[-1], transfer=True,
             slips={16: "Multiply, do not add: every choice of aces goes with every choice of 4s and of 5.",
                    576: "You counted the two aces in order; ace of hearts with ace of spades is one set.",
                    36: "The 5 can be any of the four suits too."},
             hint="Choose the two aces from the four suits: C(4, 2) ways. The same for the two 4s; the 5: C(4, 1).",
             solution=lambda: ("Two aces from four suits: C(4, 2) = {0}; two 4s: C(4, 2) = {1}; one 5: C(4, 1) = "
                               "{2}. Every choice goes with every other: {0} × {1} × {2} = **{3}**."
                               ).format(*_cards_aa445())),
]
