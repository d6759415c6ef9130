"""Lesson 07 (your own computer player): the lesson's example players, the values its questions name, and the
tables its predictions reveal.

The words of its predictions, exercises and why questions are in lesson07.toml; ``NAMED`` holds every number
they show, each answer and a second computation of it.  Every number comes from the kit: the dice series from
:func:`fifteen_kit.series.try_player` on the lesson's seeded games (the same boards and dice for every player),
the paired comparison from :func:`fifteen_kit.series.sign_test`, the games against the perfect Game of 15 player
from its solver (:func:`fifteen_kit.game_of_15.solver.evaluate`), the chances from
:func:`fifteen_kit.pupil_players.chance_of_bust`.

The example players are written here as the notebook shows them, with type hints added (tests/test_lesson07.py
compares their bodies), so the numbers are about the code the pupils read.

>>> [task.key for task in TASKS][:2]
['07.p1', '07.q1']
>>> perfect_record()["second"].lost
0
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from fifteen_kit.fifteens.rules import Position, Removal
from fifteen_kit.nasty15.rules import Turn
from fifteen_kit.pupil_players import (
    as_player,
    chance_of_bust,
    points_if_stop,
    removals,
    removals_left_after,
    valid_dice,
)
from fifteen_kit.series import Series, _p_text, _split, play_game, sign_test, try_player

from .core import Task
from .records import load

__all__ = ["DICE_GAMES", "DICE_SEED", "FIFTEENS_GAMES", "FIFTEENS_SEED", "GAMES_NEEDED", "NAMED", "TASKS",
           "Paired", "Record", "careful", "dice_series", "fewest_cards", "fifteens_series", "games_needed",
           "most_left", "paired", "perfect_record", "stop_at_10"]

#: The lesson's dice series: how many games (turns), and the seed that fixes their boards and dice.
DICE_GAMES = 200
DICE_SEED = 7
#: The lesson's Fifteens series: how many deals, and the seed that fixes them.
FIFTEENS_GAMES = 40
FIFTEENS_SEED = 7
#: The series lengths the "how many games?" question offers.
GAMES_NEEDED = (50, 100, 200, 1000)


# -- the example players, as the notebook writes them ------------------------------------------------------------
def stop_at_10(turn: Turn) -> str:
    """The lesson's first dice player: place every valid die; stop once stopping scores 10 points or more.

    >>> from fifteen_kit.nasty15 import Turn
    >>> stop_at_10(Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)))
    'place B K R'
    >>> stop_at_10(Turn.parse('433221 4...21 465621 D'))
    'roll'
    """
    if valid_dice(turn):
        return "place " + " ".join(valid_dice(turn))
    if points_if_stop(turn) >= 10:
        return "stop"
    return "roll"


def careful(turn: Turn) -> str:
    """The lesson's look-ahead dice player: place every valid die; stop when the next roll would more likely
    bust than not (and something is placed).

    >>> from fifteen_kit.nasty15 import Turn
    >>> careful(Turn.parse('433221 4...21 465621 D'))
    'roll'
    """
    if valid_dice(turn):
        return "place " + " ".join(valid_dice(turn))
    if points_if_stop(turn) > 0 and chance_of_bust(turn) > 0.5:
        return "stop"
    return "roll"


def fewest_cards(position: Position) -> Removal:
    """The lesson's first Fifteens player: the first removal listed (one with the fewest cards).

    >>> from fifteen_kit.fifteens import Position
    >>> fewest_cards(Position.deal(seed=1))
    (6, 15)
    """
    return removals(position)[0]


def most_left(position: Position) -> Removal | None:
    """The lesson's look-ahead Fifteens player: the removal that leaves the most ways to make 15 on the table.

    >>> from fifteen_kit.fifteens import Position
    >>> most_left(Position.deal(seed=1)) in removals(Position.deal(seed=1))
    True
    """
    best, most = None, -1
    for removal in removals(position):
        left = removals_left_after(position, removal)
        if left > most:
            best, most = removal, left
    return best


# -- the lesson's measurements -----------------------------------------------------------------------------------
@functools.cache
def dice_series() -> Series:
    """``stop_at_10`` and the kit's dice players on the lesson's 200 seeded turns (seed 7).

    >>> [row.name for row in dice_series().rows]
    ['stop_at_10', 'cautious', 'greedy', 'optimal', 'optimal (exact)']
    """
    return try_player(stop_at_10, game="dice", games=DICE_GAMES, seed=DICE_SEED)


@functools.cache
def _scores(name: str, games: int) -> tuple[int, ...]:
    player = as_player({"stop_at_10": stop_at_10, "careful": careful}[name], "dice")
    return tuple(play_game(player, "dice", DICE_SEED, i).score for i in range(games))


@dataclass(frozen=True)
class Paired:
    """Two players compared game by game on the same games.

    Attributes:
        games: how many games; first_mean, second_mean: points per turn; first_better, second_better, equal:
        in how many games each scored more (or both the same); p: the two-sided sign test's p-value (0 to 1);
        real: p below 0.05.
    """

    games: int
    first_mean: float
    second_mean: float
    first_better: int
    second_better: int
    equal: int
    p: float
    real: bool


def paired(games: int = DICE_GAMES) -> Paired:
    """``stop_at_10`` against ``careful`` on the first ``games`` of the lesson's turns (1 to 1,000).

    >>> result = paired(50)
    >>> result.first_better + result.second_better + result.equal
    50
    """
    a, b = _scores("stop_at_10", max(GAMES_NEEDED))[:games], _scores("careful", max(GAMES_NEEDED))[:games]
    up, down = _split(a, b)
    p = sign_test(up, down)
    return Paired(games, sum(a) / games, sum(b) / games, up, down, games - up - down, p, p < 0.05)


def games_needed() -> int:
    """The fewest games among :data:`GAMES_NEEDED` after which the difference between ``stop_at_10`` and
    ``careful`` is real (sign test p < 0.05) and stays real for the longer series offered.

    >>> games_needed() in GAMES_NEEDED
    True
    """
    real = [paired(n).real for n in GAMES_NEEDED]
    for i, n in enumerate(GAMES_NEEDED):
        if all(real[i:]):
            return n
    return GAMES_NEEDED[-1]


@functools.cache
def fifteens_series(name: str) -> Series:
    """One of the lesson's Fifteens players (``'fewest_cards'`` or ``'most_left'``) and the kit's ``options``
    player on the same 40 deals (seed 7).

    >>> [row.name for row in fifteens_series("fewest_cards").rows]
    ['fewest_cards', 'options']
    """
    player = {"fewest_cards": fewest_cards, "most_left": most_left}[name]
    return try_player(player, game="fifteens", against=["options"], games=FIFTEENS_GAMES, seed=FIFTEENS_SEED)


@dataclass(frozen=True)
class Record:
    """Every game an opponent can play against the perfect Game of 15 player, and how they end for the perfect
    player: ``games`` in all, ``won``, ``drawn`` and ``lost``."""

    games: int
    won: int
    drawn: int
    lost: int


@functools.cache
def perfect_record() -> dict[str, Record]:
    """The perfect player against every possible opponent: the opponent tries every legal move at every turn,
    the perfect player each of its best moves; by whether the perfect player drafts ``'first'`` or ``'second'``.

    >>> record = perfect_record()["first"]
    >>> record.won + record.drawn + record.lost == record.games
    True
    """
    from fifteen_kit.game_of_15.rules import Round
    from fifteen_kit.game_of_15.solver import evaluate

    @functools.cache
    def ends(notation: str, perfect: str) -> tuple[int, int, int]:
        position = Round.parse(notation)
        if position.is_over:
            winner = position.winner
            return (0, 1, 0) if winner is None else (1, 0, 0) if winner.value == perfect else (0, 0, 1)
        to_move = notation.split()[1]
        moves = evaluate(position).best_moves if to_move == perfect else position.legal_moves()
        counts = [ends(position.play(move).notation(), perfect) for move in moves]
        return (sum(c[0] for c in counts), sum(c[1] for c in counts), sum(c[2] for c in counts))

    start = Round.start("O").notation()
    out = {}
    for seat, perfect in (("first", "O"), ("second", "I")):
        won, drawn, lost = ends(start, perfect)
        out[seat] = Record(won + drawn + lost, won, drawn, lost)
    return out


# -- reveals -----------------------------------------------------------------------------------------------------
def _md(text: str) -> Any:
    from IPython.display import Markdown

    return Markdown(text)


def _row(series: Series, name: str) -> Any:
    return next(row for row in series.rows if row.name == name)


def _gap() -> float:
    return round(_row(dice_series(), "optimal (exact)").mean - _row(dice_series(), "stop_at_10").mean, 1)


def _series_reveal() -> Any:
    from IPython.display import display

    display(dice_series())
    mine, exact = _row(dice_series(), "stop_at_10"), _row(dice_series(), "optimal (exact)")
    played = _row(dice_series(), "optimal")
    return _md(f"On the same {DICE_GAMES} turns, `stop_at_10` scored **{mine.mean:.2f}** points per turn. Two rows "
               f"show the optimal policy: *optimal* is what it scored on these {DICE_GAMES} turns "
               f"({played.mean:.2f}: its dice were a little lucky), *optimal (exact)* is what it scores on average "
               f"on these boards, worked out exactly by the kit: **{exact.mean:.2f}**. Against that exact value the "
               f"simple rule falls short by about **{_gap()} points per turn**. Over a game of ten goal boards that "
               f"is about {10 * _gap():.0f} points.")


def _paired_table(rows: list[Paired]) -> str:
    lines = ["Points per turn, and the turns where each player scored more:", "",
             "| games | stop_at_10 | careful | stop_at_10 more | careful more | same | p | real? |",
             "|---:|---:|---:|---:|---:|---:|---:|---|"]
    lines += [f"| {r.games:,} | {r.first_mean:.2f} | {r.second_mean:.2f} | {r.first_better} | {r.second_better} | "
              f"{r.equal} | {_p_text(r.p)} | {'yes' if r.real else 'not yet'} |" for r in rows]
    return "\n".join(lines)


def _better() -> str:
    result = paired()
    if result.first_mean == result.second_mean:
        return "the same"
    return "stop_at_10" if result.first_mean > result.second_mean else "careful"


def _better_reveal() -> Any:
    result = paired()
    lines = ["| player | points per turn | turns where it scored more |", "|---|---:|---:|",
             f"| stop_at_10 | {result.first_mean:.2f} | {result.first_better} |",
             f"| careful | {result.second_mean:.2f} | {result.second_better} |"]
    text = "\n".join(lines) + "\n\n"
    text += (f"Most turns end the same for both players ({result.equal} of {result.games}): the same dice, and "
             f"both rules decide alike. Only the turns where they differ tell them apart. Is a difference of "
             f"{abs(round(result.second_mean, 2) - round(result.first_mean, 2)):.2f} points per turn real, or luck "
             "of the dice? Read on.")
    return _md(text)


def _needed_reveal() -> Any:
    return _md(_paired_table([paired(n) for n in GAMES_NEEDED]) + "\n\nWith few games, luck decides; as the games "
               "add up, a small but steady difference becomes clear.")


def _perfect_verdict() -> str:
    return "no: the best anyone can do is a draw" if all(r.lost == 0 for r in perfect_record().values()) else \
        "yes, a clever player can"


def _perfect_reveal() -> Any:
    lines = ["| the perfect player drafts | games an opponent can play | perfect player won | drawn | lost |",
             "|---|---:|---:|---:|---:|"]
    lines += [f"| {seat} | {r.games:,} | {r.won:,} | {r.drawn:,} | **{r.lost}** |"
              for seat, r in perfect_record().items()]
    return _md("\n".join(lines) + "\n\nThe kit tried **every** way an opponent can play: at every turn every digit "
               "still in the pool. Whatever the opponent does, the perfect player never loses.")


def _fifteens_split() -> tuple[int, int]:
    # on the lesson's deals: won by fewest_cards and lost by most_left, and the other way round
    first = fifteens_series("fewest_cards").records["fewest_cards"]
    second = fifteens_series("most_left").records["most_left"]
    return _split((r.score for r in first), (r.score for r in second))


def _fifteens_better() -> str:
    up, down = _fifteens_split()
    if sign_test(up, down) >= 0.05:
        return "cannot tell from these deals"
    return "fewest_cards" if up > down else "most_left"


def _fifteens_reveal() -> Any:
    a, b = fifteens_series("fewest_cards"), fifteens_series("most_left")
    up, down = _fifteens_split()
    table = ["| player | deals | won | 95% interval |", "|---|---:|---:|---|"]
    for row in (_row(a, "fewest_cards"), _row(b, "most_left"), _row(a, "options")):
        table.append(f"| {row.name} | {row.games} | {round(row.mean * row.games)} | {row.low:.0%} to "
                     f"{row.high:.0%} |")
    def deals(n: int) -> str:
        return f"{n} deal" if n == 1 else f"{n} deals"

    return _md("\n".join(table) + f"\n\n*options* is the kit's best player of lesson 05, for comparison. On the "
               f"same {FIFTEENS_GAMES} deals: `fewest_cards` won {deals(up)} that `most_left` lost, and `most_left` "
               f"won {deals(down)} that `fewest_cards` lost; the sign test's p-value is "
               f"{_p_text(sign_test(up, down))}.")


# -- exercises: the answers computed a second way -------------------------------------------------------------
_BUST_TARGETS = {"Y": 3, "K": 3, "W": 2}


def _bust_turn() -> Any:
    from fifteen_kit.nasty15 import Turn

    return Turn.parse("433221 4...21 465621 D")


def _bust_by_product() -> Fraction:
    # each die left is too high with chance (6 - target)/6; all of them at once: multiply
    out = Fraction(1)
    for target in _BUST_TARGETS.values():
        out *= Fraction(6 - target, 6)
    return out


def _bust_by_counting() -> Fraction:
    # count the rolls of the three dice left in which every die is too high
    from itertools import product

    targets = list(_BUST_TARGETS.values())
    rolls = list(product(range(1, 7), repeat=len(targets)))
    return Fraction(sum(all(p > t for p, t in zip(roll, targets, strict=True)) for roll in rolls), len(rolls))


_ENTRIES = 8


def _comparisons_by_listing() -> int:
    return len(list(combinations(range(_ENTRIES), 2)))


#: The values the record file (lesson07.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    "dice_games": lambda: DICE_GAMES,
    "fifteens_games": lambda: FIFTEENS_GAMES,
    # 07.p1
    "gap": _gap,
    "series_reveal": _series_reveal,
    # 07.p2
    "dice_pair_choices": lambda: ["stop_at_10", "careful", "the same"],
    "better": _better,
    "better_reveal": _better_reveal,
    # 07.p3
    "needed_choices": lambda: [f"{n:,} games" for n in GAMES_NEEDED],
    "needed": lambda: f"{games_needed():,} games",
    "needed_reveal": _needed_reveal,
    # 07.p4
    "perfect_choices": lambda: ["yes, a clever player can", "only with luck", "no: the best anyone can do is a draw"],
    "perfect_verdict": _perfect_verdict,
    "perfect_reveal": _perfect_reveal,
    "perfect_first_games": lambda: f"{perfect_record()['first'].games:,}",
    "perfect_second_games": lambda: f"{perfect_record()['second'].games:,}",
    # 07.p5
    "fifteens_choices": lambda: ["fewest_cards", "most_left", "cannot tell from these deals"],
    "fifteens_better": _fifteens_better,
    "fifteens_reveal": _fifteens_reveal,
    # 07.q2
    "bust_chance": lambda: Fraction(chance_of_bust(_bust_turn())).limit_denominator(1000),
    "bust_by_counting": _bust_by_counting,
    "bust_by_product": _bust_by_product,
    "bust_one_die": lambda: Fraction(1, 2),
    "bust_valid_instead": lambda: 1 - _bust_by_product(),
    "bust_added": lambda: sum(Fraction(6 - t, 6) for t in _BUST_TARGETS.values()),
    # 07.q3
    "entries": lambda: _ENTRIES,
    "comparisons": lambda: comb(_ENTRIES, 2),
    "comparisons_by_listing": _comparisons_by_listing,
    "comparisons_ordered": lambda: _ENTRIES * (_ENTRIES - 1),
    "comparisons_squared": lambda: _ENTRIES * _ENTRIES,
}

TASKS: list[Task] = load("07", NAMED)
