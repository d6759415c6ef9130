"""Lesson 05 (Fifteens): the values its questions name, and the tables and charts they reveal.

The words of its predictions, exercises and why questions are in lesson05.toml; ``NAMED`` holds every number
they show, each answer and a second computation of it.  Every number comes from the kit: the rank sets from
:func:`fifteen_kit.fifteens.removal_ranks`, the win rates from :func:`fifteen_kit.fifteens.study` on the
lesson's fixed deals (seed 2026), the card counts from the deck.

>>> [task.key for task in TASKS][:2]
['05.p1', '05.p2']
>>> rank_set_table()[2]
(2, 32)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from math import comb, factorial, prod
from typing import Any

from fifteen_kit.counting import card_sets, digit_sets
from fifteen_kit.fifteens import PlayerName, Study, deck, removal_ranks, study

from .core import Task
from .records import load

__all__ = ["BLIND", "GAMES", "NAMED", "SEED", "TASKS", "blind_winner", "card_pairs", "face_sets", "lesson_study",
           "rank_set_table", "rule_study", "study_bars", "study_chart", "three_different_ranks"]

#: The lesson's study: how many deals, and the seed that fixes them (the same deals for every player).
GAMES = 60
SEED = 2026
#: The players that cannot see the stock (the thoughtful solver can).
BLIND: tuple[PlayerName, ...] = ("random", "fewest", "most", "options")
_FULL_DECK = (0,) + (4,) * 9 + (0,) * 4  # four of each rank A..9, no tens or face cards


def rank_set_table() -> dict[int, tuple[int, int]]:
    """For each number of cards: how many sets of ranks (A..9) add up to 15, and how many sets of real cards.

    A set of ranks stands for several sets of real cards, one for each way of choosing the suits: a rank that
    appears ``n`` times in the set can be any ``n`` of its four cards (``comb(4, n)`` ways).

    >>> rank_set_table()[3]
    (13, 612)
    >>> sum(sets for sets, cards in rank_set_table().values())
    109
    """
    sets: Counter[int] = Counter()
    cards: Counter[int] = Counter()
    for ranks in removal_ranks(_FULL_DECK):
        sets[len(ranks)] += 1
        cards[len(ranks)] += prod(comb(4, n) for n in Counter(ranks).values())
    return {size: (sets[size], cards[size]) for size in sorted(sets)}


def card_pairs(total: int) -> int:
    """How many different two-card sets of real cards (A..9, suits count) add up to ``total``, from a full deck.

    >>> card_pairs(15)
    32
    """
    return sum(1 for a, b in combinations(deck(), 2) if a.rank <= 9 and b.rank <= 9 and a.rank + b.rank == total)


def three_different_ranks() -> int:
    """How many three-card removals (suits count) that make 15 use three different ranks.

    >>> three_different_ranks()
    512
    """
    return sum(1 for cards in combinations([c for c in deck() if c.rank <= 9], 3)
               if sum(c.rank for c in cards) == 15 and len({c.rank for c in cards}) == 3)


def face_sets(rule: str) -> int:
    """How many different face-card removals a full deck holds under a face-card rule.

    ``'four-of-a-kind'``: all four cards of one rank (10, J, Q or K); ``'one-each'``: one 10, one J, one Q and
    one K, of any suits.

    >>> face_sets("four-of-a-kind"), face_sets("one-each")
    (4, 256)
    """
    faces = [c for c in deck() if c.rank >= 10]
    if rule == "one-each":
        return sum(1 for cards in combinations(faces, 4) if len({c.rank for c in cards}) == 4)
    return sum(1 for cards in combinations(faces, 4) if len({c.rank for c in cards}) == 1)


@functools.cache
def lesson_study() -> Study:
    """The lesson's study: the four blind players and the thoughtful solver on the same 60 deals (seed 2026).

    >>> [row.player for row in lesson_study()]
    ['random', 'fewest', 'most', 'options', 'thoughtful']
    """
    return study((*BLIND, "thoughtful"), games=GAMES, seed=SEED)


@functools.cache
def rule_study() -> Study:
    """The options player and the thoughtful solver on the same deals under the one-each face-card rule.

    >>> [row.player for row in rule_study()]
    ['options', 'thoughtful']
    """
    return study(("options", "thoughtful"), games=GAMES, seed=SEED, face_rule="one-each")


def blind_winner() -> str:
    """The player that cannot see the stock with the most wins in the lesson's study.

    >>> blind_winner()
    'fewest'
    """
    return max((row for row in lesson_study() if row.player in BLIND), key=lambda row: row.wins).player


def study_bars(rows: Any, title: str) -> Any:
    """A bar chart of win rates from zero to 100% with each row's 95% Wilson interval as an error bar.

    ``rows`` are :class:`~fifteen_kit.fifteens.StudyRow` values; returns a BarChart (``study_chart`` draws it
    with matplotlib).

    >>> study_bars(lesson_study()[:2], "two players").percent
    True
    """
    from fifteen_kit.barchart import BarChart, Series

    hatches = {"random": "", "fewest": "..", "most": "//", "options": "xx", "thoughtful": "++"}
    colours = {"random": "#999999", "fewest": "#56B4E9", "most": "#E69F00", "options": "#009E73",
               "thoughtful": "#0072B2"}
    bars = Series(values=tuple(r.rate for r in rows), colours=tuple(colours[r.player] for r in rows),
                  hatches=tuple(hatches[r.player] for r in rows), edge="#1f1f24",
                  errors=tuple((r.rate - r.low, r.high - r.rate) for r in rows),
                  notes=tuple(f"{r.wins} of {r.games}" for r in rows))
    return BarChart(x=tuple(range(len(rows))), series=(bars,), xticks=tuple((i, r.player) for i, r in enumerate(rows)),
                    ymax=1.15, percent=True, ylabel="share of deals won\n(black line: 95% range)", xlabel="player",
                    title=title, size=(8.5, 4.8))


def study_chart(rows: Any, title: str) -> Any:
    """:func:`study_bars` as a matplotlib Figure.

    >>> fig = study_chart(lesson_study()[:2], "two players")
    >>> float(fig.axes[0].get_ylim()[0]) == 0
    True
    """
    return study_bars(rows, title).figure()


def _md(text: str) -> Any:
    from IPython.display import Markdown

    return Markdown(text)


def _table_reveal() -> Any:
    table = rank_set_table()
    lines = ["| cards | sets of ranks | sets of real cards (suits chosen) |", "|---:|---:|---:|"]
    lines += [f"| {size} | {sets} | {cards:,} |" for size, (sets, cards) in table.items()]
    lines.append(f"| **any number** | **{sum(sets for sets, _ in table.values())}** | "
                 f"**{sum(cards for _, cards in table.values()):,}** |")
    return _md("\n".join(lines) + "\n\nA set of ranks stands for many sets of real cards, because you choose the "
               "suits: **9 + 6** can be any of the four nines with any of the four sixes, 4 × 4 = 16 ways.")


def _rows(players: tuple[str, ...]) -> list[Any]:
    return [row for row in lesson_study() if row.player in players]


def _apart(a: Any, b: Any) -> bool:
    # two 95% ranges that do not overlap
    return bool(a.high < b.low or b.high < a.low)


def _blind_reveal() -> Any:
    from IPython.display import display

    from fifteen_kit import plotstyle

    display(plotstyle.image(study_bars(_rows(BLIND), f"Fifteens: {GAMES} deals, the same deals for every player")))
    most, fewest = _rows(("most",))[0], _rows(("fewest",))[0]
    if not _apart(most, fewest):
        return _md("Every pair of ranges overlaps: this study cannot rank the players.")
    return _md("Where two ranges are far apart, as for most and fewest, the difference is real: no true win rate "
               "fits both results. Where two ranges overlap, the study cannot say which player is better.")


def _points(rate_a: float, rate_b: float) -> float:
    return round(100 * (rate_a - rate_b), 1)


def _thoughtful_reveal() -> Any:
    from IPython.display import display

    from fifteen_kit import plotstyle

    best = next(row for row in lesson_study() if row.player == blind_winner())
    thoughtful = lesson_study()[-1]
    display(plotstyle.image(study_bars(list(lesson_study()),
                                        f"Fifteens: {GAMES} deals, with the player who sees the stock")))
    return _md(
        f"The thoughtful solver won **{thoughtful.wins} of {thoughtful.games}** deals: "
        f"{thoughtful.rate:.1%} against {best.rate:.1%} for {best.player}, the best player that cannot see the "
        f"stock. The difference of two percentages is counted in **percentage points**: "
        f"{thoughtful.rate:.1%} − {best.rate:.1%} = **{_points(thoughtful.rate, best.rate)} percentage points** "
        f"({thoughtful.wins - best.wins} more deals won out of {GAMES}). "
        f"Compared with {best.player}'s own {best.wins} wins, the {thoughtful.wins - best.wins} extra wins are "
        f"{thoughtful.wins - best.wins} / {best.wins} = {(thoughtful.wins - best.wins) / best.wins:.0%} more wins. "
        f"Both describe the same gap: \"{_points(thoughtful.rate, best.rate)} percentage points\" or "
        f"\"{(thoughtful.wins - best.wins) / best.wins:.0%} more wins\"; but \"{_points(thoughtful.rate, best.rate)}% "
        "more wins\" would be wrong.")


def _rule_verdict() -> str:
    old, new = _rows(("options",))[0], rule_study()[0]
    if new.low > old.high:
        return "more often"
    if new.high < old.low:
        return "less often"
    return "cannot tell"


def _rule_reveal() -> Any:
    lines = ["| player | four of a kind (won, 95% range) | one of each (won, 95% range) |", "|---|---:|---:|"]
    for old, new in zip(_rows(("options", "thoughtful")), rule_study(), strict=True):
        lines.append(f"| {old.player} | {old.wins} of {old.games} ({old.low:.0%} to {old.high:.0%}) | "
                     f"{new.wins} of {new.games} ({new.low:.0%} to {new.high:.0%}) |")
    options_old, thoughtful_old = _rows(("options", "thoughtful"))
    options_new, thoughtful_new = rule_study()
    if _apart(options_old, options_new):
        better = "more" if options_new.wins > options_old.wins else "less"
        options = (f"For the options player the two ranges do not overlap: under the one-each rule it wins clearly "
                   f"{better} often.")
    else:
        options = "For the options player the two ranges overlap: this study cannot tell which rule suits it better."
    thoughtful = ("For the thoughtful solver both rules give ranges near the top that overlap: nearly every deal can "
                  "be won under either rule." if not _apart(thoughtful_old, thoughtful_new) else "")
    return _md("\n".join(lines) + "\n\nThe same 60 deals, dealt in the same order, under both rules. " + options
               + " " + thoughtful)


def _overlap_answer() -> str:
    fewest, options = _rows(("fewest",))[0], _rows(("options",))[0]
    if fewest.low > options.high:
        return "fewest is better"
    if options.low > fewest.high:
        return "options is better"
    return "cannot tell from this study"


def _paired() -> tuple[int, int]:
    fewest, options = _rows(("fewest",))[0], _rows(("options",))[0]
    only_fewest = sum(a == "won" and b != "won" for a, b in zip(fewest.results, options.results, strict=True))
    only_options = sum(b == "won" and a != "won" for a, b in zip(fewest.results, options.results, strict=True))
    return only_fewest, only_options


def _row(player: str) -> Any:
    # the lesson study's row of one player
    return _rows((player,))[0]


def _rank_pairs(total: int) -> list[tuple[int, int]]:
    # the pairs of ranks a <= b from A to 9 that add up to total
    return [(a, total - a) for a in range(1, 10) if a <= total - a <= 9]


def _rank_triples() -> list[tuple[int, ...]]:
    # the sets of three different ranks A..9 with sum 15, each largest first, the largest sets first
    return sorted((tuple(sorted(s, reverse=True)) for s in combinations(range(1, 10), 3) if sum(s) == 15),
                  reverse=True)


# The exercises' answers computed a second, independent way (the record's check names them).
def _card_pairs_14_by_rank_pairs() -> int:
    # 5 + 9 and 6 + 8: 4 x 4 suit choices each; 7 + 7: two of the four sevens
    return sum(16 if a < 14 - a else comb(4, 2) for a in range(5, 8))


def _three_different_ranks_by_rank_sets() -> int:
    # sets of three different digits 1..9 with sum 15, each card in any of 4 suits
    return digit_sets(15, 3) * 4**3


def _overlap_verdict_by_study() -> str:
    # the study run again for the two players only: do their 95% ranges overlap?
    fewest, options = study(("fewest", "options"), games=GAMES, seed=SEED)
    if fewest.low > options.high:
        return "fewest is better"
    if options.low > fewest.high:
        return "options is better"
    return "cannot tell from this study"


def _one_each_removals_by_rank_sets() -> int:
    # the one-each face-card removal (10, J, Q, K) from a deck's face cards; each of its ranks in any of 4 suits
    (ranks,) = removal_ranks((0,) * 10 + (4,) * 4, "one-each")
    return prod(comb(4, 1) for _ in ranks)


#: The values the record file (lesson05.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    "games": lambda: GAMES,
    # 05.p1
    "rank_sets": lambda: sum(sets for sets, _ in rank_set_table().values()),
    "rank_sets_by_polynomial": lambda: card_sets(),
    "table_reveal": _table_reveal,
    # 05.p2
    "blind_players": lambda: BLIND,
    "blind_winner": blind_winner,
    "blind_reveal": _blind_reveal,
    # 05.w1
    "won_by_fewest_only": lambda: _paired()[0],
    "won_by_options_only": lambda: _paired()[1],
    # 05.p3
    "solver_wins": lambda: lesson_study()[-1].wins,
    "thoughtful_reveal": _thoughtful_reveal,
    # 05.p4
    "rule_verdict": _rule_verdict,
    "rule_reveal": _rule_reveal,
    # 05.q1
    "card_pairs_14": lambda: card_pairs(14),
    "card_pairs_14_by_rank_pairs": _card_pairs_14_by_rank_pairs,
    "pairs_of_sevens": lambda: comb(4, 2),
    "rank_pairs_14": lambda: len(_rank_pairs(14)),
    "card_pairs_14_sevens_4_by_4": lambda: 4 * 4 * len(_rank_pairs(14)),
    "card_pairs_14_sevens_in_order": lambda: sum(4 * 4 if a < b else 4 * 3 for a, b in _rank_pairs(14)),
    "card_pairs_14_in_order": lambda: 2 * card_pairs(14),
    # 05.q2
    "three_different_ranks": three_different_ranks,
    "three_different_ranks_by_rank_sets": _three_different_ranks_by_rank_sets,
    "rank_triples": lambda: len(_rank_triples()),
    "rank_triples_listed": lambda: ", ".join(" ".join(map(str, t)) for t in _rank_triples()),
    "suits_of_three_cards": lambda: 4**3,
    "three_card_removals": lambda: rank_set_table()[3][1],
    "three_card_rank_sets": lambda: rank_set_table()[3][0],
    # 05.q3
    "fewest_wins": lambda: _row("fewest").wins,
    "fewest_low": lambda: _row("fewest").low,
    "fewest_high": lambda: _row("fewest").high,
    "options_wins": lambda: _row("options").wins,
    "options_low": lambda: _row("options").low,
    "options_high": lambda: _row("options").high,
    "overlap_low": lambda: max(_row("fewest").low, _row("options").low),
    "overlap_high": lambda: min(_row("fewest").high, _row("options").high),
    "overlap_verdict": _overlap_answer,
    "overlap_verdict_by_study": _overlap_verdict_by_study,
    # 05.q4
    "one_each_removals": lambda: face_sets("one-each"),
    "one_each_removals_by_rank_sets": _one_each_removals_by_rank_sets,
    "four_of_a_kind_removals": lambda: face_sets("four-of-a-kind"),
    "one_each_suits_added": lambda: 4 + 4 + 4 + 4,
    "orders_of_four_cards": lambda: factorial(4),
    "one_each_rank_sets": lambda: len(removal_ranks((0,) * 10 + (4,) * 4, "one-each")),
}

TASKS: list[Task] = load("05", NAMED)
