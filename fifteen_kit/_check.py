"""Argument checks shared by every engine module (private).

Each raises an error from :mod:`fifteen_kit.errors` naming the input.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .errors import FifteenKitError, InvalidArgumentError


def whole(value: Any, lo: int, hi: int | None, what: str, error: type[FifteenKitError] = InvalidArgumentError,
          position: str | None = None) -> int:
    """``value`` if it is an int (not a bool) in ``lo..hi`` (``hi`` None: no upper bound)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        span = f"from {lo} to {hi}" if hi is not None else f"of at least {lo}"
        raise error(f"{what} must be a whole number {span}", input=value, position=position)
    return value


def flag(value: Any, what: str) -> bool:
    """``value`` if it is exactly True or False."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be True or False", input=value)
    return value


def seconds(value: Any, what: str, *, positive: bool, position: str | None = None) -> float:
    """``value`` as a finite float >= 0 (or > 0 if ``positive``)."""
    ok = not isinstance(value, bool) and isinstance(value, (int, float))
    if ok:
        try:
            number = float(value)
        except OverflowError:
            ok = False
        else:
            ok = math.isfinite(number) and (number > 0 if positive else number >= 0)
    if not ok:
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
    instance = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(instance, name, value)
    return instance


def choice(value: Any, options: Iterable[Any], what: str) -> Any:
    """``value`` if it equals one of ``options`` (compared by type and value, so True is not 1)."""
    allowed = list(options)
    for option in allowed:
        if type(value) is type(option) and value == option:
            return option
    names = ", ".join(repr(o) for o in allowed)
    raise InvalidArgumentError(f"{what} must be one of {names}", input=value)


def text(value: Any, limit: int, what: str, error: type[FifteenKitError] = InvalidArgumentError,
         position: str | None = None) -> str:
    """``value`` if it is a str of at most ``limit`` characters (bounded input never freezes a kernel)."""
    if not isinstance(value, str):
        raise error(f"{what} must be text", input=value, position=position)
    if len(value) > limit:
        raise error(f"{what} is longer than {limit} characters", input=value[:limit] + "...", position=position)
    return value
