"""The Game of 15's position graph up to symmetry: rules (which position follows which), not results.

The 5,478 positions reachable from the empty pool (the first player fixed) fall into 765 classes under the 8
symmetries of the square, and symmetric positions have the same value, so the solver values classes.  A class
is named by its canonical key, the smallest ``mover | opponent << 9`` (9-bit digit masks) over the symmetries.
Classes are numbered level by level (digits drafted, 0..9); within a level the live classes (the round goes on)
come first, then the finished ones (the last drafter holds a fifteen, or the pool is empty), each group in key
order.  So every child has a larger number than its parent, and a backward pass over the levels, deepest
first, values every class after all of its children.

The tables are shipped in ``_graph_data.py`` so that a fresh process does not rebuild them before its first
solve; :func:`build` makes them from the rules, :func:`write` rewrites the file
(``python -c 'from fifteen_kit.game_of_15._graph import write; write()'``), and
tests/test_game_of_15_solver.py rebuilds and compares them.

>>> g = graph()
>>> len(g.keys), g.positions, g.class_of[0]
(765, 5478, 0)
"""

from __future__ import annotations

import sys
from array import array
from operator import itemgetter
from pathlib import Path
from typing import Any, NamedTuple

from .square import _BITS, _FULL, _HAS_FIFTEEN, _mask_images

__all__ = ["Graph", "build", "canonical_key", "graph", "load", "write"]

_Tables = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]


def canonical_key(me: int, opp: int) -> int:
    """The canonical key of the position ``(me to move, opp drafted last)``: the smallest image's key."""
    return min(t[me] | t[opp] << 9 for t in _mask_images())


def build() -> _Tables:
    """The graph from the rules: ``(keys, levels, kids, sizes)``.

    ``keys[i]`` is class i's canonical key; ``levels[n] = (first, live_end, end)``: classes ``first..end-1``
    have n digits drafted, those before ``live_end`` are live; ``kids[i]`` lists the classes one draft after
    class i, ascending (empty for a finished round); ``sizes[i]`` is how many positions class i stands for.
    """
    images = _mask_images()
    keys: list[int] = []
    levels: list[tuple[int, int, int]] = []
    kid_keys: list[set[int]] = []
    level = {0}
    while level:
        first = len(keys)
        live = sorted(k for k in level if not _HAS_FIFTEEN[k >> 9] and (k & _FULL) | k >> 9 != _FULL)
        done = sorted(level - set(live))
        keys += live + done
        levels.append((first, first + len(live), len(keys)))
        level = set()
        for k in live:
            me, opp = k & _FULL, k >> 9
            kids = {canonical_key(opp, me | bit) for bit in _BITS if not (me | opp) & bit}
            kid_keys.append(kids)
            level |= kids
        kid_keys += [set() for _ in done]
    index = {k: i for i, k in enumerate(keys)}
    kids_out = tuple(tuple(sorted(index[c] for c in kids)) for kids in kid_keys)
    sizes = tuple(len({t[k & _FULL] | t[k >> 9] << 9 for t in images}) for k in keys)
    return tuple(keys), tuple(levels), kids_out, sizes


class Graph(NamedTuple):
    """The graph ready for solving: class keys and their numbers, the backward pass's steps, the start values."""

    keys: tuple[int, ...]
    class_of: dict[int, int]
    #: ``(first, getters)`` per level with live classes, deepest first; ``getters[j](values)`` is the tuple of
    #: class ``first + j``'s children's values (at least two entries: a single child is listed twice).
    steps: tuple[tuple[int, tuple[Any, ...]], ...]
    #: the value of every finished class (-10: the side to move has lost; 0: a draw), 0 for the live ones
    base: tuple[int, ...]
    positions: int


_GRAPH: Graph | None = None


def _array(typecode: str, hexdigits: str) -> array[int]:
    # little-endian machine words from hex digits (whitespace ignored)
    out = array(typecode, bytes.fromhex(hexdigits))
    if sys.byteorder == "big":
        out.byteswap()
    return out


def load() -> _Tables:
    """The shipped tables, decoded into the shape :func:`build` returns."""
    from . import _graph_data as data

    levels = data.LEVELS
    flat = _array("H", data.KIDS)
    kids: list[tuple[int, ...]] = []
    at = 0
    for first, live_end, end in levels:
        for _ in range(first, live_end):
            kids.append(tuple(flat[at + 1:at + 1 + flat[at]]))
            at += 1 + flat[at]
        kids += [()] * (end - live_end)
    return tuple(_array("I", data.KEYS)), levels, tuple(kids), tuple(bytes.fromhex(data.SIZES))


def graph() -> Graph:
    """The shipped graph, loaded once per process."""
    global _GRAPH
    if _GRAPH is None:
        keys, levels, kids, sizes = load()
        steps = tuple(
            (first, tuple(itemgetter(*kids[i]) if len(kids[i]) > 1 else itemgetter(kids[i][0], kids[i][0])
                          for i in range(first, live_end)))
            for first, live_end, _ in reversed(levels) if live_end > first
        )
        base = tuple(-10 if _HAS_FIFTEEN[k >> 9] else 0 for k in keys)
        _GRAPH = Graph(keys, {k: i for i, k in enumerate(keys)}, steps, base, sum(sizes))
    return _GRAPH


def write(path: Path | None = None) -> Path:
    """Rebuild the tables and write them as ``_graph_data.py`` (next to this module unless ``path`` is given).

    The keys, children lists and sizes are stored as hex digits of little-endian words (a single string
    each compiles at once, where thousands of small tuples take a fresh interpreter many milliseconds).
    """
    keys, levels, kids, sizes = build()
    flat = array("H", [x for k in kids if k for x in (len(k), *k)])  # live classes only: count, then children
    words = array("I", keys)
    if sys.byteorder == "big":
        flat.byteswap()
        words.byteswap()
    out = path or Path(__file__).with_name("_graph_data.py")

    def text(name: str, raw: bytes) -> str:
        digits = raw.hex()
        return f"{name} = (\n" + "".join(f'    "{digits[i:i + 100]}"\n' for i in range(0, len(digits), 100)) + ")\n"

    out.write_text(
        '"""The Game of 15 graph up to symmetry (see _graph.py).  Generated by\n'
        ":func:`fifteen_kit.game_of_15._graph.write`: do not edit by hand.\"\"\"\n\n"
        + '__all__ = ["KEYS", "KIDS", "LEVELS", "SIZES"]\n\n'
        + text("KEYS", words.tobytes())
        + "LEVELS = (\n" + "".join(f"    {x!r},\n" for x in levels) + ")\n"
        + text("KIDS", flat.tobytes())
        + text("SIZES", bytes(sizes))
    )
    return out
