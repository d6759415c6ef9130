"""Game-tree statistics of the Game of 15 (the same tree as tic-tac-toe).

Positions here are absolute: ``(first player's digits, second player's digits)``
as 9-bit masks, the first player to move when both racks are the same size.
A *game* is a complete sequence of drafts from the empty pool to a win or a
draw.  The figures match the published tic-tac-toe ones, as the magic-square
isomorphism says they must:

>>> s = tree_statistics()
>>> s.games, s.first_player_wins, s.second_player_wins, s.draws
(255168, 131184, 77904, 46080)
>>> s.positions, s.positions_up_to_symmetry, s.terminal_positions
(5478, 765, 958)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal

from .. import _check
from ..errors import InvalidArgumentError
from .square import _BITS, _FULL, _HAS_FIFTEEN, SYMMETRIES

__all__ = ["Ending", "TreeStatistics", "canonical", "count_games", "games_by_length", "positions_by_drafts",
           "reachable_positions", "tree_statistics"]

#: How a complete game ends: the first player wins, the second player wins, or a draw.
Ending = Literal["first", "second", "draw"]


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _ending(first: int, second: int) -> Ending | None:
    # How the game has ended at this position, or None while it goes on.
    if _HAS_FIFTEEN[first]:
        return "first"
    if _HAS_FIFTEEN[second]:
        return "second"
    if (first | second) == _FULL:
        return "draw"
    return None


def _terminal(first: int, second: int) -> bool:
    return _ending(first, second) is not None


def _children(first: int, second: int) -> Iterator[tuple[int, int]]:
    free = _FULL & ~(first | second)
    first_to_move = _popcount(first) == _popcount(second)
    for bit in _BITS:
        if free & bit:
            yield (first | bit, second) if first_to_move else (first, second | bit)


def reachable_positions() -> frozenset[tuple[int, int]]:
    """Every position reachable from the empty pool, terminal ones included, as mask pairs.

    >>> len(reachable_positions())
    5478
    """
    seen = {(0, 0)}
    stack = [(0, 0)]
    while stack:
        pos = stack.pop()
        if _terminal(*pos):
            continue
        for child in _children(*pos):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return frozenset(seen)


def positions_by_drafts() -> dict[int, int]:
    """How many different positions can be reached after exactly n drafts, for n = 0..9.

    A position is what is on the table: which digits each player holds (the player to move follows from
    that).  Different orders of drafting can reach the same position: after three drafts there are
    9 x 8 x 7 = 504 orders but only 252 positions (which pair Onyx holds, then which digit Ivory holds).
    The counts add up to the 5,478 reachable positions.

    >>> by_drafts = positions_by_drafts()
    >>> by_drafts[3], sum(by_drafts.values())
    (252, 5478)
    """
    out = dict.fromkeys(range(10), 0)
    for first, second in reachable_positions():
        out[_popcount(first | second)] += 1
    return out


def _check_position(position: object) -> tuple[int, int]:
    what = "a position is a pair of disjoint 9-bit digit masks"
    if not isinstance(position, tuple) or len(position) != 2:
        raise InvalidArgumentError(what, input=position)
    try:
        first, second = (_check.whole(m, 0, _FULL, "a digit mask") for m in position)
    except InvalidArgumentError:
        raise InvalidArgumentError(what, input=position) from None
    if first & second:
        raise InvalidArgumentError(what, input=position)
    return first, second


def canonical(position: tuple[int, int]) -> tuple[int, int]:
    """The smallest image of a position under the 8 symmetries of the square.

    Two positions are the same up to symmetry exactly when their canonical forms agree.

    >>> canonical((1 << 1, 0)) == canonical((1 << 7, 0))   # corner 2 ~ corner 8
    True
    """
    first, second = _check_position(position)
    return min((s.apply_mask(first), s.apply_mask(second)) for s in SYMMETRIES)


def count_games(first: int = 0, second: int = 0) -> tuple[int, int, int]:
    """Number of complete games from a position: ``(first-player wins, second-player wins, draws)``.

    ``first`` and ``second`` are the two players' digit masks (see
    :func:`~fifteen_kit.game_of_15.square.mask_of`).  Raises InvalidArgumentError
    for masks that are not disjoint 9-bit numbers.

    >>> sum(count_games())
    255168
    """
    return _count_games(*_check_position((first, second)))


_ONE_GAME: dict[Ending, tuple[int, int, int]] = {"first": (1, 0, 0), "second": (0, 1, 0), "draw": (0, 0, 1)}


@cache
def _count_games(first: int, second: int) -> tuple[int, int, int]:
    ending = _ending(first, second)
    if ending is not None:
        return _ONE_GAME[ending]
    a = b = c = 0
    for child in _children(first, second):
        x, y, z = _count_games(*child)
        a += x
        b += y
        c += z
    return (a, b, c)


@dataclass(frozen=True)
class TreeStatistics:
    """The size of the game tree (see :func:`tree_statistics`).

    Attributes are counts: ``games`` (complete draft sequences) split into
    ``first_player_wins``, ``second_player_wins`` and ``draws``; ``positions``
    reachable (terminal included), ``positions_up_to_symmetry``,
    ``terminal_positions``, and ``games_by_length`` (plies -> games).
    """

    games: int
    first_player_wins: int
    second_player_wins: int
    draws: int
    positions: int
    positions_up_to_symmetry: int
    terminal_positions: int
    games_by_length: dict[int, int]


def games_by_length(first: int = 0, second: int = 0) -> dict[Ending, dict[int, int]]:
    """Complete games from a position, by how they end and after how many drafts (plies in all).

    Returns ``{'first': {plies: games}, 'second': {...}, 'draw': {...}}`` (keys: :data:`Ending`) where
    ``'first'`` counts wins of the first player.  From the empty pool the first
    player can only win on drafts 5, 7 and 9, the second on 6 and 8, and every
    draw is 9 drafts long.

    Raises InvalidArgumentError for masks that are not a position.

    >>> g = games_by_length()
    >>> g['first'], g['second'], g['draw']
    ({5: 1440, 7: 47952, 9: 81792}, {6: 5328, 8: 72576}, {9: 46080})
    """
    first, second = _check_position((first, second))
    start = _popcount(first) + _popcount(second)
    out: dict[Ending, dict[int, int]] = {"first": {}, "second": {}, "draw": {}}
    for (kind, plies), n in _ends(first, second).items():
        out[kind][start + plies] = out[kind].get(start + plies, 0) + n
    return {k: dict(sorted(v.items())) for k, v in out.items()}


@cache
def _ends(first: int, second: int) -> dict[tuple[Ending, int], int]:
    # (ending, plies from here) -> number of games
    ending = _ending(first, second)
    if ending is not None:
        return {(ending, 0): 1}
    total: dict[tuple[Ending, int], int] = {}
    for child in _children(first, second):
        for (kind, plies), n in _ends(*child).items():
            total[kind, plies + 1] = total.get((kind, plies + 1), 0) + n
    return total


def tree_statistics() -> TreeStatistics:
    """Count the whole game tree: games, wins for each side, draws and positions.

    Takes a fraction of a second.

    >>> tree_statistics().games_by_length[5]
    1440
    """
    positions = reachable_positions()
    wins1, wins2, draws = count_games()
    by_end = games_by_length()
    return TreeStatistics(
        games=wins1 + wins2 + draws,
        first_player_wins=wins1,
        second_player_wins=wins2,
        draws=draws,
        positions=len(positions),
        positions_up_to_symmetry=len({canonical(p) for p in positions}),
        terminal_positions=sum(1 for p in positions if _terminal(*p)),
        games_by_length={
            plies: sum(g.get(plies, 0) for g in by_end.values()) for plies in sorted(set().union(*by_end.values()))
        },
    )
