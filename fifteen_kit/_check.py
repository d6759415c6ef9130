"""Argument checks shared by every engine module (private).

Each raises an error from :mod:`fifteen_kit.errors` naming the input.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, TypeGuard

from .errors import FifteenKitError, InvalidArgumentError

__all__ = ["choice", "finite", "flag", "is_whole", "items", "number", "seconds", "short", "text", "unchecked", "whole"]


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int`` that is not a ``bool`` (True is not 1 here).

    For checks whose message is their own; :func:`whole` checks a range and raises the kit's error.
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, lo: int, hi: int | None, what: str, error: type[FifteenKitError] = InvalidArgumentError,
          position: str | None = None) -> int:
    """``value`` if it is an int (not a bool) in ``lo..hi`` (``hi`` None: no upper bound)."""
    if not is_whole(value) or value < lo or (hi is not None and value > hi):
        span = f"from {lo} to {hi}" if hi is not None else f"of at least {lo}"
        raise error(f"{what} must be a whole number {span}", input=value, position=position)
    return value


def flag(value: Any, what: str) -> bool:
    """``value`` if it is exactly True or False."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be True or False", input=value)
    return value


def finite(value: object) -> float | None:
    """``value`` as a finite float if it is an int or float (not a bool) that fits one; otherwise None.

    Huge ints, nan and infinities give None (never an OverflowError).
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def seconds(value: Any, what: str, *, positive: bool, position: str | None = None) -> float:
    """``value`` as a finite float >= 0 (or > 0 if ``positive``)."""
    number = finite(value)
    if number is None or not (number > 0 if positive else number >= 0):
        rule = "a finite number of seconds above 0" if positive else "a finite number of seconds, 0 or more"
        raise InvalidArgumentError(f"{what} must be {rule}", input=value, position=position)
    return number


def items(value: Any, limit: int, what: str, error: type[FifteenKitError] = InvalidArgumentError,
          position: str | None = None) -> list:
    """The elements of an iterable, at most ``limit`` of them (endless iterables are refused)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise error(f"{what} must be a collection", input=value, position=position)
    out = []
    for element in value:
        out.append(element)
        if len(out) > limit:
            raise error(f"{what} has more than {limit} elements", input=value, position=position)
    return out


def unchecked(cls: type, **values: Any) -> Any:
    """An instance of the frozen dataclass ``cls`` built without its validation.

    Only for values the engine derived itself from a valid one by a legal move (tiles and cards
    are moved, never created or lost); property tests check the invariants on every move.
    """
    instance: Any = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(instance, name, value)
    return instance


def choice(value: Any, options: Iterable[Any], what: str, error: type[FifteenKitError] = InvalidArgumentError,
           position: str | None = None) -> Any:
    """The option equal to ``value`` (compared by type and value, so True is not 1; safe for unhashables)."""
    allowed = tuple(options)
    for option in allowed:
        if type(value) is type(option) and value == option:
            return option
    names = ", ".join(repr(o) for o in allowed)
    raise error(f"{what} must be one of {names}", input=short(value), position=position)


def number(value: Any, lo: float, hi: float, what: str, *, lo_open: bool = False, unit: str = "",
           position: str | None = None) -> float:
    """``value`` as a float if it is a finite int or float (not a bool) in ``lo..hi`` (above ``lo`` if ``lo_open``).

    Huge ints, nan and infinities are refused with the range in the message (never an OverflowError).
    """
    number = finite(value)
    if number is None or not ((number > lo if lo_open else number >= lo) and number <= hi):
        low = f"above {lo:g}" if lo_open else f"from {lo:g}"
        raise InvalidArgumentError(f"{what} must be a finite number {low} to {hi:g}{' ' + unit if unit else ''}",
                                   input=value, position=position)
    return number


def text(value: Any, limit: int, what: str, error: type[FifteenKitError] = InvalidArgumentError,
         position: str | None = None, *, empty: bool = True) -> str:
    """``value`` if it is a string of at most ``limit`` characters (and not empty unless ``empty``).

    Bounded text never freezes a kernel; a long input is shown cut short in the message.
    """
    if not isinstance(value, str) or len(value) > limit or (not empty and not value.strip()):
        rule = f"text of at most {limit} characters" + ("" if empty else ", not empty")
        raise error(f"{what} must be {rule}", input=short(value), position=position)
    return value


def short(value: Any, limit: int = 80) -> Any:
    """``value`` for an error message: a long string is cut to ``limit`` characters (with its length)."""
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + f"... ({len(value)} characters)"
    if isinstance(value, bytes) and len(value) > limit:
        return value[:limit] + b"..."
    return value
