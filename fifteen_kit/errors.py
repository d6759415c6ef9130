"""One exception tree for every mistake a user of the kit can make.

Every error here subclasses :class:`ValueError`, so ``except ValueError`` catches
them all.  Each carries the offending input (:attr:`FifteenKitError.input`) and the
position it was tried in (:attr:`FifteenKitError.position`, the position's text
notation, or ``None`` where no position is involved), and both appear in the
message.  Whatever raised the error has left every object unchanged.

>>> from fifteen_kit.errors import IllegalMoveError
>>> err = IllegalMoveError("digit 5 is already drafted", input=5, position="5/- I")
>>> isinstance(err, ValueError)
True
>>> print(err)
digit 5 is already drafted (input: 5; position: 5/- I)
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "MAX_SHOWN",
    "ClaimError",
    "FifteenKitError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "NotationError",
    "PlayerError",
    "QuestionFileError",
    "UnsafeError",
    "WrongStatementError",
]


#: The longest form of the bad input a message repeats (a million typed characters are not echoed back).
MAX_SHOWN = 200


def _shown(value: Any) -> str:
    # repr of the input for the message, cut short with its full length when it is long
    try:
        text = repr(value)
    except Exception:  # a huge int, or a broken __repr__, must not hide the real error
        if isinstance(value, int):
            return f"<a whole number of about {int(value.bit_length() * 0.30103) + 1} digits>"
        return f"<{type(value).__name__} object>"
    if len(text) > MAX_SHOWN:
        text = f"{text[:MAX_SHOWN]}... ({len(text)} characters)"
    return text


class FifteenKitError(ValueError):
    """Base class of every user error in the kit (a :class:`ValueError`).

    Args:
        message: what is wrong, in the game's own terms.
        input: the bad input exactly as it was given.
        position: text notation of the position the input was tried in, or ``None``.

    >>> e = FifteenKitError("no such digit", input=12, position="-/- O")
    >>> (e.input, e.position)
    (12, '-/- O')
    """

    def __init__(self, message: str, *, input: Any = None, position: str | None = None) -> None:
        self.message = message
        self.input = input
        self.position = position
        details = [f"input: {_shown(input)}"]
        if position is not None:
            details.append(f"position: {position}")
        super().__init__(f"{message} ({'; '.join(details)})")


class IllegalMoveError(FifteenKitError):
    """A move the rules do not allow in this position (e.g. a digit already drafted).

    >>> issubclass(IllegalMoveError, ValueError)
    True
    """


class GameOverError(IllegalMoveError):
    """A move tried after the round, turn or game it belongs to has ended.

    >>> issubclass(GameOverError, IllegalMoveError)
    True
    """


class ClaimError(IllegalMoveError):
    """A claim that cannot even be judged: wrong claimant, digits not held, not three digits.

    (A well-formed claim whose digits do not sum to 15 is not an error: it is a
    *false claim*, which the rules punish by forfeiting the round.)

    >>> issubclass(ClaimError, IllegalMoveError)
    True
    """


class NotationError(FifteenKitError):
    """Text that is not a valid notation for a position or a move.

    >>> issubclass(NotationError, ValueError)
    True
    """


class InvalidArgumentError(FifteenKitError):
    """An argument outside its allowed range or of the wrong kind (e.g. a match target of 0).

    >>> issubclass(InvalidArgumentError, ValueError)
    True
    """


class QuestionFileError(InvalidArgumentError):
    """A mistake in a lesson's question record file (``widgets/workbook/lessonNN.toml``): bad TOML, an unknown
    field or name, a slip equal to the answer.  Its ``position`` is ``file:line``.

    >>> QuestionFileError("lesson03.toml, line 4: no such form", input="numbr", position="lesson03.toml:4").position
    'lesson03.toml:4'
    """


class WrongStatementError(ClaimError):
    """A claim of "Fifteen!" by a player who holds a fifteen but names the wrong digits.

    The Game of 15 rulebook punishes only a claim made *without* holding a valid sum
    (2.7); a player who holds one and states a wrong combination has not won either
    (2.4 phase 3, 2.6.1).  :meth:`fifteen_kit.game_of_15.Round.claim` raises this for
    such a "wrong statement" under the default reading; a
    :class:`~fifteen_kit.game_of_15.Match` turns it into a claim that does not count.

    >>> issubclass(WrongStatementError, ClaimError)
    True
    """


class PlayerError(FifteenKitError):
    """A pupil's player was stopped: it raised an error, returned something that is not a legal move, took too
    long or used too much memory.  The message says which move, in which position, and why, in plain words;
    :attr:`move_number` is the player's own move count in the game (from 1) and :attr:`reason` the why alone.

    >>> e = PlayerError("my_player was stopped", input="plonk", position="433221 ...... ...... R",
    ...                 move_number=1, reason="it returned 'plonk', which is not a move here")
    >>> (e.move_number, issubclass(PlayerError, ValueError))
    (1, True)
    """

    def __init__(self, message: str, *, input: Any = None, position: str | None = None, move_number: int = 0,
                 reason: str = "") -> None:
        super().__init__(message, input=input, position=position)
        self.move_number = move_number
        self.reason = reason or message


class UnsafeError(FifteenKitError):
    """Untrusted players (handed-in source text) cannot be run safely here: the operating-system boundary of
    :mod:`fifteen_kit.sandbox` is not available, so the kit refuses to run them at all.

    >>> issubclass(UnsafeError, ValueError)
    True
    """
