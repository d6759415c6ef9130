"""Explicit chance: every random choice in the kit comes from a seeded ``random.Random``.

The same seed gives the same game on every machine (``random.Random`` is
specified to be reproducible across platforms for the same seed and version).

>>> rng = make_rng(15)
>>> rng.randint(1, 6) == make_rng(15).randint(1, 6)
True
"""

from __future__ import annotations

import random

from . import _check
from .errors import InvalidArgumentError

__all__ = ["MAX_SEED", "Seed", "derived_seed", "make_rng"]

#: The largest whole-number seed the kit accepts (seeds run from 0 to this).  ``random.Random`` would
#: take a negative seed as its absolute value, so -7 and 7 would deal the same game: the kit refuses them.
MAX_SEED = 2**63 - 1

#: What the kit accepts as a seed: a whole number, a ``random.Random`` to draw from, or None (unseeded).
Seed = int | random.Random | None


def make_rng(seed: Seed = None) -> random.Random:
    """A ``random.Random`` from ``seed``: a whole number 0..:data:`MAX_SEED` seeds a new generator,
    a ``Random`` is used as is.

    ``None`` gives an unseeded generator (different every run).

    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` for anything else
    (negative or huge numbers, floats, strings, bools, lists...).

    >>> make_rng(1).random() == make_rng(1).random()
    True
    >>> make_rng(1.5)
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: a seed is a whole number 0..2**63-1, a Random or None (input: 1.5)
    >>> make_rng(-7)
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: a seed is a whole number 0..2**63-1, a Random or None (input: -7)
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random()
    if not _check.is_whole(seed) or not 0 <= seed <= MAX_SEED:
        raise InvalidArgumentError("a seed is a whole number 0..2**63-1, a Random or None",
                                   input=seed)
    return random.Random(seed)


def derived_seed(seed: int, index: int, stride: int) -> int:
    """The seed of game number ``index`` in a series started from ``seed``: ``seed * stride + index``.

    A series (a study of many deals, a board's successive games) gives each game its own repeatable seed;
    while ``index`` stays below ``stride`` and nothing wraps, two series never share a seed.  A result above
    :data:`MAX_SEED` wraps around (it is taken modulo ``MAX_SEED + 1``), so every accepted starting seed
    gives seeds that :func:`make_rng` accepts.

    ``seed`` and ``index`` are whole numbers 0..:data:`MAX_SEED`, ``stride`` a whole number 1..:data:`MAX_SEED`.
    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` otherwise.

    >>> derived_seed(7, 3, 1_000_003)
    7000024
    >>> make_rng(derived_seed(MAX_SEED, 1, 1000)).random() < 1
    True
    """
    _check.whole(seed, 0, MAX_SEED, "the seed")
    _check.whole(index, 0, MAX_SEED, "the game number")
    _check.whole(stride, 1, MAX_SEED, "the stride")
    return (seed * stride + index) % (MAX_SEED + 1)
