"""A reference solver for the Game of 15: a plain numpy retrograde analysis (bench only; the kit never imports it).

Written independently of the kit (its own lines, masks and score rule).  A position is a pair of 9-bit digit
masks, ``me`` (to move) and ``opp`` (drafted last), stored at ``me | opp << 9`` in one array of all 2**18 pairs.
:func:`build` lists, for each number of digits drafted, the positions where play goes on and their nine
children (a missing child points at a slot holding a large number); :func:`solve` then runs the backward pass
with numpy: from the fullest pools to the empty one, each level's values are the best (smallest) of its
children's, turned round for the mover.  No symmetry, no pruning: every pair of masks with counts a round can
have is valued (the 5,478 reachable positions among them).

Scores as in the kit: ``10 - n`` a win in n plies, ``-(10 - n)`` a loss in n plies, 0 a draw.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

SIZE = 1 << 18
MISSING = SIZE  # the slot a missing child points at


def _lines() -> list[int]:
    return [sum(1 << (d - 1) for d in t) for t in combinations(range(1, 10), 3) if sum(t) == 15]


def build() -> dict[str, Any]:
    """Index arrays for :func:`solve`: the start values and, per level (deepest first), live positions and children."""
    masks = np.arange(512)
    won = np.zeros(512, dtype=bool)
    for line in _lines():
        won |= (masks & line) == line
    ones = np.array([bin(m).count("1") for m in range(512)])
    me, opp = (a.ravel() for a in np.meshgrid(masks, masks, indexing="ij"))
    fits = ((me & opp) == 0) & ((ones[opp] == ones[me]) | (ones[opp] == ones[me] + 1))
    me, opp = me[fits], opp[fits]
    key = me | opp << 9
    taken = me | opp
    over = won[opp] | (taken == 511)
    start = np.zeros(SIZE + 1, dtype=np.int16)
    start[MISSING] = 100
    start[key[won[opp]]] = -10
    levels = []
    for n in range(8, -1, -1):
        pick = ~over & (ones[taken] == n)
        m, o = me[pick], opp[pick]
        bits = 1 << np.arange(9)
        child = o[:, None] | (m[:, None] | bits) << 9
        child[((m | o)[:, None] & bits) != 0] = MISSING
        levels.append((key[pick], child))
    return {"start": start, "levels": levels, "reachable_slots": key}


def solve(tables: dict[str, Any]) -> np.ndarray:
    """The backward pass: the score of every position, indexed by ``me | opp << 9``."""
    values = tables["start"].copy()
    for keys, children in tables["levels"]:
        worst = values[children].min(axis=1)
        values[keys] = np.where(worst < 0, -worst - 1, np.where(worst > 0, -worst + 1, 0))
    return values
