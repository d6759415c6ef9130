"""The stored comparison of lesson 06: how the solver, the greedy and the random player end on the same deals.

:func:`~fifteen_kit.five_by_15.compare_players` answers from :data:`STUDY` when asked for (part of) it, instead of
playing the 30 full deals again (half a minute).  Built by ``players._build_study`` (the same code that plays any
other comparison); rewrite this file with ``python -m fifteen_kit.five_by_15._study``.  A test rebuilds a sample
of it (tests/test_five_by_15.py).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["STUDY", "STUDY_ARGS", "STUDY_DEALS"]

#: The study's arguments of compare_players: (budget, first_seed, colours, size); deal i is seed first_seed + i.
STUDY_ARGS = (20_000, 100, 5, 15)
#: Deals per level in the study.
STUDY_DEALS = 10
#: Per level, per deal: (solver status, greedy player's ending, random player's ending).
STUDY: dict[int, tuple[tuple[str, str, str], ...]] = {
    1: (
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'stuck', 'loop'),
        ('won', 'stuck', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'won', 'loop'),
    ),
    2: (
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
    ),
    3: (
        ('won', 'loop', 'loop'),
        ('unknown', 'loop', 'loop'),
        ('won', 'loop', 'stuck'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('unknown', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
        ('won', 'loop', 'loop'),
    ),
}



def _write() -> None:
    from .players import _build_study

    study = _build_study()
    path = Path(__file__)
    text = path.read_text()
    head, _, tail = text.partition("STUDY: dict[int, tuple[tuple[str, str, str], ...]] = ")
    body = "{\n" + "".join(f"    {level}: (\n" + "".join(f"        {ends!r},\n" for ends in rows) + "    ),\n"
                           for level, rows in study.items()) + "}"
    path.write_text(head + "STUDY: dict[int, tuple[tuple[str, str, str], ...]] = " + body
                    + tail[tail.index("\n\n\n"):])


if __name__ == "__main__":
    _write()
