"""Lesson 00's questions: a first taste of the Game of 15 (answers computed by the kit).

>>> [t.key for t in TASKS]
['00.p1', '00.p2', '00.q1', '00.w1']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import WINNING_TRIPLES, Round, evaluate, fifteen_in, line_of
from fifteen_kit.svg import HTML, magic_grid, round_board, side_by_side

from .core import Task
from .records import load

__all__ = ["FIRST_POSITION", "GAMES", "NAMED", "PUZZLE_POSITION", "TASKS", "blocking_digits", "first_win",
           "game_reveal", "position_picture", "threatened_line", "winner"]

#: The first-taste position: Onyx holds 2 and 5, Ivory holds 1 and 3, Onyx to draft.
FIRST_POSITION = "25/13 O"
#: The try-it position: Onyx holds 2 and 9, Ivory holds 5, Ivory to draft.
PUZZLE_POSITION = "29/5 I"
#: The choices of the "what game is this?" prediction.
GAMES = ("tic-tac-toe (noughts and crosses)", "sudoku", "chess", "dominoes")
_OUTCOMES = {"win": "Onyx wins", "loss": "Ivory wins", "draw": "nobody: a draw"}


def winner(position: str = FIRST_POSITION) -> str:
    """Who wins ``position`` with perfect play, in the words of the prediction's choices.

    >>> winner()
    'Onyx wins'
    """
    p = Round.parse(position)
    outcome: str = evaluate(p).outcome
    if p.to_move.value == "I":  # the evaluation is for the side to move
        outcome = {"win": "loss", "loss": "win", "draw": "draw"}[outcome]
    return _OUTCOMES[outcome]


def first_win() -> HTML:
    """The first-taste position after Onyx's best draft, on the pool and on the magic square.

    >>> 'Onyx drafts 8' in first_win()
    True
    """
    p = Round.parse(FIRST_POSITION)
    best = evaluate(p).best_moves[0]
    done = p.play(best)
    onyx = sorted(done.onyx)
    return HTML(f'<p style="font-size:16px">Onyx drafts {best}: {" + ".join(map(str, onyx))} = 15, and Onyx '
                "wins at once.</p>"
                + side_by_side(round_board(done, size=40), magic_grid(done, size=48),
                               captions=("Onyx drafts and wins", "three in a row")))


def game_reveal() -> HTML:
    """Why the grid is tic-tac-toe, in words.

    >>> 'tic-tac-toe' in game_reveal()
    True
    """
    return HTML('<p style="font-size:16px">It is <b>tic-tac-toe</b>. Drafting a digit is putting your mark in its '
                "cell, and three digits that make 15 are always three cells in a row, a column or a diagonal. "
                "Lesson 01 proves it.</p>")


def blocking_digits(position: str = PUZZLE_POSITION) -> frozenset[int]:
    """The digits the side to move can draft so that the opponent cannot win at once.

    >>> sorted(blocking_digits())
    [4]
    """
    p = Round.parse(position)
    return frozenset(d for d in p.pool
                     if not any(p.play(d).play(e).result is not None for e in p.play(d).pool))


def threatened_line(position: str = PUZZLE_POSITION) -> frozenset[int]:
    """The digits of the line that the side not to move can complete on its next draft (its two digits and the
    missing one).  Raises InvalidArgumentError unless there is exactly one such line.

    >>> sorted(threatened_line())
    [2, 4, 9]
    """
    p = Round.parse(position)
    threat = p.onyx if p.to_move.value == "I" else p.ivory
    lines = {fifteen_in(set(threat) | {d}) for d in blocking_digits(position)}
    if len(lines) != 1 or None in lines:
        raise InvalidArgumentError("this position has no single threatened line", input=position)
    return frozenset(lines.pop() or ())


def _threatened_line_by_listing(position: str = PUZZLE_POSITION) -> frozenset[int]:
    # the winning triple holding both of Onyx's digits, read off the list of triples (not from the blocks)
    onyx = set(Round.parse(position).onyx)
    (line,) = [t for t in WINNING_TRIPLES if onyx <= set(t)]
    return frozenset(line)


def _onyx(index: int) -> int:
    return sorted(Round.parse(PUZZLE_POSITION).onyx)[index]


def position_picture(name: str) -> HTML:
    """The lesson's position ``name`` (``"first"``: the first taste, ``"puzzle"``: the try-it position) for paper:
    the pool and both racks (drawn in outline, to print light) beside the same position on the magic square.

    Raises InvalidArgumentError for another name.

    >>> 'figure' in position_picture("puzzle")
    True
    """
    from fifteen_kit import _check

    position = Round.parse({"first": FIRST_POSITION, "puzzle": PUZZLE_POSITION}[
        _check.choice(name, ("first", "puzzle"), "the pictured position")])
    return side_by_side(round_board(position, size=40, paper=True), magic_grid(position, size=48),
                        captions=("the pool and the racks", "the same position on a grid"))


#: The values the record file (lesson00.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    "games": lambda: GAMES,
    "the_game": lambda: GAMES[0],
    "game_reveal": game_reveal,
    "outcomes": lambda: tuple(_OUTCOMES.values()),
    "winner": winner,
    "first_win": first_win,
    "position_picture": position_picture,
    "threatened_line": threatened_line,
    "threatened_line_by_listing": _threatened_line_by_listing,
    "onyx_a": lambda: _onyx(0),
    "onyx_b": lambda: _onyx(1),
    "onyx_sum": lambda: sum(Round.parse(PUZZLE_POSITION).onyx),
    "block": lambda: min(blocking_digits()),
    "line": threatened_line,
    "line_name": lambda: line_of(threatened_line()).name,
    "triples": lambda: len(WINNING_TRIPLES),
}

TASKS: list[Task] = load("00", NAMED)
