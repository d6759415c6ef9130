"""The engine contract: one vocabulary that all four games speak (see ``docs/engine.md``).

A game of the kit is a subpackage of :mod:`fifteen_kit` that offers

* a **position** type satisfying :class:`Position`: ``legal_moves()``, ``explain(move)``,
  ``play(move)`` (a new position; the old one is unchanged), ``is_over``, ``notation()`` and
  ``parse(text)``;
* **computer players** satisfying :class:`Player` (a ``name`` and ``choose(position)``), listed in the
  game's registry ``PLAYERS`` (name -> factory taking a ``seed``) and built by ``make_player(name, seed)``;
* a **solver** whose answers are :class:`SolveResult` values.

Every status is a :data:`typing.Literal` type, never a bare ``str``.  This module imports only the
standard library.

>>> from fifteen_kit.contract import SolveResult
>>> SolveResult(status="won", line=(1, 2), nodes=3)
SolveResult(status='won', line=(1, 2), nodes=3, seconds=0.0, value=None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

__all__ = ["Exact", "Outcome", "Player", "PlayerFactory", "Position", "Registry", "SolveResult", "Status", "Verdict"]

MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)
PositionT = TypeVar("PositionT", bound="Position[Any]")
PositionT_contra = TypeVar("PositionT_contra", contravariant=True)

#: A two-player value for the side to move, under perfect play.
Outcome = Literal["win", "draw", "loss"]
#: A solver's verdict on a solitaire deal: ``'won'`` (the line wins), ``'lost'`` (proved: nothing wins)
#: or ``'unknown'`` (the budget ran out first).
Verdict = Literal["won", "lost", "unknown"]
#: An exact answer for a game of chance: ``value`` holds the expected score under the optimal policy.
Exact = Literal["solved"]
#: Any solver status.
Status = Literal["win", "draw", "loss", "won", "lost", "unknown", "solved"]


@runtime_checkable
class Position(Protocol[MoveT]):
    """What every game's position offers.  Positions are immutable values: ``play`` returns a new one.

    ``play`` and ``explain`` accept a move object or its text (the game's move notation).  ``play``
    raises the game's :class:`~fifteen_kit.errors.IllegalMoveError` subclass for a move the rules refuse,
    with the same message ``explain`` returns; ``explain`` returns None for a legal move.
    """

    @property
    def is_over(self) -> bool:
        """Whether the game (or round) has ended: then ``legal_moves()`` is empty."""

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every move the rules allow here, in a fixed order (empty when the game is over)."""

    def explain(self, move: object) -> str | None:
        """Why the rules refuse ``move`` (a move or its text) here, or None if it is legal."""

    def play(self: PositionT, move: MoveT | str) -> PositionT:
        """The position after ``move`` (a move or its text); raises the game's IllegalMoveError if refused."""

    def notation(self) -> str:
        """The position as text that :meth:`parse` reads back to an equal position."""

    @classmethod
    def parse(cls: type[PositionT], text: str) -> PositionT:
        """The position written as ``text`` (its :meth:`notation`); raises NotationError for bad text."""


@runtime_checkable
class Player(Protocol[PositionT_contra, MoveT_co]):
    """A computer player: a ``name`` and ``choose(position)``, which returns one of the legal moves."""

    name: str

    def choose(self, position: PositionT_contra) -> MoveT_co:
        """The player's move in ``position``: one of its legal moves."""


#: A registry entry: builds a player from a seed (``None`` for fresh randomness; seeded players repeat).
PlayerFactory = Callable[..., "Player[Any, Any]"]
Registry = Mapping[str, PlayerFactory]


@dataclass(frozen=True)
class SolveResult(Generic[MoveT]):
    """A solver's answer, the same shape in every game.

    Attributes:
        status: the verdict (:data:`Verdict` for a solitaire, :data:`Outcome` for the side to move, ``'solved'``
            for a game of chance, whose ``value`` is then the exact expected score).
        line: the best line of play from the position, replayable with ``play`` (empty if none wins).
        nodes: positions the search expanded.
        seconds: wall-clock time of the search (0.0 when not measured).
        value: the position's value in the game's own unit where the status alone does not say it
            (the expected score of the dice game); otherwise None.
    """

    status: Status
    line: tuple[MoveT, ...]
    nodes: int
    seconds: float = 0.0
    value: float | None = None
