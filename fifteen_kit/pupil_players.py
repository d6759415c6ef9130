"""Players that pupils write: an ordinary function ``my_player(position)`` that returns a move, plus a few plain
helpers, wrapped by :func:`as_player` into a computer player of the engine contract
(:class:`fifteen_kit.contract.Player`: a ``name`` and ``choose(position)``).

Two games take pupils' players:

* ``'dice'``, the "15" dice game (:mod:`fifteen_kit.nasty15`): the position is one turn
  (:class:`~fifteen_kit.nasty15.Turn`); a move is ``'roll'``, ``'stop'`` or ``'place B R'`` (the colour
  letters of the dice to place), as text or as one of ``turn.legal_moves()``.  Helpers: :func:`roll` (the dice
  just rolled), :func:`valid_dice`, :func:`targets_left`, :func:`chance_of_bust`, :func:`points_if_stop`.
* ``'fifteens'``, Fifteens patience (:mod:`fifteen_kit.fifteens`): the position is the table; a move is a
  removal, the places of the cards taken together, such as ``(6, 15)`` or its text ``'6 15'``.  Helpers:
  :func:`removals`, :func:`ranks_of`, :func:`removals_left_after`.

A pupil's function runs under a budget of steps (lines of Python run, counted with :func:`sys.settrace`, so
the limit works without threads or signals, in JupyterLite too) and of seconds.  A player that raises, returns
something that is not a legal move, or runs out of its budget is stopped with a
:class:`~fifteen_kit.errors.PlayerError` that says which of its moves, in which position, and why.  (A budget
counted in Python steps cannot stop one long C-level computation such as ``10**10**8``; the class tournament
runs handed-in players in a separate process with hard limits, :mod:`fifteen_kit.sandbox`, or in JupyterLite in
a Web Worker that is ended when it is late, :mod:`fifteen_kit.lite_sandbox`.)

>>> def my_player(turn):
...     if valid_dice(turn):
...         return "place " + " ".join(valid_dice(turn))
...     if points_if_stop(turn) >= 10 or chance_of_bust(turn) > 0.5:
...         return "stop"
...     return "roll"
>>> from fifteen_kit.nasty15 import Turn
>>> player = as_player(my_player, "dice")
>>> player.choose(Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)))
Decision.parse('place B K R')
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any, Literal

from . import _check
from .errors import FifteenKitError, InvalidArgumentError, PlayerError
from .fifteens.rules import Position, Removal, parse_removal
from .fifteens.strategies import _visible_options
from .nasty15.boards import Colour
from .nasty15.probability import p_bust
from .nasty15.rules import Decision, Turn

__all__ = [
    "GAMES",
    "HELPERS",
    "MAX_SECONDS",
    "MAX_STEPS",
    "SECONDS",
    "STEPS",
    "Game",
    "PupilPlayer",
    "as_player",
    "chance_of_bust",
    "player_namespace",
    "points_if_stop",
    "ranks_of",
    "removals",
    "removals_left_after",
    "roll",
    "run_with_budget",
    "targets_left",
    "valid_dice",
]

#: A game that takes pupils' players.
Game = Literal["dice", "fifteens"]
#: The games that take pupils' players, with the kind of position each one's player is given.
GAMES: dict[str, type] = {"dice": Turn, "fifteens": Position}
#: A pupil's move's default budget: Python steps (bytecode instructions, lines, calls and returns run; a call of
#: the kit's own code, such as ``legal_moves()``, counts as one step).  A million steps take a fraction of a second.
STEPS = 1_000_000
#: A pupil's move's default budget in seconds (checked every 256 steps).
SECONDS = 2.0
#: The largest budget a move may be given.
MAX_STEPS = 100_000_000
MAX_SECONDS = 600.0
#: The helpers a pupil's code may call without importing them: in the lesson, on the play page and in the class
#: tournament's sandbox alike (:func:`player_namespace`).
HELPERS = ("roll", "valid_dice", "targets_left", "chance_of_bust", "points_if_stop", "removals", "ranks_of",
           "removals_left_after")


_KIT = os.path.dirname(os.path.abspath(__file__)) + os.sep


class _OutOfBudget(BaseException):
    # raised inside the pupil's code by the tracer (a BaseException, so `except Exception` does not catch it)
    pass


class _Failure(Exception):
    # why a call of the pupil's function failed: the plain words for PlayerError
    def __init__(self, reason: str, shown: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.shown = shown


def _where_in(tb: TracebackType | None, filename: str) -> str:
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return f" (line {line} of the player's code)" if line is not None else ""


def run_with_budget(function: Callable[..., Any], args: tuple[Any, ...] = (), steps: int = STEPS,
                    seconds: float = SECONDS) -> Any:
    """``function(*args)`` (``args`` a tuple), stopped once it has run ``steps`` Python steps or ``seconds`` seconds.

    Steps are counted with :func:`sys.settrace` (every bytecode instruction, line, call and return of Python code
    run below ``function``; a call into the kit's own code counts as one step), so no thread or signal is
    needed.  Raises :class:`~fifteen_kit.errors.PlayerError` when the
    budget runs out or ``function`` raises (its message names the error and the line); InvalidArgumentError for
    a bad budget.  Any tracer that was set before (a debugger, coverage) is put back afterwards.

    >>> run_with_budget(sum, ([1, 2, 3],))
    6
    >>> def forever():
    ...     while True:
    ...         pass
    >>> run_with_budget(forever, steps=1000)
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.PlayerError: it ran for more than 1,000 steps: is there a loop that never ends? (input: None)
    """
    if not callable(function):
        raise InvalidArgumentError("a player is a function", input=_check.short(function))
    if type(args) is not tuple or len(args) > 16:
        raise InvalidArgumentError("the arguments are a tuple of at most 16 values", input=_check.short(args))
    steps = _check.whole(steps, 1, MAX_STEPS, "the budget of steps")
    seconds = _check.number(seconds, 0, MAX_SECONDS, "the budget of seconds", lo_open=True, unit="seconds")
    try:
        return _budgeted(function, args, steps, seconds)
    except _Failure as failure:
        raise PlayerError(failure.reason, input=failure.shown, reason=failure.reason) from None


def _budgeted(function: Callable[..., Any], args: tuple[Any, ...], steps: int, seconds: float) -> Any:
    # the call under the budget; _Failure with plain words when it fails
    count = 0
    deadline = time.monotonic() + seconds
    why = ""

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count, why
        count += 1
        if count > steps:
            why = f"it ran for more than {steps:,} steps: is there a loop that never ends?"
            raise _OutOfBudget
        if not count & 255 and time.monotonic() > deadline:
            why = f"it took more than {seconds:g} seconds"
            raise _OutOfBudget
        if event == "call":
            if frame.f_code.co_filename.startswith(_KIT):
                return None  # the kit's own code is not the pupil's: one step per call, not per instruction
            frame.f_trace_opcodes = True  # a loop on one line (`while True: pass`) has no line events
        return tracer

    code = getattr(function, "__code__", None)
    filename = code.co_filename if code is not None else ""
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        return function(*args)
    except _OutOfBudget:
        raise _Failure(why) from None
    except RecursionError:
        raise _Failure("it called itself too many times (RecursionError): does the recursion ever stop?") from None
    except MemoryError:
        raise _Failure("it asked for more memory than there is (MemoryError)") from None
    except Exception as exc:  # the pupil's own error: named in plain words, never re-raised as is
        raise _Failure(f"it raised {_describe(exc)}{_where_in(exc.__traceback__, filename)}") from None
    finally:
        sys.settrace(previous)


def _describe(exc: BaseException) -> str:
    # the error's type and, for Python's own errors only, its message (a pupil's class could run code in __str__)
    name = type(exc).__name__
    if (isinstance(exc, FifteenKitError) and type(exc).__module__ == "fifteen_kit.errors"
            and type(getattr(exc, "message", None)) is str):
        # the kit's own error (a helper given something it cannot use): its plain-words message
        return f"{name}: {_check.short(exc.message, 160)}"
    if type(exc).__module__ != "builtins":
        return name
    try:
        text = str(exc.args[0]) if len(exc.args) == 1 and isinstance(exc.args[0], (str, int, float)) else ""
    except Exception:  # pragma: no cover - builtins with odd args
        text = ""
    return f"{name}: {_check.short(text, 120)}" if text else name


# -- the dice game's helpers -----------------------------------------------------------------------------------
def _turn(turn: object) -> Turn:
    if not isinstance(turn, Turn):
        raise InvalidArgumentError("a dice player's position is a Turn of the dice game", input=_check.short(turn))
    return turn


def roll(turn: Turn) -> dict[str, int]:
    """The dice just rolled that are not placed yet: colour letter -> pips (empty before a roll and once the
    dice are placed or the turn is over).

    Colour letters: B blue, Y yellow, K black, W white, G green, R red.  Raises InvalidArgumentError for
    anything but a :class:`~fifteen_kit.nasty15.Turn`.

    >>> from fifteen_kit.nasty15 import Turn
    >>> roll(Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)))
    {'B': 2, 'Y': 5, 'K': 1, 'W': 6, 'G': 6, 'R': 1}
    """
    turn = _turn(turn)
    if turn.is_over:
        return {}
    return {c.value: pips for c, pips, placed in zip(Colour, turn.rolled, turn.placed, strict=True)
            if pips is not None and placed is None}


def valid_dice(turn: Turn) -> tuple[str, ...]:
    """The colour letters of the dice just rolled that may be placed (pips at most their target), in colour
    order; empty when there is nothing to place.  Raises InvalidArgumentError for anything but a Turn.

    >>> from fifteen_kit.nasty15 import Turn
    >>> valid_dice(Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)))
    ('B', 'K', 'R')
    """
    return tuple(c.value for c in _turn(turn).valid_colours())


def targets_left(turn: Turn) -> dict[str, int]:
    """The targets of the dice not placed yet: colour letter -> target.  Raises InvalidArgumentError for anything
    but a Turn.

    >>> from fifteen_kit.nasty15 import Turn
    >>> targets_left(Turn.parse('433221 2....1 251661 D'))
    {'Y': 3, 'K': 3, 'W': 2, 'G': 2}
    """
    turn = _turn(turn)
    return {c.value: t for c, t, placed in zip(Colour, turn.targets, turn.placed, strict=True) if placed is None}


def chance_of_bust(turn: Turn) -> float:
    """The chance (0 to 1) that rolling the dice not placed yet shows no valid die: a bust.

    It is the product of (1 - target/6) over the dice left (:func:`fifteen_kit.nasty15.p_bust`); 0.0 when every
    die is placed.  Raises InvalidArgumentError for anything but a Turn.

    >>> from fifteen_kit.nasty15 import Turn
    >>> round(chance_of_bust(Turn.parse('433221 2....1 251661 D')), 3)
    0.111
    """
    left = list(targets_left(turn).values())
    return float(p_bust(left)) if left else 0.0


def points_if_stop(turn: Turn) -> int:
    """The points stopping now would score: the placed pips, +5 for exactly five dice.  Raises
    InvalidArgumentError for anything but a Turn.

    >>> from fifteen_kit.nasty15 import Turn
    >>> points_if_stop(Turn.parse('433221 2....1 251661 D'))
    3
    """
    return _turn(turn).stop_score()


# -- Fifteens' helpers -------------------------------------------------------------------------------------------
def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise InvalidArgumentError("a Fifteens player's position is a Fifteens Position",
                                   input=_check.short(position))
    return position


@functools.lru_cache(maxsize=64)
def _legal(position: Position) -> frozenset[Removal]:
    # the legal removals of a position, found once while a player looks at each of them
    return frozenset(position.legal_moves())


def _removal(position: Position, removal: object) -> Removal:
    if (not isinstance(removal, tuple) or len(removal) > 16 or not all(type(p) is int for p in removal)
            or removal not in _legal(position)):
        raise InvalidArgumentError("a removal is one of position.legal_moves()", input=_check.short(removal),
                                   position=position.notation())
    return removal


def removals(position: Position) -> tuple[Removal, ...]:
    """Every legal removal: the places (0 to 15) of cards that make fifteen together, smaller sets first
    (the same as ``position.legal_moves()``).  Raises InvalidArgumentError for anything but a Position.

    >>> from fifteen_kit.fifteens import Position
    >>> removals(Position.deal(seed=1))[0]
    (6, 15)
    """
    return _position(position).legal_moves()


def ranks_of(position: Position, removal: Removal) -> tuple[int, ...]:
    """The ranks of the cards a removal takes (ace 1, ..., 10, jack 11, queen 12, king 13), in place order.

    Raises InvalidArgumentError unless ``removal`` is one of ``position.legal_moves()``.

    >>> from fifteen_kit.fifteens import Position
    >>> p = Position.deal(seed=1)
    >>> sum(ranks_of(p, (6, 15)))
    15
    """
    position = _position(position)
    return tuple(position.tableau[p].rank for p in _removal(position, removal))  # type: ignore[union-attr]


def removals_left_after(position: Position, removal: Removal) -> int:
    """How many kinds of removal (by rank) the cards still on the table offer once ``removal`` is made, not
    counting the new cards from the stock (nobody sees them).  More is usually better: more choice next time.

    Raises InvalidArgumentError unless ``removal`` is one of ``position.legal_moves()``.

    >>> from fifteen_kit.fifteens import Position
    >>> p = Position.deal(seed=1)
    >>> removals_left_after(p, (6, 15)) >= 0
    True
    """
    position = _position(position)
    return _visible_options(position, [_removal(position, removal)])[0]


def player_namespace(module: str = "player") -> dict[str, Any]:
    """A fresh namespace to run a pupil's code in: Python's builtins, ``__name__`` set to ``module``, and the
    :data:`HELPERS`, so a player written in the lesson (which calls ``valid_dice`` without importing it) runs the
    same in the class tournament's sandbox.  Raises InvalidArgumentError for a module name that is not 1 to 40
    characters of text.

    >>> space = player_namespace()
    >>> space["__name__"], callable(space["valid_dice"]), "os" in space
    ('player', True, False)
    """
    import builtins

    module = _check.text(module, 40, "the module's name", empty=False)
    space: dict[str, Any] = {"__name__": module, "__builtins__": builtins}
    space.update({name: globals()[name] for name in HELPERS})
    return space


# -- the wrapper -------------------------------------------------------------------------------------------------
def _shown(value: Any) -> str:
    # a pupil's returned value for a message, without running any of the pupil's code
    if type(value) in (str, int, bool, float) or value is None:
        return repr(_check.short(value, 60))
    if type(value) in (tuple, list) and len(value) <= 16 and all(type(v) is int for v in value):
        return repr(value)
    return f"a {type(value).__name__} object"


def _as_move(game: str, position: Any, value: object) -> Decision | Removal | str:
    # the legal move `value` stands for, or the reason (a str starting "it returned") it is none
    if game == "dice":
        if (type(value) is str and len(value) <= 60) or type(value) is Decision:
            problem = position.explain(value)
            if problem is None:
                return value if isinstance(value, Decision) else Decision.parse(str(value))
            return f"it returned {_shown(value)}, which the rules refuse here: {problem}"
    else:
        move: object = value
        if type(value) is str and len(value) <= 60:
            try:
                move = parse_removal(value)
            except ValueError as err:
                return f"it returned {_shown(value)}, which is not a removal: {getattr(err, 'message', err)}"
        if type(move) in (tuple, list) and len(move) <= 16 and all(type(v) is int for v in move):  # type: ignore
            removal = tuple(sorted(move))  # type: ignore[call-overload]
            if removal in position.legal_moves():
                return removal
            problem = position.explain(removal) or "it is not one of the legal removals"
            return f"it returned {_shown(value)}, which the rules refuse here: {problem}"
    moves = ", ".join(str(m) if game == "dice" else " ".join(map(str, m)) for m in position.legal_moves()[:8])
    if value is None:  # a function that ends without return (or with a bare return) gives None
        return (f"it returned nothing (None): is a return missing? Every way through my_player must end with "
                f"return and a move (here: {moves}{', ...' if len(position.legal_moves()) > 8 else ''})")
    return (f"it returned {_shown(value)}, which is not a move: return one of position.legal_moves() or its text "
            f"(here: {moves}{', ...' if len(position.legal_moves()) > 8 else ''})")


def _any(position: Any) -> Any:
    # a position already checked against GAMES (mypy narrows an isinstance with a type from a dict to object)
    return position


class PupilPlayer:
    """A pupil's function ``function(position) -> move`` as a computer player of one game.

    Args:
        function: the pupil's function; it is given the position and returns a move (see the module docstring).
        game: ``'dice'`` or ``'fifteens'``.
        name: the player's name (default: the function's name).
        steps, seconds: the budget of each move (see :func:`run_with_budget`).

    :meth:`choose` counts the player's moves (:attr:`moves`, reset by :meth:`new_game`).  Raises
    InvalidArgumentError for a bad argument.

    >>> PupilPlayer(lambda turn: "roll", "dice", name="bold").name
    'bold'
    """

    def __init__(self, function: Callable[[Any], Any], game: Game, name: str | None = None, steps: int = STEPS,
                 seconds: float = SECONDS) -> None:
        if not callable(function) or isinstance(function, type):
            raise InvalidArgumentError("a pupil's player is a function: def my_player(position): return a move",
                                       input=_check.short(function))
        game = _check.choice(game, GAMES, "the game")
        label = getattr(function, "__name__", "my_player") if name is None else name
        self.name = _check.text(label, 40, "the player's name", empty=False)
        self.steps = _check.whole(steps, 1, MAX_STEPS, "the budget of steps")
        self.seconds = _check.number(seconds, 0, MAX_SECONDS, "the budget of seconds", lo_open=True, unit="seconds")
        self.function = function
        self.game: Game = game
        self.moves = 0

    def __repr__(self) -> str:
        return f"PupilPlayer({self.name!r}, {self.game!r})"

    def new_game(self) -> None:
        """Start counting this player's moves from 1 again (a series calls it before each game)."""
        self.moves = 0

    def choose(self, position: Any) -> Any:
        """The pupil's move in ``position``, checked: one of ``position.legal_moves()``.

        Raises InvalidArgumentError for a position of another game or one that is over, and
        :class:`~fifteen_kit.errors.PlayerError` when the pupil's function raises, runs out of its budget or
        returns something that is not a legal move: the message names the move number, the position and why.
        """
        if not isinstance(position, GAMES[self.game]):
            raise InvalidArgumentError(f"a {self.game} player moves in a {GAMES[self.game].__name__}",
                                       input=_check.short(position))
        position = _any(position)
        if position.is_over:
            raise InvalidArgumentError("the game is over: there is no move to choose", input=position.notation(),
                                       position=position.notation())
        self.moves += 1
        try:
            value = _budgeted(self.function, (position,), self.steps, self.seconds)
            move = _as_move(self.game, position, value)
        except _Failure as failure:
            raise self.stopped(position, failure.reason) from None
        if isinstance(move, str):
            raise self.stopped(position, move)
        return move

    def stopped(self, position: Any, reason: str) -> PlayerError:
        """The :class:`~fifteen_kit.errors.PlayerError` saying this player was stopped at its current move in
        ``position`` for ``reason`` (plain words).  Raises InvalidArgumentError for bad arguments.

        >>> from fifteen_kit.nasty15 import Turn
        >>> print(PupilPlayer(print, "dice", name="p").stopped(Turn.start((4, 3, 3, 2, 2, 1)), "it raised"))
        p was stopped at its move 0: it raised (input: None; position: 433221 ...... ...... R)
        """
        if not isinstance(position, GAMES[self.game]):
            raise InvalidArgumentError(f"a {self.game} player moves in a {GAMES[self.game].__name__}",
                                       input=_check.short(position))
        reason = _check.text(reason, 2000, "the reason")
        position = _any(position)
        return PlayerError(f"{self.name} was stopped at its move {self.moves}: {reason}",
                           position=position.notation(), move_number=self.moves, reason=reason)


def as_player(function: Callable[[Any], Any], game: Game, name: str | None = None) -> PupilPlayer:
    """The pupil's ``function(position) -> move`` as a computer player of ``game`` (``'dice'`` or
    ``'fifteens'``), with the default budget per move.  See :class:`PupilPlayer`.

    Raises InvalidArgumentError for something that is not a function or an unknown game.

    >>> from fifteen_kit.fifteens import Position
    >>> def first(position):
    ...     return removals(position)[0]
    >>> as_player(first, "fifteens").choose(Position.deal(seed=1))
    (6, 15)
    """
    return PupilPlayer(function, game, name)
