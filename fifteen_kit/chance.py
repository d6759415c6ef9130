"""Explicit chance: every random choice in the kit comes from a seeded ``random.Random``.

The same seed gives the same game on every machine (``random.Random`` is
specified to be reproducible across platforms for the same seed and version).

>>> rng = make_rng(15)
>>> rng.randint(1, 6) == make_rng(15).randint(1, 6)
True
"""

from __future__ import annotations

import random

from .errors import InvalidArgumentError

__all__ = ["Seed", "make_rng"]

#: What the kit accepts as a seed: a whole number, a ``random.Random`` to draw from, or None (unseeded).
Seed = int | random.Random | None


def make_rng(seed: Seed = None) -> random.Random:
    """A ``random.Random`` from ``seed``: an int seeds a new generator, a ``Random`` is used as is.

    ``None`` gives an unseeded generator (different every run).

    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` for anything else
    (floats, strings, bools, lists...).

    >>> make_rng(1).random() == make_rng(1).random()
    True
    >>> make_rng(1.5)
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: a seed is a whole number, a random.Random or None (input: 1.5)
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError("a seed is a whole number, a random.Random or None", input=seed)
    return random.Random(seed)
