"""Lesson 00's questions: a first taste of the Game of 15 (answers computed by the kit).

>>> [t.key for t in TASKS]
['00.p1', '00.p2', '00.q1', '00.w1']
"""

from __future__ import annotations

from typing import Any

from fifteen_kit.answers import Choice, DigitSet
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import WINNING_TRIPLES, Round, evaluate, fifteen_in, line_of
from fifteen_kit.svg import HTML, magic_grid, round_board, side_by_side

from .core import Exercise, Predict, Why

__all__ = ["FIRST_POSITION", "GAMES", "PUZZLE_POSITION", "TASKS", "blocking_digits", "first_win", "game_reveal",
           "threatened_line", "winner"]

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


def _block_solution() -> str:
    p = Round.parse(PUZZLE_POSITION)
    a, b = sorted(p.onyx)
    (need,) = blocking_digits()
    line = ", ".join(map(str, sorted(threatened_line())))
    name = line_of(threatened_line()).name
    return (f"1. Onyx holds {a} and {b}: {a} + {b} = {a + b}. One more digit, {need}, would make "
            f"{a} + {b} + {need} = 15, so the line is {line}.\n"
            f"2. {need} is still in the pool, so Onyx would draft it next turn and win.\n"
            f"3. Ivory must draft {need} now. On the magic square, {a} and {b} are two cells of the {name} and "
            f"{need} is its empty cell: Ivory blocks the {name}.")


TASKS: list[Any] = [
    Predict("00.p1", "Look at the grid on the right. Which game is it?", Choice(GAMES),
            truth=lambda: GAMES[0], reveal=game_reveal),
    Predict("00.p2", "Onyx drafts next. Who wins from here if both play as well as possible?",
            Choice(tuple(_OUTCOMES.values())), truth=winner, reveal=first_win),
    Exercise("00.q1", "Onyx is one digit away from a line of the magic square. Which three digits make that line? "
             "(Then think: which digit must Ivory draft now?)", DigitSet(), answer=threatened_line, transfer=True,
             slips={frozenset({2, 5, 8}): "That diagonal has Ivory's 5 on it: Onyx can never complete it.",
                    frozenset({1, 5, 9}): "That line has Ivory's 5 on it: Onyx can never complete it.",
                    frozenset({2, 6, 7}): "Onyx holds only one of those digits. Find the line with two of Onyx's.",
                    frozenset(blocking_digits()): "That is the digit Ivory must take! The question asks for the "
                                                  "whole line: all three digits."},
             hint="Onyx holds 2 and 9. Find both on the grid: which line goes through both cells?",
             solution=_block_solution),
    Why("00.w1", "The Game of 15 and tic-tac-toe are the same game, yet most people find the Game of 15 harder. "
        "Why?",
        model=lambda: "In tic-tac-toe you can see the lines: a threat is two marks in a row. In the Game of 15 you "
                      "have to do sums in your head and remember which "
                      f"{len(WINNING_TRIPLES)} sets of three digits make 15, for both players at once. "
                      "The magic square turns that arithmetic into a picture.",
        points=["tic-tac-toe shows the lines; the Game of 15 hides them in sums",
                "you must keep all the sets that make 15 in your head, for both players",
                "the magic square turns the sums into lines you can see"]),
]
