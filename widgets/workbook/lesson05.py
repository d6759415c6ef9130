"""Lesson 05 (Fifteens): its predictions, exercises and why questions, and the tables and charts they reveal.

Every number comes from the kit: the rank sets from :func:`fifteen_kit.fifteens.removal_ranks`, the win rates
from :func:`fifteen_kit.fifteens.study` on the lesson's fixed deals (seed 2026), the card counts from the deck.

>>> [task.key for task in TASKS][:2]
['05.p1', '05.p2']
>>> rank_set_table()[2]
(2, 32)
"""

from __future__ import annotations

import functools
from collections import Counter
from itertools import combinations
from math import comb, prod
from typing import Any

from fifteen_kit.answers import Choice, Number
from fifteen_kit.fifteens import PlayerName, Study, deck, removal_ranks, study

from .core import Exercise, Predict, Why

__all__ = ["BLIND", "GAMES", "SEED", "TASKS", "blind_winner", "card_pairs", "face_sets", "lesson_study",
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


def _overlap_question() -> str:
    fewest, options = _rows(("fewest",))[0], _rows(("options",))[0]
    return (f"In the lesson's study fewest won {fewest.wins} of {GAMES} deals (95% range {fewest.low:.0%} to "
            f"{fewest.high:.0%}) and options won {options.wins} (95% range {options.low:.0%} to {options.high:.0%}); "
            "you saw them in the chart after your guesses in part 3. What does this study let you conclude?")


def _overlap_solution() -> str:
    fewest, options = _rows(("fewest",))[0], _rows(("options",))[0]
    low, high = max(fewest.low, options.low), min(fewest.high, options.high)
    return (f"fewest won {fewest.wins} and options {options.wins} of {GAMES} deals: fewest's range is "
            f"{fewest.low:.0%} to {fewest.high:.0%}, options' range {options.low:.0%} to {options.high:.0%}. "
            f"Every true win rate from {low:.0%} to {high:.0%} fits **both** results, so the true rates could "
            "be either way round: this study **cannot tell** which is better. A bigger study (more deals) gives "
            "narrower ranges, which may then stop overlapping.")


def _paired() -> tuple[int, int]:
    fewest, options = _rows(("fewest",))[0], _rows(("options",))[0]
    only_fewest = sum(a == "won" and b != "won" for a, b in zip(fewest.results, options.results, strict=True))
    only_options = sum(b == "won" and a != "won" for a, b in zip(fewest.results, options.results, strict=True))
    return only_fewest, only_options


def _same_deals_model() -> str:
    only_fewest, only_options = _paired()
    return ("Some deals are easy and some are hard, whoever plays them. If each strategy got its own deals, one "
            "could win more just because it was dealt easier deals: the difference would be luck of the deal, "
            "not the strategy. On the same deals that luck is the same for everyone, so what differs is the "
            f"strategy. In the lesson's study fewest and options agree on most deals: fewest won {only_fewest} "
            f"deals that options lost, options won {only_options} that fewest lost; only those deals tell them "
            "apart.")


_OVERLAP = Choice(("fewest is better", "options is better", "cannot tell from this study"))

TASKS = [
    Predict("05.p1", "Predict: how many different sets of ranks (A to 9, a rank used at most four times) add up "
            "to 15? Count 9 + 6 and 6 + 9 as one set.", Number(),
            truth=lambda: sum(sets for sets, _ in rank_set_table().values()), reveal=_table_reveal),
    Predict("05.p2", "Predict: which player that cannot see the stock wins the most of the 60 deals?",
            Choice(BLIND), truth=blind_winner, reveal=_blind_reveal),
    Why("05.w1", "Why must the strategies be compared on the same deals? What could go wrong if each strategy "
        "played its own 60 random deals?", model=_same_deals_model,
        points=["Deals differ: some are easy, some hard, whatever you do.",
                "With different deals a difference in wins can be luck of the deal, not the strategy.",
                "On the same deals that luck is shared, so only the strategy differs (a fair test)."]),
    Predict("05.p3", "Predict: the thoughtful solver knows the order of the stock. How many of the 60 deals can "
            "it win (that is: how many of the deals can be won at all)?", Number(),
            truth=lambda: lesson_study()[-1].wins, reveal=_thoughtful_reveal),
    Predict("05.p4", "Predict: with the other face-card rule (one 10, one jack, one queen and one king go "
            "together), does the options player win more often, less often, or can we not tell?",
            Choice(("more often", "less often", "cannot tell")), truth=_rule_verdict, reveal=_rule_reveal),
    Exercise("05.q1", "A variant of Fifteens removes cards that add up to 14 instead of 15. How many different "
             "two-card removals (suits count: the 7 of hearts is not the 7 of spades) does a full deck hold "
             "for 14? Use only A to 9.", Number(), answer=lambda: card_pairs(14), transfer=True,
             slips={3: "That is the number of rank pairs. Now count real cards: which suits can each rank have?",
                    48: "Careful with 7 + 7: both cards are sevens, so you choose 2 of the four sevens, not "
                        "4 × 4.",
                    44: "7 + 7: you counted ordered pairs of sevens (first card, second card). A pair of cards "
                        "has no order: halve that part.",
                    76: "You counted every pair twice (in both orders). A removal has no order."},
             hint="List the rank pairs first (5 + 9, ...). For two different ranks: 4 suits × 4 suits. For two "
                  "cards of the same rank, list the pairs of suits: ♣♦, ♣♥, ...",
             solution=lambda: (
                 "Rank pairs that make 14 with A to 9: 5 + 9, 6 + 8 and 7 + 7.\n\n"
                 "* 5 + 9: any of 4 fives with any of 4 nines: 4 × 4 = 16.\n"
                 "* 6 + 8: 4 × 4 = 16.\n"
                 f"* 7 + 7: choose 2 of the four sevens: ♣♦, ♣♥, ♣♠, ♦♥, ♦♠, ♥♠ = {comb(4, 2)}.\n\n"
                 f"Together 16 + 16 + {comb(4, 2)} = **{card_pairs(14)}**.")),
    Exercise("05.q2", "How many different three-card removals (suits count) make 15 with three different "
             "ranks? First find, by hand, every set of three different ranks from A to 9 with sum 15.",
             Number(), answer=three_different_ranks, transfer=True,
             slips={8: "Right number of rank sets! Now each one stands for many real card sets: how many ways to "
                       "choose the suits?",
                    612: "That counts every three-card removal, also those with a repeated rank like 7 + 7 + 1. "
                         "Only three different ranks here.",
                    64: "That is one rank set with its suits. How many rank sets are there?",
                    13: "That counts sets of ranks, also with repeats. Only different ranks, and then the suits."},
             hint="Start with the largest rank: 9 + 5 + 1, 9 + 4 + 2, ... then 8 + ... . Each rank in the set can "
                  "be any of its four suits.",
             solution=lambda: (
                 "Sets of three different ranks with sum 15 (largest first): 9 5 1, 9 4 2, 8 6 1, 8 5 2, 8 4 3, "
                 "7 6 2, 7 5 3, 6 5 4: **8 sets** (the lines of the magic square of lesson 01).\n\n"
                 "Each card can be any of its 4 suits: 4 × 4 × 4 = 64 card sets per rank set.\n\n"
                 f"8 × 64 = **{three_different_ranks()}**.")),
    Exercise("05.q3", _overlap_question, _OVERLAP, answer=_overlap_answer,
             slips={"fewest is better": "fewest won a few more deals, but its range and options' range overlap a "
                                        "lot: the true rates could be the other way round.",
                    "options is better": "Look at which bar is higher, and at how much the two ranges overlap."},
             hint="Could both true win rates lie in the part where the two ranges overlap?",
             solution=_overlap_solution, transfer=True),
    Exercise("05.q4", "Under the one-each face-card rule, a removal is one 10, one jack, one queen and one king, "
             "each of any suit. How many different such removals does a full deck hold?", Number(),
             answer=lambda: face_sets("one-each"), transfer=True,
             slips={4: "That is the four-of-a-kind rule (four tens, four jacks, ...). Here each rank can be any of "
                       "four suits.",
                    16: "That is 4 + 4 + 4 + 4. The choices multiply: the 10 can be any of 4 and for each of those "
                        "the jack any of 4, ...",
                    24: "That is the number of orders of four cards; a removal has no order. Count suit choices.",
                    1: "Count the suits: there are four tens to choose from, four jacks, ..."},
             hint="Choose the suit of the 10, then of the jack, then of the queen, then of the king.",
             solution=lambda: ("The 10 can be any of 4 suits, and for each of those the jack any of 4, the queen "
                               f"any of 4, the king any of 4: 4 × 4 × 4 × 4 = **{face_sets('one-each')}** "
                               "(under the four-of-a-kind rule there are only 4).")),
    Why("05.w2", "On every deal the thoughtful solver does at least as well as any other player. Why is it not a "
        "strategy you could use when you play, and what does its win rate tell us?",
        model=("It knows the order of the stock, which a real player cannot see. So its win rate is not what a "
               "player can reach; it is how many deals can be won at all. It is an upper limit: no strategy, "
               "however clever, wins a deal the solver proves lost."),
        points=["It sees the stock order: a player does not.",
                "Its win rate = the share of deals that can be won at all.",
                "So it is an upper limit for every real strategy, not a rival."]),
]
