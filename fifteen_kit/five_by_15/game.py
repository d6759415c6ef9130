"""A game of 5x15: the positions seen so far, undo, and the engine's verdict (won, stuck, loop).

*Stuck in a loop* is decided by the engine: the game is lost when no move is
possible (``'stuck'``), or when every legal move leads back to a position already
seen in this game (``'loop'``).

>>> g = Game(Position.deal(seed=1))
>>> g.status
'playing'
>>> g.play(g.position.legal_moves()[0]); len(g.history)
2
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from ..errors import GameOverError, IllegalMoveError, InvalidArgumentError
from .rules import Move, Position, move_text, parse_move

__all__ = ["ENDING_REASONS", "Ending", "Game", "GameStatus"]

#: How a game of 5x15 ends: won, or lost ``'stuck'`` (no legal move) or in a ``'loop'``.
Ending: TypeAlias = Literal["won", "stuck", "loop"]
#: A game's status: one of the endings, or ``'playing'``.
GameStatus: TypeAlias = Literal["playing", "won", "stuck", "loop"]
#: What each lost ending means, in the rulebook's terms.
ENDING_REASONS: dict[Ending, str] = {
    "stuck": "no tile fits any gap and no run can shift",
    "loop": "every possible move leads back to a position you have already had",
}


class Game:
    """A mutable game around immutable positions; remembers every position seen.

    Raises InvalidArgumentError unless started from a :class:`Position`.
    """

    def __init__(self, position: Position) -> None:
        if not isinstance(position, Position):
            raise InvalidArgumentError("a game starts from a 5x15 Position", input=position)
        self.history: list[Position] = [position]
        self.moves: list[Move] = []
        self._seen: dict[bytes, int] = {position.packed: 1}  # packed position -> times in the history

    @property
    def position(self) -> Position:
        """The current position."""
        return self.history[-1]

    def fresh_moves(self) -> tuple[Move, ...]:
        """Legal moves that lead to a position not seen before in this game."""
        return tuple(m for m, after in self.position.packed_after().items() if after not in self._seen)

    @property
    def status(self) -> GameStatus:
        """``'won'``, ``'stuck'`` (no legal move), ``'loop'`` (every move returns to a seen position), or ``'playing'``.

        A status of ``'stuck'`` or ``'loop'`` means the game is lost.
        """
        p = self.position
        if p.is_won:
            return "won"
        if not p.legal_moves():
            return "stuck"
        if not self.fresh_moves():
            return "loop"
        return "playing"

    def play(self, move: Move | str) -> None:
        """Make ``move``. Raises GameOverError once the game has ended, IllegalMoveError for an illegal move."""
        status = self.status
        if status != "playing":
            raise GameOverError(f"the game is over ({status})", input=move_text(move),
                                position=self.position.notation())
        try:
            new = self.position.play(move)
        except IllegalMoveError as err:
            raise IllegalMoveError(err.message, input=move_text(move), position=self.position.notation()) from None
        self.history.append(new)
        self.moves.append(parse_move(move) if isinstance(move, str) else move)
        self._seen[new.packed] = self._seen.get(new.packed, 0) + 1

    def undo(self) -> None:
        """Take back the last move. Raises IllegalMoveError when there is none."""
        if len(self.history) == 1:
            raise IllegalMoveError("there is nothing to undo", input=None, position=self.position.notation())
        gone = self.history.pop()
        self.moves.pop()
        self._seen[gone.packed] -= 1
        if not self._seen[gone.packed]:
            del self._seen[gone.packed]
